/// A search as the stores run it: its words, folded, and what SQLite's trigram index is asked for
/// them. Made when the request is read, before any database connection is taken, and bounded whatever
/// the client sent: at most ``maximumWords`` words, and an index query of at most ``maximumTrigrams``
/// trigrams, found in one pass over the words (each trigram kept once through a set: searching a list
/// of those already taken made a long word cost its length squared, and a query of 16,000 Hangul jamo
/// — one `Character` — cost 8 s of a processor).
///
/// The index narrows the articles to those holding the chosen trigrams (or, for a search of short words
/// only, those short words); every word is then checked on those (``NewsSearchStore``), so leaving
/// trigrams out of the index query changes what a search costs, never what it finds.
public struct SearchQuery: Sendable, Hashable {
    /// The words, folded and trimmed (``SearchText/words(_:)``, ``SearchText/trimmed(_:)``), each
    /// once, in the order given.
    public let words: [String]
    /// The words of ``SearchText/indexedWordLength`` characters or more: found anywhere in an article.
    public let longWords: [String]
    /// The shorter words: found as whole words (``SearchText/shortWords(_:)``).
    public let shortWords: [String]
    /// The FTS5 query of SQLite's trigram index (``SearchText/ftsQuery(_:)``); nil when every word
    /// is short.
    package let trigramMatch: String?
    /// The FTS5 query of SQLite's short-word index, which serves searches of short words only.
    package let shortWordMatch: String

    /// The most words a search looks for: those after it are left out.
    public static let maximumWords = 20
    /// The most trigrams the index is asked for, spread over the words.
    public static let maximumTrigrams = 12

    /// The search for `text`'s words (folded, trimmed, each once, the first ``maximumWords``); nil
    /// when it has no word with a letter or a digit.
    public init?(_ text: String) {
        var seen: Set<String> = []
        var words: [String] = []
        for word in SearchText.words(text).lazy.map(SearchText.searchWord) where words.count < Self.maximumWords && !word.isEmpty {
            if seen.insert(word).inserted { words.append(word) }
        }
        self.init(words: words)
    }

    /// The search for `words`, already folded, trimmed and distinct; nil when there are none.
    public init?(words: [String]) {
        guard !words.isEmpty else { return nil }
        self.words = words
        self.longWords = words.filter(SearchText.isIndexed)
        self.shortWords = words.filter { !SearchText.isIndexed($0) }
        self.trigramMatch = self.longWords.isEmpty ? nil : SearchText.ftsQuery(Self.trigrams(of: self.longWords))
        self.shortWordMatch = SearchText.ftsQuery(self.shortWords)
    }

    /// The words `text` (folded) holds, by the rules the stores search by: a long word anywhere
    /// (compared byte for byte, as `instr` and `LIKE` do), a short word whole.
    public func wordsHeld(by text: Substring) -> Set<String> {
        let bytes = text.utf8
        var held = Set(self.longWords.filter { bytes.firstRange(of: $0.utf8) != nil })
        if !self.shortWords.isEmpty {
            let whole = Set(SearchText.shortWords(String(text)).split(separator: " ").map(String.init))
            held.formUnion(self.shortWords.filter(whole.contains))
        }
        return held
    }

    /// Up to ``maximumTrigrams`` distinct trigrams of `words` (each ``SearchText/isIndexed(_:)``):
    /// every word gets its share of the trigrams no earlier word took, at even steps along them, so its
    /// start and its end are both looked up; the words past the first ``maximumTrigrams`` are only
    /// checked on what the others find.
    package static func trigrams(of words: [String]) -> [String] {
        let indexed = words.prefix(Self.maximumTrigrams)
        guard !indexed.isEmpty else { return [] }
        let share = max(1, Self.maximumTrigrams / indexed.count)
        var seen: Set<String> = []
        var chosen: [String] = []
        for word in indexed {
            var own: Set<String> = []
            let all = SearchText.trigrams(of: word).filter { own.insert($0).inserted && !seen.contains($0) }
            let taken = min(share, all.count, Self.maximumTrigrams - chosen.count)
            for step in 0..<taken {
                let trigram = all[taken == 1 ? 0 : step * (all.count - 1) / (taken - 1)]
                seen.insert(trigram)
                chosen.append(trigram)
            }
        }
        return chosen
    }
}
