import Testing

@testable import SiteStore

@Suite struct SearchTextTests {
    @Test func aSearchLooksUpEveryTrigramOfTheLongWordsOnce() throws {
        #expect(try #require(SearchQuery("Café")).trigramMatch == #""caf" AND "afe""#)
        #expect(try #require(SearchQuery("aaaa baaa")).trigramMatch == #""aaa" AND "baa""#)
        #expect(try #require(SearchQuery("abc ab")).trigramMatch == #""abc""#, "a short word has no trigram: the statement checks it")
        #expect(SearchQuery("ab c") == nil, "no word the index can look up")
    }

    @Test func trigramsAreCountedInScalarsAndQuotedAsPlainText() {
        #expect(SearchText.ftsQuery(SearchText.trigrams(of: "日本語で")) == #""日本語" AND "本語で""#)
        #expect(SearchText.ftsQuery(SearchText.trigrams(of: #"a"b*"#)) == #""a""b" AND """b*""#)
        #expect(SearchText.ftsQuery(SearchText.trigrams(of: "e\u{301}te")) == "\"e\u{301}t\" AND \"\u{301}te\"")
    }

    /// The index is asked for a bounded number of trigrams however long the words: a word's share is
    /// spread along it (its first and last trigram always among them), and every word still counts.
    @Test func theIndexIsAskedForTwelveTrigramsAtMost() throws {
        let long = try #require(SearchQuery(String(repeating: "abcdefghij", count: 20)))
        #expect(SearchQuery.trigrams(of: long.words).count == 10, "ten letters repeated have ten distinct trigrams")
        let longest = try #require(SearchQuery("abcdefghijklmnopqrstuvwxyz"))
        let trigrams = SearchQuery.trigrams(of: longest.words)
        #expect(trigrams.count == SearchQuery.maximumTrigrams)
        #expect(trigrams.first == "abc" && trigrams.last == "xyz")
        let many = try #require(SearchQuery((1...30).map { "word\($0)x" }.joined(separator: " ")))
        #expect(many.words.count == SearchQuery.maximumWords, "twenty words at most")
        #expect(SearchQuery.trigrams(of: many.words).count <= SearchQuery.maximumTrigrams)
        let jamo = try #require(SearchQuery("abc " + String(repeating: "\u{1100}\u{1161}", count: 8_000)))
        #expect(SearchQuery.trigrams(of: jamo.words).count <= SearchQuery.maximumTrigrams)
        #expect(jamo.words.count == 2)
    }
}
