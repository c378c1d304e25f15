import EndpointCore
import Media
import Messages
import Routes
import Storage

/// The videos of `/var/media` (``MediaFilesystem`` hands them here): each as its original file
/// (`<name>.mp4` or `<name>.mkv`, by its content) and its properties (`<name>.cms`: caption and
/// credit; its size, length, state — queued, processing with its progress, ready, failed with the
/// reason — and, once ready, what the apps play, read-only).
///
/// A video is added by writing a file named with a video's extension: the REST body is received
/// into the media store as it arrives (never into memory, up to `video_max_bytes`), a multipart
/// `data` file part within the upload limit; either is checked (``VideoUploads``) before the
/// transaction opens, and kept in it with the job that makes it. Deleting either file deletes the
/// video with everything made for it, unless an article shows it. Images and videos share one space of
/// names, so `<name>.cms` is never both.
struct VideoFilesystem: Sendable {
    /// Whether `path` names a video's file, by its extension.
    static func isVideoFile(_ path: [String]) -> Bool {
        guard MediaFilesystem.isFile(path), let dot = path[0].lastIndex(of: ".") else { return false }
        return VideoUploads.fileExtensions.contains(path[0][path[0].index(after: dot)...].lowercased())
    }

    func list(on connection: StoreConnection) async throws -> [CommandrEntry] {
        // Videos kept before they had identities get theirs.
        try await ResourceIdentityStore.assignMissing(.video, on: connection)
        let identities = try await ResourceIdentityStore.all(.video, on: connection)
        return try await VideoStore.all(on: connection).flatMap { video -> [CommandrEntry] in
            guard let identity = identities[video.id] else { return [] }
            return [
                .file(Self.fileName(identity, video), size: video.byteCount, modified: video.addedAt),
                .file(identity.moniker + MediaFilesystem.properties, modified: video.addedAt),
            ]
        }
    }

    /// The properties of the video `path` names (by its file or its properties), or nil when it names none.
    func read(_ path: [String], on connection: StoreConnection) async throws -> JSONValue? {
        guard let (identity, video) = try await Self.video(path, on: connection) else { return nil }
        let shown = try await VideoStore.shown(contentHash: video.contentHash, on: connection)
        return Self.json(video, poster: shown?.poster, moniker: identity.moniker)
    }

    /// Receives and checks the upload before the transaction (the longest part of the write).
    func prepare(_ write: CommandrWrite) async throws {
        let chunks = write.uploadChunks ?? UploadChunks(write.upload ?? [])
        write.video = try await write.context.videos.check(chunks)
    }

    /// Keeps the checked video as `name` (or finds the one with the same bytes, whatever it is called),
    /// answering its ID and state; returns its file's path.
    func add(name: String, _ write: CommandrWrite, on connection: StoreConnection) async throws -> [String] {
        guard let checked = write.video else { throw VideoFailure.unsupportedType }
        var properties = try write.properties()
        let (caption, credit) = try Self.description(&properties)
        try properties.rejectUnread(allowingUnchanged: .emptyObject)
        let (video, _) = try await write.context.videos.keep(checked, name: name, caption: caption, credit: credit, addedBy: write.actorID, on: connection)
        guard let identity = try await ResourceIdentityStore.find(.video, id: video.id, on: connection) else { throw InsertedRowMissing(table: "videos") }
        Self.answer(video, write)
        return [Self.fileName(identity, video)]
    }

    /// Edits the video `path` names and returns true, or returns false when it names none: a repeated
    /// upload of the same bytes changes nothing (other bytes are another video); its properties take
    /// a caption and a credit.
    func edit(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws -> Bool {
        guard let (identity, video) = try await Self.video(path, on: connection) else { return false }
        guard path[0] == identity.moniker + MediaFilesystem.properties else {
            guard write.video?.contentHash == video.contentHash else { throw EndpointError.refused(.alreadyExists, "var/media/" + path[0]) }
            Self.answer(video, write)
            return true
        }
        var properties = try write.properties()
        let (caption, credit) = try Self.description(&properties)
        let shown = try await VideoStore.shown(contentHash: video.contentHash, on: connection)
        try properties.rejectUnread(allowingUnchanged: Self.json(video, poster: shown?.poster, moniker: identity.moniker))
        try await VideoStore.describe(id: video.id, caption: caption, credit: credit, on: connection)
        return true
    }

    /// Deletes the video `path` names (by its file or its properties) and returns true, or returns
    /// false when it names none; its files are removed once the write is committed.
    func delete(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws -> Bool {
        guard let (_, video) = try await Self.video(path, on: connection) else { return false }
        try await write.context.videos.delete(video, on: connection)
        write.whenCommitted { [videos = write.context.videos] in videos.removeFiles(of: video) }
        return true
    }

    /// The caption and credit `properties` give (nil: left as they are), within the images' limits.
    private static func description(_ properties: inout CommandrProperties) throws(EndpointError) -> (caption: String?, credit: String?) {
        (try properties.text("caption", maximumLength: 1000), try properties.text("credit", maximumLength: 1000))
    }

    /// What every write of a video's file answers, beside its path: its ID (`video:<id>` names it in
    /// an article's `video`) and its state.
    private static func answer(_ video: VideoRecord, _ write: CommandrWrite) {
        write.answer("id", .int(video.id))
        write.answer("state", .string(video.state.rawValue))
    }

    /// The video's properties, its URLs site-relative.
    private static func json(_ video: VideoRecord, poster: MediaRecord?, moniker: String) -> JSONValue {
        [
            "label": .string(video.name),
            "caption": .string(video.caption),
            "credit": .string(video.credit),
            "width": .int(video.width),
            "height": .int(video.height),
            "duration_ms": .int(video.durationMilliseconds),
            "has_sound": .bool(video.hasSound),
            "bytes": .int(video.byteCount),
            "type": .string(video.mediaType),
            "content_hash": .string(video.contentHash),
            "reference": .string(VideoLinks.reference(video.id)),
            "state": .string(video.state.rawValue),
            "progress": .int(video.progress),
            "failure": .string(video.failure),
            "hls_url": VideoLinks.master(of: video).map { .string($0.path) } ?? .null,
            "mp4_url": VideoLinks.progressive(of: video).map { .string($0.path) } ?? .null,
            "poster": poster.map { .string(MediaLinks.path(of: $0)) } ?? .null,
            "add_date": PortableTime.json(video.addedAt),
        ]
    }

    private static func fileName(_ identity: ResourceIdentity, _ video: VideoRecord) -> String {
        identity.moniker + "." + video.fileExtension
    }

    /// The video `path` names, by its file or its properties.
    private static func video(_ path: [String], on connection: StoreConnection) async throws -> (ResourceIdentity, VideoRecord)? {
        guard path.count == 1, let moniker = MediaFilesystem.stem(path[0]),
            let identity = try await ResourceIdentityStore.find(.video, moniker: moniker, on: connection),
            let video = try await VideoStore.find(id: identity.id, on: connection),
            path[0] == identity.moniker + MediaFilesystem.properties || path[0] == Self.fileName(identity, video)
        else { return nil }
        return (identity, video)
    }
}
