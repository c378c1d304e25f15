import SQLKit
public import Storage

/// Reads and writes `news_reviews`: a writer's article waiting for an editor, or returned to them with
/// a note. Publishing the article ends its review (``end(articleID:on:)``).
public enum NewsReviewStore {
    /// Where an article stands in its review.
    public enum State: String, Sendable {
        case submitted, returned
    }

    /// Records that `memberID` moved article `articleID` to `state` at `time`, with `note` (an
    /// editor's, when returned).
    static func set(_ state: State, articleID: Int, by memberID: Int?, note: String, at time: Int, on connection: StoreConnection) async throws {
        try await connection.raw(
            """
            INSERT INTO news_reviews (news_id, state, changed_at, changed_by, note)
            VALUES (\(bind: articleID), \(bind: state.rawValue), \(bind: time), \(bind: memberID), \(bind: note))
            ON CONFLICT (news_id) DO UPDATE SET state = excluded.state, changed_at = excluded.changed_at, changed_by = excluded.changed_by,
                note = excluded.note
            """
        ).run()
    }

    /// Ends article `articleID`'s review (published, or deleted).
    static func end(articleID: Int, on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM news_reviews WHERE news_id = \(bind: articleID)").run()
    }

    /// Article `articleID`'s review, if it is in one.
    public static func review(ofArticle articleID: Int, on connection: StoreConnection) async throws -> ArticleReview? {
        try await connection.raw(
            "SELECT news_id, state, changed_at, changed_by, note FROM news_reviews WHERE news_id = \(bind: articleID)"
        ).first().map(Self.review)
    }

    /// The articles waiting for review, longest waiting first, at most `limit`.
    public static func waiting(limit: Int, on connection: StoreConnection) async throws -> [ArticleReview] {
        try await connection.raw(
            """
            SELECT news_id, state, changed_at, changed_by, note FROM news_reviews WHERE state = \(bind: State.submitted.rawValue)
            ORDER BY changed_at, news_id LIMIT \(bind: limit)
            """
        ).all().map(Self.review)
    }

    private static func review(_ row: any SQLRow) throws -> ArticleReview {
        ArticleReview(
            articleID: try row.decode(column: "news_id", as: Int.self),
            state: State(rawValue: try row.decode(column: "state", as: String.self)) ?? .submitted,
            changedAt: try row.decode(column: "changed_at", as: Int.self), changedBy: try row.decode(column: "changed_by", as: Int?.self),
            note: try row.decode(column: "note", as: String.self))
    }
}

/// An article's review: submitted (waiting) or returned with an editor's note; by whom and when.
public struct ArticleReview: Sendable, Equatable {
    public let articleID: Int
    public let state: NewsReviewStore.State
    public let changedAt: Int
    public let changedBy: Int?
    public let note: String
}
