import Foundation
public import Logging
import NIOConcurrencyHelpers
public import Outbox
public import Storage

/// Makes what the apps play for each checked video, in the background: a pass (``makeDue()``) claims
/// one due job (``VideoJobs``), makes the files in a work folder of the media store with
/// ``VideoTranscoder``, adds the poster frame to the image library, then — still holding the job's
/// lease — renames the folder into place and records the files, the poster and `ready` in one
/// transaction. The lease is renewed while `ffmpeg` runs; a job whose lease was lost (its instance
/// paused, another took it) is stopped and its files removed, so a job is never finished twice, and a
/// file is listed (and so served) only once it is whole. Failures are tried again, three times in all.
public struct VideoMaking: Sendable {
    private let database: Database
    private let store: MediaStoreFolder
    private let probe: VideoProbe
    private let transcoder: VideoTranscoder
    private let images: MediaUploads
    private let owner: String
    private let clock: SiteClock
    private let logger: Logger
    /// What else a video becoming ready changes, in the transaction that records it (the articles
    /// showing it: a layer above this one says which).
    private let whenReady: @Sendable (_ videoID: Int, _ connection: StoreConnection, _ now: Int) async throws -> Void

    /// How long a claimed job stays this worker's without a renewal (renewed every ``renewalSeconds``).
    public static let leaseSeconds = 60
    static let renewalSeconds = 10
    static let policy = RetryPolicy(baseSeconds: 60, maximumSeconds: 3_600, maximumAttempts: 3)

    /// - Parameters:
    ///   - directory: where Debian's `ffprobe` and `ffmpeg` are.
    ///   - owner: the lease owner jobs are claimed under (``LeaseHolder/owner``).
    ///   - whenReady: what else a video becoming ready changes, in the same transaction.
    public init(
        database: Database, store: MediaStoreFolder, images: MediaUploads, owner: String, directory: String = "/usr/bin", clock: SiteClock,
        logger: Logger, whenReady: @escaping @Sendable (_ videoID: Int, _ connection: StoreConnection, _ now: Int) async throws -> Void = { _, _, _ in }
    ) {
        self.whenReady = whenReady
        self.database = database
        self.store = store
        self.probe = VideoProbe(directory: directory)
        self.transcoder = VideoTranscoder(ffmpeg: directory + "/ffmpeg", logger: logger)
        self.images = images
        self.owner = owner
        self.clock = clock
        self.logger = logger
    }

    /// Claims one due job and works on it; false when none was due.
    @discardableResult
    public func makeDue() async throws -> Bool {
        let claimed = try await self.database.withConnection {
            try await VideoJobs.claim(owner: self.owner, leaseSeconds: Self.leaseSeconds, now: self.clock.now, on: $0)
        }
        guard let job = claimed else { return false }
        guard let video = try await self.database.withConnection({ try await VideoStore.find(id: job.videoID, on: $0) }) else {
            try await self.database.withConnection { try await VideoJobs.markDone(job.id, owner: self.owner, now: self.clock.now, on: $0) }
            return true
        }
        do {
            try await self.make(video, job: job)
        } catch is CancellationError {
            throw CancellationError()
        } catch let lost as LeaseLost {
            self.logger.warning("video job lease lost: left to its new holder", metadata: ["video_id": "\(video.id)", "job_id": "\(lost.job)"])
        } catch {
            try await self.fail(video, job: job, reason: (error as? VideoTranscoder.Failure)?.reason ?? "\(error)")
        }
        return true
    }

    /// The lease on job `job` was lost while it was worked on.
    struct LeaseLost: Error { let job: Int }

