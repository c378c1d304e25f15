/// A search as the stores run it: its words, folded, and what SQLite's trigram index is asked for
/// them. Made when the request is read, before any database connection is taken, and bounded whatever
/// the client sent: at most ``maximumWords`` words, and an index query of at most ``maximumTrigrams``
/// trigrams, found in one pass over the words (each trigram kept once through a set: searching a list
/// of those already taken made a long word cost its length squared, and a query of 16,000 Hangul jamo
/// — one `Character` — cost 8 s of a processor).
///
/// The index narrows the articles to those holding the chosen trigrams; every word is then checked on
/// those (``NewsSearchStore``), so leaving trigrams out of the index query changes what a search costs,
/// never what it finds.
public struct SearchQuery: Sendable, Hashable {
    /// The words, folded (``SearchText/words(_:)``), each once, in the order given.
    public let words: [String]
    /// The FTS5 query of SQLite's trigram index (``SearchText/ftsQuery(_:)``).
    package let trigramMatch: String

    /// The most words a search looks for: those after it are left out.
    public static let maximumWords = 20
    /// The most trigrams the index is asked for, spread over the words.
    public static let maximumTrigrams = 12

    /// The search for `text`'s words (folded, each once, the first ``maximumWords``); nil when none
    /// of them can be looked up in the index (``SearchText/canSearch(_:)``).
    public init?(_ text: String) {
        var seen: Set<String> = []
        var words: [String] = []
        for word in SearchText.words(text) where words.count < Self.maximumWords && seen.insert(word).inserted {
            words.append(word)
        }
        self.init(words: words)
    }

    /// The search for `words`, already folded and distinct; nil when none can be looked up.
    public init?(words: [String]) {
        guard SearchText.canSearch(words) else { return nil }
        self.words = words
        self.trigramMatch = SearchText.ftsQuery(Self.trigrams(of: words.filter(SearchText.isIndexed)))
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
