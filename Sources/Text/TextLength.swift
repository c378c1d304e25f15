/// How long text a client sends is, as every limit on it measures it: in Unicode scalars (what both
/// search indexes, SQLite's `length` and PostgreSQL's `length` count), never in grapheme clusters. A
/// grapheme has no length bound (a run of Hangul jamo or of combining marks of any length is one
/// `Character`), so a limit in `Character`s bounds nothing: a username of "4 characters" was 90 KB.
///
/// Each check reads at most four bytes per scalar of its limit, whatever the text's length: the
/// UTF-8 length (known without reading) rules a text out first.
public enum TextLength {
    /// Whether `text` has at most `maximum` Unicode scalars.
    public static func fits<Text: StringProtocol>(_ text: Text, atMost maximum: Int) -> Bool {
        Self.fits(text, in: 0...max(0, maximum))
    }

    /// Whether `text` has a number of Unicode scalars within `range`.
    public static func fits<Text: StringProtocol>(_ text: Text, in range: ClosedRange<Int>) -> Bool {
        let bytes = text.utf8.count
        // A scalar takes one to four bytes.
        guard bytes >= range.lowerBound, bytes <= 4 * range.upperBound else { return false }
        return range.contains(text.unicodeScalars.count)
    }

    /// The first `maximum` Unicode scalars of `text` (for a text kept or echoed in part: a column's
    /// width, a refusal naming what was sent).
    public static func prefix<Text: StringProtocol>(_ text: Text, _ maximum: Int) -> String {
        Self.fits(text, atMost: maximum) ? String(text) : String(String.UnicodeScalarView(text.unicodeScalars.prefix(maximum)))
    }

    /// Whether `text` has fewer than `minimum` Unicode scalars.
    public static func isShorter<Text: StringProtocol>(_ text: Text, than minimum: Int) -> Bool {
        text.utf8.count < minimum || (text.utf8.count < 4 * minimum && text.unicodeScalars.count < minimum)
    }
}
