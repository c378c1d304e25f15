package import SQLKit
public import Storage

/// The log `content/galleries` `id=changes` reads (`gallery_changes`, migration 0068): one numbered
/// row per gallery and per item written, kept by the database's own triggers whatever the path, each
/// subject's latest row only. A row says only *what* changed; a reader looks at it as it is now.
/// On PostgreSQL the triggers take an advisory lock before any gallery row is touched, so numbers
/// become visible in order (as ``NewsChangeLog``'s writers do).
public enum GalleryChangeLog {
    /// The sync state: what a token is checked against.
    public struct State: Sendable, Equatable {
        /// This database's identity (a token from another database means: start again).
        public var databaseID: String
        /// The highest change number the retention sweep removed (older tokens cannot be served).
        public var sweptThrough: Int
        /// The newest change number (the swept number for an empty log).
        public var latest: Int
    }

    /// One row of the log: a gallery under a name it had, or an item of the gallery of that name.
    public struct Change: Sendable, Equatable {
        public enum Subject: String, Sendable {
            case gallery, item
        }

        public var seq: Int
        public var subject: Subject
        public var id: Int
        public var galleryName: String
    }

    /// The sync state now.
    public static func state(on connection: StoreConnection) async throws -> State {
        let row = try await connection.raw(
            """
            SELECT s.database_id, s.swept_through, (SELECT MAX(seq) FROM gallery_changes) AS latest FROM gallery_sync s
            """
        ).first()
        guard let row else { throw InsertedRowMissing(table: "gallery_sync") }
        let sweptThrough = try row.decode(column: "swept_through", as: Int.self)
        return State(
            databaseID: try row.decode(column: "database_id", as: String.self), sweptThrough: sweptThrough,
            latest: max(try row.decode(column: "latest", as: Int?.self) ?? 0, sweptThrough))
    }

    /// Up to `limit` changes after `seq`, oldest first.
    public static func changes(after seq: Int, limit: Int, on connection: StoreConnection) async throws -> [Change] {
        try await connection.raw(
            """
            SELECT seq, subject, subject_id, gallery_name FROM gallery_changes WHERE seq > \(bind: seq) ORDER BY seq LIMIT \(bind: limit)
            """
        ).all().compactMap { row in
            guard let subject = Change.Subject(rawValue: try row.decode(column: "subject", as: String.self)) else { return nil }
            return Change(
                seq: try row.decode(column: "seq", as: Int.self), subject: subject, id: try row.decode(column: "subject_id", as: Int.self),
                galleryName: try row.decode(column: "gallery_name", as: String.self))
        }
    }
}

extension GalleryChangeLog {
    /// The change log's part of the maintenance sweep: changes older than `seconds` (the news log's
    /// `news_sync_retention_days`, one setting for both); tokens that old get a reset.
    public static func sweep(olderThan seconds: Int) -> MaintenanceSweep.Step {
        .changeLog("gallery_changes", sync: "gallery_sync", olderThan: seconds)
    }
}
