public import Storage

/// The upload rules every caller of videos shares (`endpoint media add` first): the bytes go to the
/// media store as they arrive (never into memory), are checked there by ``VideoProbe`` against the
/// live limits, and are kept, once per content, only when every check passed, with the job that makes
/// what the apps play (``VideoMaking``) queued in the same transaction; a refused upload leaves nothing
/// behind.
public struct VideoUploads: Sendable {
    private let database: Database
    private let config: ConfigStore
    private let folder: MediaStoreFolder
    private let probe: VideoProbe
    private let clock: SiteClock

    public init(database: Database, config: ConfigStore, folder: MediaStoreFolder, probe: VideoProbe = VideoProbe(), clock: SiteClock = .system) {
        self.database = database
        self.config = config
        self.folder = folder
        self.probe = probe
        self.clock = clock
    }

    /// The file names a video is uploaded as (what the name says is only the caller's intent: the
    /// content decides).
    public static let fileExtensions: Set<String> = ["mp4", "mov", "m4v", "webm", "mkv"]

    /// Whether `head` (a file's first bytes) opens like a video container.
    public static func looksLikeVideo(_ head: [UInt8]) -> Bool {
        VideoContainer(sniffing: head) != nil
    }

    /// Receives `chunks`, checks them and keeps them as a video named `name`, or finds the video that
    /// already has these bytes; `created` tells which. Throws ``VideoFailure`` for a refused upload.
    public func add<Chunks: AsyncSequence>(_ chunks: Chunks, name: String, caption: String?, credit: String?, addedBy: Int?) async throws
        -> (video: VideoRecord, created: Bool)
    where Chunks.Element == [UInt8] {
        let checked = try await self.check(chunks)
        return try await self.database.transaction { connection in
            try await self.keep(checked, name: name, caption: caption, credit: credit, addedBy: addedBy, on: connection)
        }
    }

    /// Receives `chunks` into the media store and checks them: the first half of ``add(_:name:caption:credit:addedBy:)``,
    /// for a caller that keeps the video inside a transaction of its own (commandr_fs's write). What
    /// passed is stored as its content's original; a refused upload leaves nothing behind.
    public func check<Chunks: AsyncSequence>(_ chunks: Chunks) async throws -> CheckedVideo where Chunks.Element == [UInt8] {
        let options = try await self.config.options()
        let maximumBytes = options.integer(.videoMaxBytes)
        let incoming: MediaStoreFolder.Incoming
        do {
            incoming = try await self.folder.receive(chunks, maximumBytes: maximumBytes)
        } catch MediaStoreFolder.ReceiveFailure.tooLarge(let bytes) {
            throw VideoFailure.tooLarge(bytes: bytes, maximum: maximumBytes)
        }
        let inspected: InspectedVideo
        do {
            inspected = try await self.probe.inspect(path: incoming.path, maximumBytes: maximumBytes, maximumSeconds: options.integer(.videoMaxSeconds))
        } catch {
            self.folder.discard(incoming)
            throw error
        }
        try self.folder.keepOriginal(incoming, fileExtension: inspected.container.fileExtension)
        return CheckedVideo(incoming: incoming, inspected: inspected)
    }

    /// Records the checked video named `name` on `connection`, with its identity (its name in
    /// `/var/media`) and the job that makes what the apps play, or finds the video that already has
    /// these bytes; `created` tells which.
    public func keep(_ checked: CheckedVideo, name: String, caption: String?, credit: String?, addedBy: Int?, on connection: StoreConnection)
        async throws -> (video: VideoRecord, created: Bool)
    {
        let record = VideoRecord(
            id: 0, contentHash: checked.contentHash, name: name, container: checked.inspected.container.rawValue, width: checked.inspected.width,
            height: checked.inspected.height, durationMilliseconds: Int((checked.inspected.seconds * 1000).rounded()),
            hasSound: checked.inspected.hasSound, byteCount: checked.incoming.byteCount, state: .queued, caption: caption ?? "",
            credit: credit ?? "", addedBy: addedBy, addedAt: self.clock.now
        )
        if let existing = try await VideoStore.find(contentHash: record.contentHash, on: connection) { return (existing, false) }
        if let created = try await VideoStore.create(record, on: connection) {
            try await VideoJobs.enqueue(videoID: created.id, now: record.addedAt, on: connection)
            try await ResourceIdentityStore.assign(.video, id: created.id, label: name, on: connection)
            return (created, true)
        }
        guard let stored = try await VideoStore.find(contentHash: record.contentHash, on: connection) else {
            throw InsertedRowMissing(table: "videos")
        }
        return (stored, false)
    }

    /// Deletes `video` on `connection`, unless an article shows it: its row, its job, its name, and its
    /// poster unless an article or another video shows that. Its files go with
    /// ``removeFiles(of:)`` once the transaction is committed (a worker making it loses its lease and
    /// stops).
    public func delete(_ video: VideoRecord, on connection: StoreConnection) async throws {
        if let article = try await VideoStore.articlesShowing(videoID: video.id, on: connection).first { throw VideoFailure.inUse(article: article) }
        try await VideoStore.delete(id: video.id, on: connection)
        guard let poster = video.posterMediaID, try await !VideoStore.isPoster(mediaID: poster, on: connection),
            try await MediaStore.articlesShowing(mediaID: poster, on: connection).isEmpty
        else { return }
        try await MediaStore.delete(id: poster, on: connection)
    }

    /// Removes the files of `video`, deleted by a committed ``delete(_:on:)``: its original and every
    /// make.
    public func removeFiles(of video: VideoRecord) {
        self.folder.removeVideo(video.contentHash)
    }

    /// How long bytes checked for a video may wait to be recorded before they count as abandoned:
    /// far longer than any transaction that records them.
    static let unrecordedGraceSeconds = 3_600

    /// Removes the media store's video folders no video is recorded for, untouched for an hour: bytes
    /// checked whose write was then refused (other bytes under an existing video's name), a deletion
    /// whose files were not removed (the server stopped between). Returns how many went. The folders
    /// are listed before the videos are read, so one recorded meanwhile is never taken.
    public func removeUnrecorded() async throws -> Int {
        let folders = self.folder.videoFolders(unchangedFor: Self.unrecordedGraceSeconds)
        let recorded = try await self.database.withConnection { try await VideoStore.contentHashes(on: $0) }
        let unrecorded = folders.filter { !recorded.contains($0) }
        for hash in unrecorded { self.folder.removeVideo(hash) }
        return unrecorded.count
    }
}

/// An upload that passed ``VideoUploads/check(_:)``, its bytes stored as their content's original,
/// not yet recorded as a video.
public struct CheckedVideo: Sendable {
    fileprivate let incoming: MediaStoreFolder.Incoming
    fileprivate let inspected: InspectedVideo

    /// The SHA-256 of its bytes, in hex: the same bytes are one video whatever they are called.
    public var contentHash: String { self.incoming.contentHash }
}
