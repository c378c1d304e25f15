import EndpointCore
import Foundation
import SQLKit
public import Storage

/// Reads and writes `news_drafts` and `news_draft_texts`: what a member is typing in an article's
/// editor, kept by the editor every few seconds of change so that a closed tab, a crash or a second
/// device loses nothing. One draft per member and article (0: an article not yet saved), its fields
/// the face's own (typing need not be a valid article yet), each kept in parts (``DraftTextParts``),
/// so that an autosave carrying a word typed in a megabyte body rewrites the part the word falls in
/// (``DraftChange``).
enum NewsDraftStore {
    /// Keeps `change` in member `memberID`'s draft of article `articleID` (0: a new one), at `time`,
    /// and answers the keep's number. Throws ``DraftMovedOn`` when the change was made on a keep the
    /// draft is no longer at or a splice does not fit the kept text; run in a transaction, which then
    /// rolls back whatever the change had written.
    static func keep(_ change: DraftChange, memberID: Int, articleID: Int, at time: Int, on connection: StoreConnection) async throws -> Int {
        // A whole form replaces every field: a splice has nothing to be made on.
        guard change.basedOn != nil || change.splices.isEmpty else { throw DraftMovedOn() }
        let draft = Draft(memberID: memberID, articleID: articleID)
        let kept: Int
        if let basedOn = change.basedOn {
            guard
                let row = try await connection.raw(
                    "UPDATE news_drafts SET saved_at = \(bind: time), kept = kept + 1 WHERE \(draft.rows) AND kept = \(bind: basedOn) RETURNING kept"
                ).first()
            else { throw DraftMovedOn() }
            kept = try row.decode(column: "kept", as: Int.self)
            if !change.removed.isEmpty {
                try await connection.raw("DELETE FROM news_draft_texts WHERE \(draft.rows) AND name IN (\(binds: change.removed))").run()
            }
        } else {
            let row = try await connection.raw(
                """
                INSERT INTO news_drafts (member_id, news_id, saved_at, kept) VALUES (\(bind: memberID), \(bind: articleID), \(bind: time), 1)
                ON CONFLICT (member_id, news_id) DO UPDATE SET saved_at = excluded.saved_at, kept = news_drafts.kept + 1 RETURNING kept
                """
            ).first()
            guard let row else { throw InsertedRowMissing(table: "news_drafts") }
            kept = try row.decode(column: "kept", as: Int.self)
            try await connection.raw("DELETE FROM news_draft_texts WHERE \(draft.rows)").run()
        }
        for splice in change.splices {
            try await Self.apply(splice, to: draft, on: connection)
        }
        for (name, value) in change.whole.sorted(by: { $0.key < $1.key }) {
            if change.basedOn != nil {
                try await connection.raw("DELETE FROM news_draft_texts WHERE \(draft.rows) AND name = \(bind: name)").run()
            }
            try await Self.write(value, as: name, to: draft, on: connection)
        }
        return kept
    }

    /// Member `memberID`'s draft of article `articleID`, if they keep one.
    static func find(memberID: Int, articleID: Int, on connection: StoreConnection) async throws -> ArticleDraft? {
        let draft = Draft(memberID: memberID, articleID: articleID)
        guard let row = try await connection.raw("SELECT saved_at, kept FROM news_drafts WHERE \(draft.rows)").first() else { return nil }
        var fields: [String: String] = [:]
        for part in try await connection.raw("SELECT name, value FROM news_draft_texts WHERE \(draft.rows) ORDER BY name, part").all() {
            fields[try part.decode(column: "name", as: String.self), default: ""] += try part.decode(column: "value", as: String.self)
        }
        return ArticleDraft(savedAt: try row.decode(column: "saved_at", as: Int.self), kept: try row.decode(column: "kept", as: Int.self), fields: fields)
    }

    /// Forgets member `memberID`'s draft of article `articleID` (its fields with it: they refer to it).
    static func discard(memberID: Int, articleID: Int, on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM news_drafts WHERE \(Draft(memberID: memberID, articleID: articleID).rows)").run()
    }

    /// Forgets every member's draft of article `articleID` (deleted: nobody can save it any more).
    static func discardAll(articleID: Int, on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM news_drafts WHERE news_id = \(bind: articleID)").run()
    }

    /// One member's draft of one article.
    private struct Draft {
        let memberID: Int
        let articleID: Int

        /// The condition choosing its rows.
        var rows: SQLQueryString {
            "member_id = \(bind: self.memberID) AND news_id = \(bind: self.articleID)"
        }
    }

