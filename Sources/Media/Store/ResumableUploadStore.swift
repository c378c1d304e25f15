import SQLKit
public import Storage

/// Reads and writes `video_uploads` and `video_upload_parts`: resumable uploads, where their bytes
/// are recorded as far as they arrived, and which request is writing them.
public enum ResumableUploadStore {
    static func create(_ upload: ResumableUpload, on connection: StoreConnection) async throws {
        try await connection.raw(
            """
            INSERT INTO video_uploads (key, member_id, length, name, caption, credit, created_at, expires_at)
            VALUES (\(bind: upload.key), \(bind: upload.memberID), \(bind: upload.length), \(bind: upload.name), \(bind: upload.caption),
                \(bind: upload.credit), \(bind: upload.createdAt), \(bind: upload.expiresAt))
            """
        ).run()
    }

    static func find(key: String, on connection: StoreConnection) async throws -> ResumableUpload? {
        try await connection.raw(
            """
            SELECT key, member_id, length, received, name, caption, credit, created_at, expires_at, writer, heard_at, video_id
            FROM video_uploads WHERE key = \(bind: key)
            """
        ).first().map { row in
            ResumableUpload(
                key: try row.decode(column: "key", as: String.self), memberID: try row.decode(column: "member_id", as: Int.self),
                length: try row.decode(column: "length", as: Int.self), received: try row.decode(column: "received", as: Int.self),
                name: try row.decode(column: "name", as: String.self), caption: try row.decode(column: "caption", as: String.self),
                credit: try row.decode(column: "credit", as: String.self), createdAt: try row.decode(column: "created_at", as: Int.self),
                expiresAt: try row.decode(column: "expires_at", as: Int.self), writer: try row.decode(column: "writer", as: String?.self),
                heardAt: try row.decode(column: "heard_at", as: Int?.self), videoID: try row.decode(column: "video_id", as: Int?.self)
            )
        }
    }

    /// Makes `writer` the one writing upload `key` from `offset`, if the upload was recorded that far
    /// and nobody else writes it (or its writer was last heard before `silentSince`); then the parts
    /// from `offset` on, which no request will record again, give way to `writer`'s. Returns those
    /// parts' writers (their files are removed), or nil when the claim failed.
    static func claim(key: String, offset: Int, writer: String, silentSince: Int, now: Int, expiresAt: Int, on connection: StoreConnection)
        async throws -> [String]?
    {
        let claimed = try await connection.raw(
            """
            UPDATE video_uploads SET writer = \(bind: writer), heard_at = \(bind: now), expires_at = \(bind: expiresAt)
            WHERE key = \(bind: key) AND received = \(bind: offset) AND video_id IS NULL AND (writer IS NULL OR heard_at < \(bind: silentSince))
            RETURNING key
            """
        ).first()
        guard claimed != nil else { return nil }
        let replaced = try await connection.raw(
            "DELETE FROM video_upload_parts WHERE upload_key = \(bind: key) AND start >= \(bind: offset) RETURNING writer"
        ).all().map { try $0.decode(column: "writer", as: String.self) }
        try await connection.raw(
            "INSERT INTO video_upload_parts (upload_key, start, writer) VALUES (\(bind: key), \(bind: offset), \(bind: writer))"
        ).run()
        return replaced
    }

    /// Records that upload `key` was received up to `received`, if `writer` still writes it; with
    /// `releasing`, `writer` stops writing it. False when another request took the upload over.
    static func record(key: String, writer: String, received: Int, now: Int, expiresAt: Int, releasing: Bool, on connection: StoreConnection)
        async throws -> Bool
    {
        try await connection.raw(
            """
            UPDATE video_uploads SET received = \(bind: received), heard_at = \(bind: now), expires_at = \(bind: expiresAt),
                writer = \(unsafeRaw: releasing ? "NULL" : "writer")
            WHERE key = \(bind: key) AND writer = \(bind: writer) RETURNING key
            """
        ).first() != nil
    }

    /// The parts of upload `key` in order: where each starts and who wrote it.
    static func parts(key: String, on connection: StoreConnection) async throws -> [(start: Int, writer: String)] {
        try await connection.raw("SELECT start, writer FROM video_upload_parts WHERE upload_key = \(bind: key) ORDER BY start").all().map {
            (try $0.decode(column: "start", as: Int.self), try $0.decode(column: "writer", as: String.self))
        }
    }

    /// Records that upload `key`, whole, became video `videoID` (its parts are no longer needed).
    static func markMade(key: String, videoID: Int, on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM video_upload_parts WHERE upload_key = \(bind: key)").run()
        try await connection.raw("UPDATE video_uploads SET video_id = \(bind: videoID), writer = NULL WHERE key = \(bind: key)").run()
    }

    static func delete(key: String, on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM video_uploads WHERE key = \(bind: key)").run()
    }

    /// The keys of every upload there is.
    static func keys(on connection: StoreConnection) async throws -> Set<String> {
        Set(try await connection.raw("SELECT key FROM video_uploads").all().map { try $0.decode(column: "key", as: String.self) })
    }

    /// The maintenance sweep's step: uploads whose time ran out (their files go with
    /// ``ResumableVideoUploads/removeAbandoned()``).
    public static func sweep() -> MaintenanceSweep.Step {
        .deleting(from: "video_uploads") { now in "expires_at < \(bind: now)" }
    }
}
