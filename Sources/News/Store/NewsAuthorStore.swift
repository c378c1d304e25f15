import SQLKit
public import Storage
import Text

/// One name of an article's byline: a member's when a member has it as username (in any case), as
/// Composr links an author to the member of that name; free text (a news agency, a guest writer)
/// otherwise.
public struct ArticleAuthor: Sendable, Equatable {
    public var name: String
    public var memberID: Int?

    /// The names a byline lists: `author` split at its commas ("Ana Reporter, root").
    static func names(inByline author: String) -> [String] {
        author.commaSeparatedItems
    }
}

/// Which names of bylines are members', looked up when articles are read, so a byline written before
/// its member joined (or imported from Composr, whose bylines are names) links them as well.
enum NewsAuthorStore {
    /// `articles` with their ``PublishedArticle/authors``: every name of their bylines, looked up at
    /// once through the members' username index.
    static func linking(_ articles: [PublishedArticle], on connection: StoreConnection) async throws -> [PublishedArticle] {
        let names = Set(articles.flatMap { ArticleAuthor.names(inByline: $0.article.author) })
        guard !names.isEmpty else { return articles }
        let values: [SQLQueryString] = names.sorted().map { "(\(bind: $0))" }
        var members: [String: Int] = [:]
        for row in try await connection.raw(
            """
            SELECT v.column1 AS name, m.id AS id FROM (VALUES \(values.joined(separator: ", "))) v
            JOIN members m ON lower(m.username) = lower(v.column1)
            """
        ).all() {
            members[try row.decode(column: "name", as: String.self)] = try row.decode(column: "id", as: Int.self)
        }
        return articles.map { published in
            var linked = published
            linked.authors = ArticleAuthor.names(inByline: published.article.author).map { ArticleAuthor(name: $0, memberID: members[$0]) }
            return linked
        }
    }
}