    /// Replaces the span `splice` names of the kept field: the parts it falls in are read, spliced,
    /// cut again and numbered between their neighbours (the field written whole, renumbered, when
    /// their numbers leave no room). Throws ``DraftMovedOn`` when the field is not kept or is not as
    /// long as the change was made on.
    private static func apply(_ splice: DraftSplice, to draft: Draft, on connection: StoreConnection) async throws {
        let field = "\(draft.rows) AND name = \(bind: splice.field)" as SQLQueryString
        let parts = try await connection.raw("SELECT part, length FROM news_draft_texts WHERE \(field) ORDER BY part").all().map {
            (number: try $0.decode(column: "part", as: Int.self), length: try $0.decode(column: "length", as: Int.self))
        }
        guard let span = DraftTextParts.locate(start: splice.start, end: splice.end, in: parts.map(\.length)),
            parts.reduce(0, { $0 + $1.length }) == splice.keptLength
        else { throw DraftMovedOn() }
        if splice.changesNothing { return }
        let (from, to) = (parts[span.first].number, parts[span.last].number)
        var old = ""
        for part in try await connection.raw("SELECT value FROM news_draft_texts WHERE \(field) AND part BETWEEN \(bind: from) AND \(bind: to) ORDER BY part")
            .all()
        {
            old += try part.decode(column: "value", as: String.self)
        }
        // Cut at scalar boundaries and joined as strings (bytes copied at once, not scalar by scalar).
        let scalars = old.unicodeScalars
        let head = scalars.index(scalars.startIndex, offsetBy: splice.start - span.offset)
        let tail = scalars.index(head, offsetBy: splice.end - splice.start)
        let spliced = String(scalars[..<head]) + Self.storable(splice.text) + String(scalars[tail...])
        try await connection.raw("DELETE FROM news_draft_texts WHERE \(field) AND part BETWEEN \(bind: from) AND \(bind: to)").run()
        // Every part spliced: the field written as any field is (a field spliced empty stays kept).
        if span.first == 0, span.last == parts.count - 1 { return try await Self.write(spliced, as: splice.field, to: draft, on: connection) }
        let cut = DraftTextParts.cut(spliced)
        let lower = span.first > 0 ? parts[span.first - 1].number : 0
        let upper = span.last + 1 < parts.count ? parts[span.last + 1].number : to + DraftTextParts.spacing * (cut.count + 1)
        guard let numbers = DraftTextParts.numbers(cut.count, between: lower, and: upper) else {
            // No room between the neighbours' numbers: the field is written whole, numbered afresh.
            var before = ""
            var after = ""
            for part in try await connection.raw("SELECT part, value FROM news_draft_texts WHERE \(field) ORDER BY part").all() {
                let value = try part.decode(column: "value", as: String.self)
                if try part.decode(column: "part", as: Int.self) < from { before += value } else { after += value }
            }
            try await connection.raw("DELETE FROM news_draft_texts WHERE \(field)").run()
            try await Self.write(before + spliced + after, as: splice.field, to: draft, on: connection)
            return
        }
        try await Self.insert(cut, numbered: numbers, as: splice.field, to: draft, on: connection)
    }

    /// Writes field `name` whole, in parts numbered afresh (an empty text one empty part: the field is kept).
    private static func write(_ value: String, as name: String, to draft: Draft, on connection: StoreConnection) async throws {
        let cut = DraftTextParts.cut(Self.storable(value))
        if cut.isEmpty { return try await Self.insert([("", 0)], numbered: [DraftTextParts.spacing], as: name, to: draft, on: connection) }
        try await Self.insert(cut, numbered: DraftTextParts.numbers(cut.count), as: name, to: draft, on: connection)
    }

    /// Inserts the parts `cut` of field `name` (each numbered by `numbers`, in turn), in one statement.
    private static func insert(
        _ cut: [(text: String, length: Int)], numbered numbers: [Int], as name: String, to draft: Draft, on connection: StoreConnection
    ) async throws {
        guard !cut.isEmpty else { return }
        let rows = zip(numbers, cut).map { number, part in
            "(\(bind: draft.memberID), \(bind: draft.articleID), \(bind: name), \(bind: number), \(bind: part.length), \(bind: part.text))" as SQLQueryString
        }
        try await connection.raw("INSERT INTO news_draft_texts (member_id, news_id, name, part, length, value) VALUES \(rows.joined(separator: ", "))").run()
    }

    /// `text` as a column holds it: a NUL (which PostgreSQL's text cannot hold) as U+FFFD, one scalar
    /// for one, so the spans an editor counts still fit.
    private static func storable(_ text: String) -> String {
        text.utf8.contains(0) ? text.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") : text
    }
}

/// What a member was typing in an article's editor and when it was kept: the face's fields by name,
/// and the number of the keep (what the next autosave is made on).
public struct ArticleDraft: Sendable, Equatable {
    public let savedAt: Int
    public let kept: Int
    public let fields: [String: String]

    /// The most a kept field may hold, in Unicode scalars: half again the body's limit (typing need
    /// not be within the limits yet, but a draft grown by splices stays bounded).
    public static let fieldMaximum = NewsFieldLimits.body * 3 / 2
}
