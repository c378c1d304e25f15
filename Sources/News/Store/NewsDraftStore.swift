import EndpointCore
import Foundation
import SQLKit
public import Storage

/// Reads and writes `news_drafts`: what a member is typing in an article's editor, kept by the editor
/// every few seconds of change so that a closed tab, a crash or a second device loses nothing. One
/// draft per member and article (0: an article not yet saved), replaced by each keep; its fields are
/// the face's own (typing need not be a valid article yet), stored as JSON text.
enum NewsDraftStore {
    /// Keeps `fields` as member `memberID`'s draft of article `articleID` (0: a new one), at `time`.
    static func keep(_ fields: [String: String], memberID: Int, articleID: Int, at time: Int, on connection: StoreConnection) async throws {
        // Written by the API's own serializer, which copies each run needing no escape at once:
        // Foundation's encoder walked a maximal body character by character, a fifth of an autosave.
        let text = JSONValue.object(fields.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }).serialized
        try await connection.raw(
            """
            INSERT INTO news_drafts (member_id, news_id, saved_at, fields) VALUES (\(bind: memberID), \(bind: articleID), \(bind: time), \(bind: text))
            ON CONFLICT (member_id, news_id) DO UPDATE SET saved_at = excluded.saved_at, fields = excluded.fields
            """
        ).run()
    }

    /// Member `memberID`'s draft of article `articleID`, if they keep one.
    static func find(memberID: Int, articleID: Int, on connection: StoreConnection) async throws -> ArticleDraft? {
        guard
            let row = try await connection.raw(
                "SELECT saved_at, fields FROM news_drafts WHERE member_id = \(bind: memberID) AND news_id = \(bind: articleID)"
            ).first()
        else { return nil }
        let text = try row.decode(column: "fields", as: String.self)
        let fields = (try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))) ?? [:]
        return ArticleDraft(savedAt: try row.decode(column: "saved_at", as: Int.self), fields: fields)
    }

    /// Forgets member `memberID`'s draft of article `articleID`.
    static func discard(memberID: Int, articleID: Int, on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM news_drafts WHERE member_id = \(bind: memberID) AND news_id = \(bind: articleID)").run()
    }

    /// Forgets every member's draft of article `articleID` (deleted: nobody can save it any more).
    static func discardAll(articleID: Int, on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM news_drafts WHERE news_id = \(bind: articleID)").run()
    }
}

/// What a member was typing in an article's editor and when it was kept: the face's fields by name.
public struct ArticleDraft: Sendable, Equatable {
    public let savedAt: Int
    public let fields: [String: String]
}
