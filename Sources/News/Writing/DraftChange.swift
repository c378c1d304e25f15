/// What one autosave of an editor carries: the fields sent whole, the spans of long texts that changed
/// since the keep it was made on, and the fields no longer in the form. Typing a word in a megabyte
/// body sends the word, not the megabyte (issue 64: fifty editors autosaving must not slow the apps).
public struct DraftChange: Sendable, Equatable {
    /// The keep (``ArticleDraft/kept``) the change was made on; nil: the whole form, replacing
    /// whatever was kept.
    public var basedOn: Int?
    /// Fields sent whole, by name.
    public var whole: [String: String]
    /// Fields of which a span changed.
    public var splices: [DraftSplice]
    /// Fields kept before and no longer in the form (a box unticked).
    public var removed: [String]

    public init(basedOn: Int? = nil, whole: [String: String], splices: [DraftSplice] = [], removed: [String] = []) {
        self.basedOn = basedOn
        self.whole = whole
        self.splices = splices
        self.removed = removed
    }
}

/// A span of a kept field's text replaced: the Unicode scalars `start..<end` of the kept text, which
/// was `keptLength` scalars long when the change was made, by `text`. Scalars are what both engines'
/// `substr` and `length` count, and what an editor's script counts (UTF-16 code units, a surrogate
/// pair one).
public struct DraftSplice: Sendable, Equatable {
    public let field: String
    public let start: Int
    public let end: Int
    public let keptLength: Int
    public let text: String

    /// The splice `range` (`start,end,keptLength`, as the editor's script sends it) of `field` by
    /// `text`; nil when it is not three numbers in order within the kept text or would leave a text
    /// longer than ``ArticleDraft/fieldMaximum``.
    public init?(field: String, range: String, text: String) {
        let numbers = range.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 3, let start = numbers[0], let end = numbers[1], let keptLength = numbers[2],
            0 <= start, start <= end, end <= keptLength,
            keptLength - (end - start) + text.unicodeScalars.count <= ArticleDraft.fieldMaximum
        else { return nil }
        self.field = field
        self.start = start
        self.end = end
        self.keptLength = keptLength
        self.text = text
    }

    /// Whether it changes nothing (a long field sent unchanged is kept by an empty splice).
    var changesNothing: Bool {
        self.start == self.end && self.text.isEmpty
    }
}

/// An autosave made on a keep the draft has moved on from (another device kept it since, or an
/// answer was lost), or naming a field or span the draft does not hold: nothing of it is kept, and
/// the editor sends the form whole.
public struct DraftMovedOn: Error, Equatable {
    public init() {}
}
