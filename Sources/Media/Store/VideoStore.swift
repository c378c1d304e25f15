package import SQLKit
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
        try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM videos WHERE content_hash = \(bind: contentHash)").first().map { try Self.record($0) }
    }

    /// The video with this ID.
    public static func find(id: Int, on connection: StoreConnection) async throws -> VideoRecord? {
        try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM videos WHERE id = \(bind: id)").first().map { try Self.record($0) }
    }

    /// Changes what administrators say about video `id`; nil leaves a field as it is.
    public static func describe(id: Int, caption: String?, credit: String?, on connection: StoreConnection) async throws {
        guard caption != nil || credit != nil else { return }
        try await connection.raw(
            """
            UPDATE videos SET caption = COALESCE(\(bind: caption), caption), credit = COALESCE(\(bind: credit), credit) WHERE id = \(bind: id)
            """
        ).run()
    }

    /// Deletes video `id` with its made files' list and its job, and forgets its name; the caller has
    /// checked that no article shows it (``articlesShowing(videoID:on:)``).
    static func delete(id: Int, on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM videos WHERE id = \(bind: id)").run()
        try await ResourceIdentityStore.remove(.video, id: id, on: connection)
    }

    /// The titles of the articles that show video `videoID`.
    public static func articlesShowing(videoID: Int, on connection: StoreConnection) async throws -> [String] {
        try await connection.raw("SELECT title FROM news WHERE video_id = \(bind: videoID) ORDER BY id").all().map {
            try $0.decode(column: "title", as: String.self)
        }
    }

    /// Whether a video has image `mediaID` as its poster.
    static func isPoster(mediaID: Int, on connection: StoreConnection) async throws -> Bool {
        try await connection.raw("SELECT 1 AS found FROM videos WHERE poster_media_id = \(bind: mediaID) LIMIT 1").first() != nil
    }

    /// The content hashes of every video recorded.
    static func contentHashes(on connection: StoreConnection) async throws -> Set<String> {
        Set(try await connection.raw("SELECT content_hash FROM videos").all().map { try $0.decode(column: "content_hash", as: String.self) })
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
        try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM videos ORDER BY id").all().map { try Self.record($0) }
    }

    private static let columns = Self.columnNames.joined(separator: ", ")

    private static let columnNames = [
        "id", "content_hash", "name", "container", "width", "height", "duration_ms", "has_sound", "byte_count", "state", "progress", "failure",
        "made_folder", "poster_media_id", "caption", "credit", "added_by", "added_at",
    ]

    /// The columns a reader of a row that shows a video selects (an article's): the video's as `v_…`,
    /// its poster's as `vp_…`, from ``shownJoin(on:)``'s tables.
    package static let shownColumns =
        (Self.columnNames.map { "v.\($0) AS v_\($0)" } + MediaStore.columnNames.map { "vp.\($0) AS vp_\($0)" }).joined(separator: ", ")

    /// The joins bringing in the video `column` names and its poster, for ``shownColumns``.
    package static func shownJoin(on column: String) -> String {
        "LEFT JOIN videos v ON v.id = \(column) LEFT JOIN media vp ON vp.id = v.poster_media_id"
    }

    /// The video with content hash `contentHash` as a reader shows it, with its poster.
    public static func shown(contentHash: String, on connection: StoreConnection) async throws -> ShownVideo? {
        try await connection.raw(
            """
            SELECT \(unsafeRaw: Self.shownColumns) FROM (SELECT id AS chosen FROM videos WHERE content_hash = \(bind: contentHash)) c
            \(unsafeRaw: Self.shownJoin(on: "c.chosen"))
            """
        ).first().flatMap { try Self.shown($0) }
    }

    /// The newest `limit` videos, as the library lists them (with their posters).
    public static func newest(_ limit: Int, on connection: StoreConnection) async throws -> [ShownVideo] {
        try await connection.raw(
            """
            SELECT \(unsafeRaw: Self.shownColumns) FROM (SELECT id AS chosen FROM videos ORDER BY id DESC LIMIT \(bind: limit)) c
            \(unsafeRaw: Self.shownJoin(on: "c.chosen")) ORDER BY v.id DESC
            """
        ).all().compactMap { try Self.shown($0) }
    }

    /// The video a row selected with ``shownColumns`` shows, if any.
    package static func shown(_ row: any SQLRow) throws -> ShownVideo? {
        guard try row.decode(column: "v_id", as: Int?.self) != nil else { return nil }
        let poster = try row.decode(column: "vp_id", as: Int?.self) == nil ? nil : try MediaStore.record(row, prefix: "vp_")
        return ShownVideo(video: try Self.record(row, prefix: "v_"), poster: poster)
    }

    /// A row's state; one this build does not know (written by a newer one) is an error, not a guess.
    private static func state(_ text: String) throws -> VideoRecord.State {
        guard let state = VideoRecord.State(rawValue: text) else { throw UnknownVideoState(text: text) }
        return state
    }

    struct UnknownVideoState: Error { var text: String }

    static func record(_ row: any SQLRow, prefix: String = "") throws -> VideoRecord {
        VideoRecord(
            id: try row.decode(column: prefix + "id", as: Int.self),
            contentHash: try row.decode(column: prefix + "content_hash", as: String.self),
            name: try row.decode(column: prefix + "name", as: String.self),
            container: try row.decode(column: prefix + "container", as: String.self),
            width: try row.decode(column: prefix + "width", as: Int.self),
            height: try row.decode(column: prefix + "height", as: Int.self),
            durationMilliseconds: try row.decode(column: prefix + "duration_ms", as: Int.self),
            hasSound: try row.decode(column: prefix + "has_sound", as: Int.self) != 0,
            byteCount: try row.decode(column: prefix + "byte_count", as: Int.self),
            state: try Self.state(try row.decode(column: prefix + "state", as: String.self)),
            progress: try row.decode(column: prefix + "progress", as: Int.self),
            failure: try row.decode(column: prefix + "failure", as: String.self),
            madeFolder: try row.decode(column: prefix + "made_folder", as: String?.self),
            posterMediaID: try row.decode(column: prefix + "poster_media_id", as: Int?.self),
            caption: try row.decode(column: prefix + "caption", as: String.self),
            credit: try row.decode(column: prefix + "credit", as: String.self),
            addedBy: try row.decode(column: prefix + "added_by", as: Int?.self),
            addedAt: try row.decode(column: prefix + "added_at", as: Int.self)
        )
    }
}
