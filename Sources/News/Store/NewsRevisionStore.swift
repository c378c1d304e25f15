public import RichText
import SQLKit
public import Storage

/// Reads and writes `news_revisions`: every save of an article, as the editor's fields held after it,
/// with who saved it and when. A revision is copied from `news` in the save's own transaction (by
/// ``ArticleEditor``, the one door every face saves through), so it is exactly what was stored.
public enum NewsRevisionStore {
    /// The columns a revision copies: what the editor edits, and what an image expands to.
    static let revisedColumns =
        [
            "category_id", "title", "summary", "article", "validated", "image", "image_width", "image_height", "image_variants", "expires_at",
            "external_url", "gallery", "featured", "text_format", "video_id", "social_image",
        ] + ArticleTextField.all.map(\.column)

    /// Records article `articleID` as it now is, saved by `memberID` at `time`, then forgets its
    /// revisions past the newest `news_revisions_kept`.
    static func record(articleID: Int, by memberID: Int?, at time: Int, on connection: StoreConnection) async throws {
        try await Self.record(articleID: articleID, title: nil, text: nil, by: memberID, at: time, on: connection)
    }

    /// Records an earlier version of article `articleID` that another system kept (Composr's
    /// revisions, which hold a title and a text): those two as it had them, the rest as it now is. The
    /// import records them before the article's first revision here (``ArticleWriter/adopt(_:on:now:)``).
    public static func recordEarlier(articleID: Int, title: String, text: String, by memberID: Int?, at time: Int, on connection: StoreConnection)
        async throws
    {
        try await Self.record(articleID: articleID, title: title, text: text, by: memberID, at: time, on: connection)
    }

    private static func record(articleID: Int, title: String?, text: String?, by memberID: Int?, at time: Int, on connection: StoreConnection)
        async throws
    {
        let values: [SQLQueryString] = Self.revisedColumns.map { column in
            switch (column, title, text) {
            case ("title", let title?, _): "CAST(\(bind: title) AS TEXT)"
            case ("article", _, let text?): "CAST(\(bind: text) AS TEXT)"
            default: "\(unsafeRaw: column)"
            }
        }
        try await connection.raw(
            """
            INSERT INTO news_revisions (news_id, member_id, saved_at, \(unsafeRaw: Self.revisedColumns.joined(separator: ", ")))
            SELECT id, CAST(\(bind: memberID) AS BIGINT), CAST(\(bind: time) AS BIGINT), \(values.joined(separator: ", "))
            FROM news WHERE id = \(bind: articleID)
            """
        ).run()
        let kept = try await ConfigStore.value(ConfigOption.newsRevisionsKept.name, on: connection).flatMap { Int($0) } ?? 50
        try await connection.raw(
            """
            DELETE FROM news_revisions WHERE news_id = \(bind: articleID) AND id NOT IN (
                SELECT id FROM (SELECT id FROM news_revisions WHERE news_id = \(bind: articleID) ORDER BY id DESC LIMIT \(bind: kept)) newest)
            """
        ).run()
    }

    /// The changes that put article `articleID` back as revision `id` held it; nil when the article
    /// keeps no such revision.
    public static func changes(revision id: Int, of articleID: Int, on connection: StoreConnection) async throws -> NewsArticleChanges? {
        guard
            let row = try await connection.raw(
                """
                SELECT \(unsafeRaw: Self.revisedColumns.joined(separator: ", ")) FROM news_revisions
                WHERE id = \(bind: id) AND news_id = \(bind: articleID)
                """
            ).first()
        else { return nil }
        var changes = NewsArticleChanges()
        changes.categoryID = try row.decode(column: "category_id", as: Int.self)
        changes.title = try row.decode(column: "title", as: String.self)
        changes.summary = try row.decode(column: "summary", as: String.self)
        changes.article = try row.decode(column: "article", as: String.self)
        changes.validated = try row.decode(column: "validated", as: Bool.self)
        changes.image = try row.decode(column: "image", as: String.self)
        changes.imageWidth = .some(try row.decode(column: "image_width", as: Int?.self))
        changes.imageHeight = .some(try row.decode(column: "image_height", as: Int?.self))
        changes.imageVariants = try row.decode(column: "image_variants", as: String.self)
        changes.expiresAt = .some(try row.decode(column: "expires_at", as: Int?.self))
        changes.externalURL = try row.decode(column: "external_url", as: String.self)
        changes.gallery = try row.decode(column: "gallery", as: String.self)
        changes.featured = try row.decode(column: "featured", as: Bool.self)
        changes.format = TextFormat(rawValue: try row.decode(column: "text_format", as: String.self))
        changes.videoID = .some(try row.decode(column: "video_id", as: Int?.self))
        changes.socialImage = try row.decode(column: "social_image", as: String.self)
        for field in ArticleTextField.all {
            changes[keyPath: field.change] = try row.decode(column: field.column, as: String.self)
        }
        return changes
    }

    /// Article `articleID`'s kept revisions, newest first, without their texts (an editor's page lists
    /// up to `news_revisions_kept` of them: fifty maximal bodies are 50 MB).
    public static func list(articleID: Int, on connection: StoreConnection) async throws -> [NewsRevision] {
        try await connection.raw(
            """
            SELECT id, member_id, saved_at, title FROM news_revisions WHERE news_id = \(bind: articleID) ORDER BY id DESC
            """
        ).all().map { row in
            NewsRevision(
                id: try row.decode(column: "id", as: Int.self), memberID: try row.decode(column: "member_id", as: Int?.self),
                savedAt: try row.decode(column: "saved_at", as: Int.self), title: try row.decode(column: "title", as: String.self))
        }
    }
}

/// One kept save of an article as a list shows it: who saved it (nil for a member since deleted, or
/// the server's own work), when, and its title (its fields: ``NewsRevisionStore/changes(revision:of:on:)``).
public struct NewsRevision: Sendable, Equatable {
    public let id: Int
    public let memberID: Int?
    public let savedAt: Int
    public let title: String
}
