import SQLKit
public import Storage

/// Reads and writes `videos` (uploaded videos; their bytes are files of the media store) and
/// `video_files` (every file made for one).
public enum VideoStore {
    /// Records a new video on `connection`; returns it with its ID, or nil when a video with these bytes
    /// exists (recorded meanwhile by another transaction: the insert waits for it on PostgreSQL, then
    /// yields).
    public static func create(_ video: VideoRecord, on connection: StoreConnection) async throws -> VideoRecord? {
        let row = try await connection.raw(
            """
            INSERT INTO videos (content_hash, name, container, width, height, duration_ms, has_sound, byte_count, state, caption, credit,
                added_by, added_at)
            VALUES (\(bind: video.contentHash), \(bind: video.name), \(bind: video.container), \(bind: video.width), \(bind: video.height),
                \(bind: video.durationMilliseconds), \(bind: video.hasSound ? 1 : 0), \(bind: video.byteCount), \(bind: video.state.rawValue),
                \(bind: video.caption), \(bind: video.credit), \(bind: video.addedBy), \(bind: video.addedAt))
            ON CONFLICT (content_hash) DO NOTHING RETURNING id
            """
        ).first()
        guard let id = try row?.decode(column: "id", as: Int.self) else { return nil }
        var stored = video
        stored.id = id
        return stored
    }

    /// The video whose bytes hash to `contentHash`.
    public static func find(contentHash: String, on connection: StoreConnection) async throws -> VideoRecord? {
        try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM videos WHERE content_hash = \(bind: contentHash)").first().map(Self.record)
    }

    /// The video with this ID.
    public static func find(id: Int, on connection: StoreConnection) async throws -> VideoRecord? {
        try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM videos WHERE id = \(bind: id)").first().map(Self.record)
    }

    /// Records that video `id` is being made, `progress` percent done.
    static func markProcessing(_ id: Int, progress: Int, on connection: StoreConnection) async throws {
        try await connection.raw(
            "UPDATE videos SET state = 'processing', progress = \(bind: min(max(progress, 0), 99)), failure = '' WHERE id = \(bind: id)"
        ).run()
    }

    /// Records that video `id` is ready: what the apps play is in `folder` (below the video's own),
    /// these `files` (path below the video's folder, bytes), with poster image `posterMediaID`.
    static func markReady(_ id: Int, folder: String, files: [(path: String, bytes: Int)], posterMediaID: Int, on connection: StoreConnection)
        async throws
    {
        try await connection.raw("DELETE FROM video_files WHERE video_id = \(bind: id)").run()
        for file in files {
            try await connection.raw(
                "INSERT INTO video_files (video_id, path, byte_count) VALUES (\(bind: id), \(bind: file.path), \(bind: file.bytes))"
            ).run()
        }
        try await connection.raw(
            """
            UPDATE videos SET state = 'ready', progress = 100, failure = '', made_folder = \(bind: folder), poster_media_id = \(bind: posterMediaID)
            WHERE id = \(bind: id)
            """
        ).run()
    }

    /// Records that an attempt at video `id` failed and that it waits for another, and why.
    static func markQueued(_ id: Int, reason: String, on connection: StoreConnection) async throws {
        try await connection.raw("UPDATE videos SET state = 'queued', progress = 0, failure = \(bind: reason) WHERE id = \(bind: id)").run()
    }

    /// Records that making video `id`'s files failed for good, and why.
    static func markFailed(_ id: Int, reason: String, on connection: StoreConnection) async throws {
        try await connection.raw("UPDATE videos SET state = 'failed', failure = \(bind: reason) WHERE id = \(bind: id)").run()
    }

    /// The files made for video `id`: path below its folder, bytes.
    public static func files(ofVideo id: Int, on connection: StoreConnection) async throws -> [String: Int] {
        var files: [String: Int] = [:]
        for row in try await connection.raw("SELECT path, byte_count FROM video_files WHERE video_id = \(bind: id)").all() {
            files[try row.decode(column: "path", as: String.self)] = try row.decode(column: "byte_count", as: Int.self)
        }
        return files
    }

    /// The size of the file made for the video with content hash `contentHash` at `path` (below its
    /// folder), if that file is listed.
    public static func fileSize(contentHash: String, path: String, on connection: StoreConnection) async throws -> Int? {
        try await connection.raw(
            """
            SELECT f.byte_count FROM video_files f JOIN videos v ON v.id = f.video_id
            WHERE v.content_hash = \(bind: contentHash) AND f.path = \(bind: path)
            """
        ).first()?.decode(column: "byte_count", as: Int.self)
    }

    /// Every video, oldest first.
    public static func all(on connection: StoreConnection) async throws -> [VideoRecord] {
        try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM videos ORDER BY id").all().map(Self.record)
    }

    private static let columns = """
        id, content_hash, name, container, width, height, duration_ms, has_sound, byte_count, state, progress, failure, made_folder,
        poster_media_id, caption, credit, added_by, added_at
        """

    /// A row's state; one this build does not know (written by a newer one) is an error, not a guess.
    private static func state(_ text: String) throws -> VideoRecord.State {
        guard let state = VideoRecord.State(rawValue: text) else { throw UnknownVideoState(text: text) }
        return state
    }

    struct UnknownVideoState: Error { var text: String }

    private static func record(_ row: any SQLRow) throws -> VideoRecord {
        VideoRecord(
            id: try row.decode(column: "id", as: Int.self),
            contentHash: try row.decode(column: "content_hash", as: String.self),
            name: try row.decode(column: "name", as: String.self),
            container: try row.decode(column: "container", as: String.self),
            width: try row.decode(column: "width", as: Int.self),
            height: try row.decode(column: "height", as: Int.self),
            durationMilliseconds: try row.decode(column: "duration_ms", as: Int.self),
            hasSound: try row.decode(column: "has_sound", as: Int.self) != 0,
            byteCount: try row.decode(column: "byte_count", as: Int.self),
            state: try Self.state(try row.decode(column: "state", as: String.self)),
            progress: try row.decode(column: "progress", as: Int.self),
            failure: try row.decode(column: "failure", as: String.self),
            madeFolder: try row.decode(column: "made_folder", as: String?.self),
            posterMediaID: try row.decode(column: "poster_media_id", as: Int?.self),
            caption: try row.decode(column: "caption", as: String.self),
            credit: try row.decode(column: "credit", as: String.self),
            addedBy: try row.decode(column: "added_by", as: Int?.self),
            addedAt: try row.decode(column: "added_at", as: Int.self)
        )
    }
}
