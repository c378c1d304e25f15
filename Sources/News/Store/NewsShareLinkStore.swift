import SQLKit
public import Storage

/// Reads and writes `news_share_links`: drafts' pages as they were shared, by the SHA-256 of the
/// link's token (``ArticleShareLinks``).
enum NewsShareLinkStore {
    static func create(_ link: ArticleShareLink, pageHTML: String, on connection: StoreConnection) async throws {
        try await connection.raw(
            """
            INSERT INTO news_share_links (key, news_id, member_id, title, page_html, created_at, expires_at)
            VALUES (\(bind: link.key), \(bind: link.articleID), \(bind: link.memberID), \(bind: link.title), \(bind: pageHTML),
                \(bind: link.createdAt), \(bind: link.expiresAt))
            """
        ).run()
    }

    /// The page shared under `key`, unless it expired by `now`.
    static func page(key: String, now: Int, on connection: StoreConnection) async throws -> String? {
        try await connection.raw("SELECT page_html FROM news_share_links WHERE key = \(bind: key) AND expires_at > \(bind: now)").first()?
            .decode(column: "page_html", as: String.self)
    }

    /// The live links `memberID` made of article `articleID` (nil: their unsaved new article), newest
    /// first.
    static func links(articleID: Int?, memberID: Int, now: Int, on connection: StoreConnection) async throws -> [ArticleShareLink] {
        let article: SQLQueryString = articleID.map { "news_id = \(bind: $0)" } ?? "news_id IS NULL"
        return try await connection.raw(
            """
            SELECT key, news_id, member_id, title, created_at, expires_at FROM news_share_links
            WHERE \(article) AND member_id = \(bind: memberID) AND expires_at > \(bind: now) ORDER BY created_at DESC, key
            """
        ).all().map { row in
            ArticleShareLink(
                key: try row.decode(column: "key", as: String.self), articleID: try row.decode(column: "news_id", as: Int?.self),
                memberID: try row.decode(column: "member_id", as: Int.self), title: try row.decode(column: "title", as: String.self),
                createdAt: try row.decode(column: "created_at", as: Int.self), expiresAt: try row.decode(column: "expires_at", as: Int.self))
        }
    }

    /// Revokes `memberID`'s link `key`; false when they have none such.
    static func revoke(key: String, memberID: Int, on connection: StoreConnection) async throws -> Bool {
        try await connection.raw("DELETE FROM news_share_links WHERE key = \(bind: key) AND member_id = \(bind: memberID) RETURNING key").first() != nil
    }

    /// The maintenance step removing expired links.
    static func sweep() -> MaintenanceSweep.Step {
        .deleting(from: "news_share_links") { now in "expires_at <= \(bind: now)" }
    }
}
