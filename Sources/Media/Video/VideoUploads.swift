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
        let record = VideoRecord(
            id: 0, contentHash: incoming.contentHash, name: name, container: inspected.container.rawValue, width: inspected.width,
            height: inspected.height, durationMilliseconds: Int((inspected.seconds * 1000).rounded()), hasSound: inspected.hasSound,
            byteCount: incoming.byteCount, state: .queued, caption: caption ?? "", credit: credit ?? "", addedBy: addedBy, addedAt: self.clock.now
        )
        return try await self.database.transaction { connection in
            if let existing = try await VideoStore.find(contentHash: record.contentHash, on: connection) { return (existing, false) }
            if let created = try await VideoStore.create(record, on: connection) {
                try await VideoJobs.enqueue(videoID: created.id, now: record.addedAt, on: connection)
                return (created, true)
            }
            guard let stored = try await VideoStore.find(contentHash: record.contentHash, on: connection) else {
                throw InsertedRowMissing(table: "videos")
            }
            return (stored, false)
        }
    }
}
