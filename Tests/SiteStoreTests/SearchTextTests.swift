import Testing

@testable import SiteStore

@Suite struct SearchTextTests {
    @Test func aSearchLooksUpEveryTrigramOfTheLongWordsOnce() {
        #expect(SearchText.ftsQuery(["cafe"]) == #""caf" AND "afe""#)
        #expect(SearchText.ftsQuery(["aaaa", "baaa"]) == #""aaa" AND "baa""#)
        #expect(SearchText.ftsQuery(["abc", "ab"]) == #""abc""#, "a short word has no trigram: LIKE checks it")
    }

    @Test func trigramsAreCountedInScalarsAndQuotedAsPlainText() {
        #expect(SearchText.ftsQuery(["日本語で"]) == #""日本語" AND "本語で""#)
        #expect(SearchText.ftsQuery([#"a"b*"#]) == #""a""b" AND """b*""#)
        #expect(SearchText.ftsQuery(["e\u{301}te"]) == "\"e\u{301}t\" AND \"\u{301}te\"")
    }
}
