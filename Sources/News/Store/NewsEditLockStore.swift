import SQLKit
public import Storage

/// Reads and writes `news_edit_locks`: who is editing an article (``ArticleEditor/hold(_:by:on:now:)``).
enum NewsEditLockStore {
    static func lock(ofArticle articleID: Int, on connection: StoreConnection) async throws -> ArticleLock? {
        try await connection.raw("SELECT member_id, since, seen_at FROM news_edit_locks WHERE news_id = \(bind: articleID)").first().map { row in
            ArticleLock(
                memberID: try row.decode(column: "member_id", as: Int.self), since: try row.decode(column: "since", as: Int.self),
                seenAt: try row.decode(column: "seen_at", as: Int.self))
        }
    }

    /// Gives article `articleID`'s lock to `memberID` from `time` (a new holder: since then).
    static func give(articleID: Int, to memberID: Int, at time: Int, on connection: StoreConnection) async throws {
        try await connection.raw(
            """
            INSERT INTO news_edit_locks (news_id, member_id, since, seen_at) VALUES (\(bind: articleID), \(bind: memberID), \(bind: time), \(bind: time))
            ON CONFLICT (news_id) DO UPDATE SET member_id = excluded.member_id, since = excluded.since, seen_at = excluded.seen_at
            """
        ).run()
    }

    /// Notes that the holder `memberID` is still editing at `time`.
    static func touch(articleID: Int, by memberID: Int, at time: Int, on connection: StoreConnection) async throws {
        try await connection.raw(
            "UPDATE news_edit_locks SET seen_at = \(bind: time) WHERE news_id = \(bind: articleID) AND member_id = \(bind: memberID)"
        ).run()
    }
}

/// Who holds an article's edit lock, since when, and when their editor last said they were editing.
public struct ArticleLock: Sendable, Equatable {
    public let memberID: Int
    public let since: Int
    public let seenAt: Int
}
