import Testing

@testable import News

/// A byline's names as `content/news`'s `authors` lists them.
@Suite struct ArticleAuthorTests {
    @Test func aBylineIsSplitAtItsCommasAndTrimmed() {
        #expect(ArticleAuthor.names(inByline: " Ana Reporter ,, root,\t") == ["Ana Reporter", "root"])
        #expect(ArticleAuthor.names(inByline: "Zoë") == ["Zoë"])
        #expect(ArticleAuthor.names(inByline: " , ").isEmpty)
    }
}
