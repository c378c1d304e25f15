import News

extension FuzzTarget {
    /// The text of a search (`q`), made into the words and the index query the stores run, whatever
    /// its length: the builder is never given the request's length check, so it must itself be linear
    /// (libFuzzer's per-input time limit fails one that is not) and bounded.
    ///
    /// Properties: at most ``SearchQuery/maximumWords`` words, each non-empty, folded, trimmed and given
    /// once, the short ones (found whole) of one or two letters, marks or digits; an index query of at most ``SearchQuery/maximumTrigrams`` distinct trigrams, each three Unicode
    /// scalars of one of the words, quoted as FTS5 strings, so its length is bounded whatever came in.
    static let searchQuery = FuzzTarget(name: "search-query") { input in
        guard let search = SearchQuery(input.lossyText) else { return nil }
        let words = search.words
        guard words.count <= SearchQuery.maximumWords, Set(words).count == words.count,
            words.allSatisfy({ !$0.isEmpty && SearchText.fold($0) == $0 })
        else { return "search words that are empty, repeated, too many or not folded: \(words)" }
        guard words.allSatisfy({ SearchText.trimmed($0) == $0 }) else { return "search words with punctuation at an end: \(words)" }
        guard Set(search.longWords + search.shortWords) == Set(words),
            search.shortWords.allSatisfy({ $0.unicodeScalars.count < 3 && $0.unicodeScalars.allSatisfy(SearchText.isWordScalar) })
        else { return "short words that are not one or two letters or digits: \(search.shortWords)" }
        let trigrams = SearchQuery.trigrams(of: search.longWords)
        guard trigrams.count <= SearchQuery.maximumTrigrams, Set(trigrams).count == trigrams.count else {
            return "\(trigrams.count) trigrams, or some twice"
        }
        guard trigrams.allSatisfy({ trigram in trigram.unicodeScalars.count == 3 && words.contains { Self.holds($0, trigram) } }) else {
            return "a trigram of no word: \(trigrams)"
        }
        // Each trigram quoted, its quotes doubled: at most 26 bytes, and " AND " between.
        let match = search.trigramMatch ?? ""
        guard match.utf8.count <= SearchQuery.maximumTrigrams * 31 else { return "an index query of \(match.utf8.count) bytes" }
        return nil
    }

    /// Whether `word` holds `part` as a run of its UTF-8 bytes (a run of scalars, even inside one
    /// `Character`, which `String.contains` would not find).
    private static func holds(_ word: String, _ part: String) -> Bool {
        let bytes = Array(word.utf8)
        let needle = Array(part.utf8)
        guard needle.count <= bytes.count else { return false }
        return (0...bytes.count - needle.count).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}
