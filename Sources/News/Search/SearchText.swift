import Foundation

/// Text as search compares it: lower case, without accents or other diacritics, runs of whitespace
/// and control characters as one space. Articles are stored folded (`news.search_text`) and searched
/// words are folded the same way, so `Café` finds `cafe` and `CAFÉ`.
public enum SearchText {
    public static func fold(_ text: String) -> String {
        Self.words(text).joined(separator: " ")
    }

    /// `text` folded, as its words: parted by whitespace and control characters (nobody searches for
    /// one, and a NUL inside a searched word is refused by SQLite's FTS5 query parser and by
    /// PostgreSQL's text). Parted scalar by scalar: a combining mark after a space or a control
    /// character is one character with it, which a split by characters would keep inside a word.
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        func close() {
            if !word.isEmpty { words.append(Self.settled(String(word))) }
            word = String.UnicodeScalarView()
        }
        for scalar in Self.foldedOnce(text).unicodeScalars {
            guard scalar.properties.isWhitespace || scalar.properties.generalCategory == .control else {
                word.append(scalar)
                continue
            }
            close()
        }
        close()
        return words
    }

    /// Foundation's folding: lower case, without diacritics, of normal width.
    private static func foldedOnce(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
    }

    /// `word` (folded once) as folding leaves it for good. Foundation takes one mark a pass off a stack
    /// on some letters (U+0559 with two U+035C keeps one), so a word still holding a mark is folded again,
    /// a few passes at most, and then loses its marks: a folded word folds to itself, which comparing a
    /// searched word with the stored text needs, and a stack of marks costs a bounded number of passes.
    private static func settled(_ word: String) -> String {
        var word = word
        for _ in 0..<Self.foldingPasses {
            guard word.unicodeScalars.contains(where: Self.isMark) else { return word }
            let again = Self.foldedOnce(word)
            if again == word { return word }
            word = again
        }
        return String(String.UnicodeScalarView(word.unicodeScalars.filter { !Self.isMark($0) }))
    }

    /// How many more times a word holding a mark is folded before its marks are dropped.
    private static let foldingPasses = 3

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// The shortest word the trigram indexes can look up (SQLite's FTS5 `trigram` tokenizer,
    /// PostgreSQL's `pg_trgm` both index text by its runs of three characters): a searched word this
    /// long or longer is found anywhere, even inside a word; a shorter one is found as a whole word
    /// (``shortWords(_:)``), so `AI` finds "AI" and "AI-made" but not "said".
    public static let indexedWordLength = 3

    /// Whether `word` (folded) is looked up by its trigrams: it has ``indexedWordLength`` characters
    /// (Unicode scalars, which is what both indexes count) or more.
    public static func isIndexed(_ word: String) -> Bool {
        word.unicodeScalars.count >= Self.indexedWordLength
    }

    /// Whether `scalar` belongs inside a word: a letter, a mark, a digit or a private-use character
    /// (the classes SQLite's `unicode61` tokenizer keeps in its tokens, marks added so a letter keeps
    /// a mark the folding left). Everything else (punctuation, symbols, spaces) parts words.
    public static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark, .spacingMark,
            .enclosingMark, .decimalNumber, .letterNumber, .otherNumber, .privateUse:
            return true
        default:
            return false
        }
    }

    /// `word` (one of ``words(_:)``) as a search looks for it: ``trimmed(_:)`` and folded again until
    /// neither changes it. Foundation folds a mark by what stands before it, so a word whose first
    /// letter was trimmed away may fold further (U+055B U+0599 U+035C U+035C keeps both U+035C, U+0599
    /// U+035C U+035C loses them); a searched word must fold to itself to be compared with the stored
    /// text. A few passes at most: each either trims or takes marks off, and a word still changing
    /// after them keeps only its unmarked scalars.
    public static func searchWord(_ word: String) -> String {
        var word = word
        for _ in 0..<Self.foldingPasses {
            let again = Self.settled(Self.trimmed(word))
            if again == word { return word }
            word = again
        }
        return Self.trimmed(String(String.UnicodeScalarView(word.unicodeScalars.filter { !Self.isMark($0) })))
    }

    /// `word` without the punctuation and symbols at its ends (`"AI,"` is searched as `ai`, `(5G)` as
    /// `5g`); those inside stay (`e-mail`). Empty when it has no letter or digit.
    public static func trimmed(_ word: String) -> String {
        let scalars = word.unicodeScalars
        guard let first = scalars.firstIndex(where: Self.isWordScalar), let last = scalars.lastIndex(where: Self.isWordScalar) else { return "" }
        return String(scalars[first...last])
    }

    /// The distinct whole words of one or two characters of `folded` (text already ``fold(_:)``ed),
    /// parted at every scalar that is not ``isWordScalar(_:)``, joined by spaces in the order first
    /// met: what an article keeps in `news.search_words` for its short words to be found whole.
    public static func shortWords(_ folded: String) -> String {
        var seen: Set<String> = []
        var words: [String] = []
        var word = String.UnicodeScalarView()
        var length = 0
        func close() {
            if length > 0, length < Self.indexedWordLength, seen.insert(String(word)).inserted { words.append(String(word)) }
            word = String.UnicodeScalarView()
            length = 0
        }
        for scalar in folded.unicodeScalars {
            guard Self.isWordScalar(scalar) else {
                close()
                continue
            }
            length += 1
            if length < Self.indexedWordLength { word.append(scalar) }
        }
        close()
        return words.joined(separator: " ")
    }

    /// An article's search text: its title, summary, body and author folded and joined by spaces,
    /// and where the title and the summary end in it (in characters), so relevance can tell a word
    /// found in the title from one found in the summary or the body; and its short words
    /// (``shortWords(_:)``). A searched word has no space, so it never spans two fields.
    public struct Fields: Sendable, Equatable {
        public var text: String
        public var titleEnd: Int
        public var summaryEnd: Int
        public var shortWords: String

        public init(title: String, summary: String, body: String, author: String) {
            let title = SearchText.fold(title)
            let summary = SearchText.fold(summary)
            self.text = [title, summary, SearchText.fold(body), SearchText.fold(author)].joined(separator: " ")
            self.titleEnd = title.unicodeScalars.count
            self.summaryEnd = self.titleEnd + 1 + summary.unicodeScalars.count
            self.shortWords = SearchText.shortWords(self.text)
        }
    }

    /// `word` as a `LIKE` pattern matching it anywhere, with `%`, `_` and the escape character `!`
    /// escaped (the statement says `ESCAPE '!'`): searched text is never a pattern.
    static func containsPattern(_ word: String) -> String {
        var pattern = "%"
        for character in word {
            if character == "%" || character == "_" || character == "!" { pattern.append("!") }
            pattern.append(character)
        }
        return pattern + "%"
    }

    /// Every run of three characters (Unicode scalars, as the `trigram` tokenizer counts) of `word`,
    /// in order.
    static func trigrams(of word: String) -> [String] {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count >= Self.indexedWordLength else { return [] }
        return (0...scalars.count - Self.indexedWordLength).map { start in
            var trigram = String.UnicodeScalarView()
            trigram.append(contentsOf: scalars[start..<start + Self.indexedWordLength])
            return String(trigram)
        }
    }

    /// `terms` (trigrams, or short words) as an FTS5 query for the rows that may hold them all: each a
    /// quoted string (a `"` doubled), all required. The index keeps no positions, so a row holding a word's trigrams apart
    /// is found too: the statement checks each word on the rows found (``NewsSearchStore``). `%`, `_`,
    /// `*` or `:` are plain characters here.
    static func ftsQuery(_ terms: [String]) -> String {
        terms.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " AND ")
    }
}