    private func make(_ video: VideoRecord, job: VideoJobs.Claimed) async throws {
        try await self.database.withConnection { try await VideoStore.markProcessing(video.id, progress: 0, on: $0) }
        guard let container = VideoContainer(rawValue: video.container) else { throw VideoFailure.unsupportedType }
        let source = self.store.original(ofVideo: video.contentHash, fileExtension: container.fileExtension)
        // Read whole when it was uploaded: what its header says is all the job needs.
        let inspected = try await self.probe.inspect(path: source, maximumBytes: .max, maximumSeconds: .max, readingThrough: false)
        self.store.removeLeftovers(ofVideo: video.contentHash, keeping: video.madeFolder)
        let work = try self.store.makeWorkFolder(ofVideo: video.contentHash)
        do {
            let made = try await self.transcodeHoldingLease(inspected, source: source, into: work, video: video, job: job)
            // The poster joins the image library (which serves it at every size): not a file of the video's.
            let poster = try await self.images.inspect(Array(try Data(contentsOf: URL(fileURLWithPath: work + "/" + VideoTranscoder.poster))))
            try FileManager.default.removeItem(atPath: work + "/" + VideoTranscoder.poster)
            let files = made.filter { $0.path != VideoTranscoder.poster }
            let folder = try self.store.promote(work)
            do {
                try await self.database.transaction { connection in
                    guard try await VideoJobs.renew(job.id, owner: self.owner, leaseSeconds: Self.leaseSeconds, now: self.clock.now, on: connection)
                    else { throw LeaseLost(job: job.id) }
                    let image = try await self.images.store(
                        poster, name: "\(video.name)-poster", properties: MediaChanges(caption: video.caption, credit: video.credit),
                        addedBy: video.addedBy, on: connection)
                    try await VideoStore.markReady(
                        video.id, folder: folder, files: files.map { ("\(folder)/\($0.path)", $0.bytes) }, posterMediaID: image.image.id, on: connection)
                    try await VideoJobs.markDone(job.id, owner: self.owner, now: self.clock.now, on: connection)
                    try await self.whenReady(video.id, connection, self.clock.now)
                }
            } catch {
                self.store.remove(self.store.folder(ofVideo: video.contentHash).appendingPathComponent(folder).path)
                throw error
            }
            self.logger.info("video ready", metadata: ["video_id": "\(video.id)", "folder": "\(folder)", "files": "\(files.count)"])
        } catch {
            self.store.remove(work)
            throw error
        }
    }

    /// Runs the transcoder while a second task renews the job's lease and records the progress every
    /// ``renewalSeconds``; a lost lease stops `ffmpeg` (``LeaseLost``).
    private func transcodeHoldingLease(_ inspected: InspectedVideo, source: String, into work: String, video: VideoRecord, job: VideoJobs.Claimed)
        async throws -> [(path: String, bytes: Int)]
    {
        let percent = NIOLockedValueBox(0)
        return try await withThrowingTaskGroup(of: [(path: String, bytes: Int)]?.self) { group in
            group.addTask {
                try await self.transcoder.make(inspected, source: source, into: work) { done in percent.withLockedValue { $0 = done } }
            }
            group.addTask {
                while true {
                    try await Task.sleep(for: .seconds(Self.renewalSeconds))
                    let held = try await self.database.withConnection { connection in
                        try await VideoStore.markProcessing(video.id, progress: percent.withLockedValue { $0 }, on: connection)
                        return try await VideoJobs.renew(job.id, owner: self.owner, leaseSeconds: Self.leaseSeconds, now: self.clock.now, on: connection)
                    }
                    if !held { throw LeaseLost(job: job.id) }
                }
            }
            defer { group.cancelAll() }
            while let result = try await group.next() {
                if let files = result { return files }
            }
            throw LeaseLost(job: job.id)
        }
    }

    /// Records a failed attempt; the video fails for good, with `reason`, after the last one.
    private func fail(_ video: VideoRecord, job: VideoJobs.Claimed, reason: String) async throws {
        let givenUp = try await self.database.transaction { connection in
            let givenUp = try await VideoJobs.markFailed(job, owner: self.owner, error: reason, policy: Self.policy, now: self.clock.now, on: connection)
            if givenUp {
                try await VideoStore.markFailed(video.id, reason: reason, on: connection)
            } else {
                try await VideoStore.markQueued(video.id, reason: reason, on: connection)
            }
            return givenUp
        }
        self.logger.warning(
            "video could not be made", metadata: ["video_id": "\(video.id)", "attempt": "\(job.attempts + 1)", "given_up": "\(givenUp)", "reason": "\(reason)"])
    }
}
