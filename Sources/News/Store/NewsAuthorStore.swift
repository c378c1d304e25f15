import EndpointCore
import SQLKit
public import Storage
import Text

/// One name of an article's byline: a member's when the name stands for one (Composr's authors, see
/// ``NewsAuthorStore/link(_:toMember:on:)``) or a member has it as username (in any case), as Composr
/// links an author to a member; free text (a news agency, a guest writer) otherwise. The guest member
/// is nobody's byline.
public struct ArticleAuthor: Sendable, Equatable {
    public var name: String
    public var memberID: Int?

    /// The names a byline lists: `author` split at its commas ("Ana Reporter, root").
    static func names(inByline author: String) -> [String] {
        author.commaSeparatedItems
    }

    /// How a name is looked up: one name however it is typed.
    static func key(_ name: String) -> String {
        name.lowercased()
    }
}

/// Which names of bylines are members', looked up when articles are read, so a byline written before
/// its member joined (or imported from Composr, whose bylines are names) links them as well.
public enum NewsAuthorStore {
    /// `articles` with their ``PublishedArticle/authors``: every name of their bylines, looked up at
    /// once, first among the names standing for a member (`news_author_members`), then through the
    /// members' username index.
    static func linking(_ articles: [PublishedArticle], on connection: StoreConnection) async throws -> [PublishedArticle] {
        let names = Set(articles.flatMap { ArticleAuthor.names(inByline: $0.article.author) })
        guard !names.isEmpty else { return articles }
        let values: [SQLQueryString] = names.sorted().map { "(\(bind: $0), \(bind: ArticleAuthor.key($0)))" }
        var members: [String: Int] = [:]
        for row in try await connection.raw(
            """
            SELECT v.column1 AS name, COALESCE(a.member_id, m.id) AS id FROM (VALUES \(values.joined(separator: ", "))) v
            LEFT JOIN news_author_members a ON a.name_key = v.column2
            LEFT JOIN members m ON lower(m.username) = lower(v.column1) AND m.id <> \(bind: Caller.guestID)
            WHERE a.member_id IS NOT NULL OR m.id IS NOT NULL
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

    /// Makes the byline name `name` stand for member `memberID` (Composr's author linked to a member);
    /// answers whether that changed anything.
    public static func link(_ name: String, toMember memberID: Int, on connection: StoreConnection) async throws -> Bool {
        let key = ArticleAuthor.key(name)
        let held = try await connection.raw("SELECT member_id FROM news_author_members WHERE name_key = \(bind: key)").first()?
            .decode(column: "member_id", as: Int.self)
        guard held != memberID else { return false }
        try await connection.raw(
            """
            INSERT INTO news_author_members (name_key, name, member_id) VALUES (\(bind: key), \(bind: name), \(bind: memberID))
            ON CONFLICT (name_key) DO UPDATE SET name = excluded.name, member_id = excluded.member_id
            """
        ).run()
        connection.markStale(.news)
        return true
    }
}
