import Crypto
import Foundation
public import Messages
public import Storage
import Text

/// Resumable video uploads, the rules of the tus protocol's resource without its wire (the route speaks
/// that): an upload is created with its length and gets a secret token; its bytes then arrive in any
/// number of requests, on any instance sharing the media store, each continuing where the last was
/// recorded; once all arrived they pass through ``VideoUploads`` as one upload. Only the member who
/// created an upload may see or continue it (anyone else is told it does not exist).
///
/// Each request writes its bytes to a part file of its own and records how far it got — flushed to
/// disk first — every second and when its body ends, however it ends: a connection cut at 40 % leaves
/// the upload recorded near 40 %, and the next request continues from there. A request whose client
/// vanished unnoticed is taken over once it was silent for ``silentWriterSeconds``; what it wrote past
/// its last record is never read, so two connections never mix their bytes.
public struct ResumableVideoUploads: Sendable {
    private let database: Database
    private let config: ConfigStore
    private let folder: MediaStoreFolder
    private let uploads: VideoUploads
    private let clock: SiteClock

    /// Seconds without bytes after which another request may take an upload over from its writer.
    static let silentWriterSeconds = 10
    /// How often a writer records how far it got.
    static let recordInterval = Duration.seconds(1)

    public init(database: Database, config: ConfigStore, folder: MediaStoreFolder, clock: SiteClock) {
        self.database = database
        self.config = config
        self.folder = folder
        self.uploads = VideoUploads(database: database, config: config, folder: folder, clock: clock)
        self.clock = clock
    }

    /// Where an upload stands.
    public struct Status: Sendable {
        public let length: Int
        public let received: Int
        public let expiresAt: Int
        /// The video the upload became, once whole and checked.
        public let video: VideoRecord?
    }

    /// Why a request about an upload was refused.
    public enum Failure: Error, Equatable {
        /// No such upload for this member (never made, expired, ended, or another member's).
        case notFound
        /// The request continues from another byte than the upload was recorded at.
        case offsetMismatch(received: Int)
        /// Another request is writing the upload and was heard from recently.
        case busy
        /// More bytes than the upload's length.
        case tooMuch(length: Int)
    }

    /// Creates an upload of `length` bytes by `memberID`, to become video `name`; returns its token
    /// (the only copy: the server keeps its hash) and its status.
    public func create(length: Int, name: String, caption: String, credit: String, memberID: Int) async throws -> (token: String, status: Status) {
        let maximum = try await self.config.options().integer(.videoMaxBytes)
        guard length <= maximum else { throw VideoFailure.tooLarge(bytes: length, maximum: maximum) }
        var generator = SystemRandomNumberGenerator()
        let token = Hex.encode((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        let now = self.clock.now
        let upload = ResumableUpload(
            key: Self.key(token), memberID: memberID, length: length, received: 0, name: name, caption: caption, credit: credit, createdAt: now,
            expiresAt: now + (try await self.lifetime()), writer: nil, heardAt: nil, videoID: nil)
        try await self.database.withConnection { try await ResumableUploadStore.create(upload, on: $0) }
        return (token, Status(length: length, received: 0, expiresAt: upload.expiresAt, video: nil))
    }

    /// Where upload `token` stands. While another request writes it and was heard from within the last
    /// second or two (a connection that was just cut, still recording what it got), waits for it to
    /// finish, so a client resuming at once is told how far its bytes really got.
    public func status(token: String, memberID: Int) async throws -> Status {
        let started = ContinuousClock.now
        while true {
            let upload = try await self.find(token, memberID: memberID)
            let writing = upload.writer != nil && (upload.heardAt ?? 0) >= self.clock.now - 2
            if !writing || ContinuousClock.now - started > .seconds(3) { return try await self.status(of: upload) }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Appends `chunks` to upload `token` from byte `offset`, recording them as they arrive; once the
    /// upload is whole, checks and keeps it as a video (a refused video ends the upload, its bytes
    /// removed, and the refusal is thrown). A body that breaks off keeps what arrived; one declared
    /// (`declaredBytes`) or found to go past the upload's length records nothing.
    public func append<Chunks: AsyncSequence>(_ chunks: Chunks, token: String, memberID: Int, offset: Int, declaredBytes: Int?) async throws
        -> Status
    where Chunks.Element == [UInt8] {
        var upload = try await self.find(token, memberID: memberID)
        if let declaredBytes, offset + declaredBytes > upload.length { throw Failure.tooMuch(length: upload.length) }
        if upload.videoID != nil || upload.received != offset {
            guard upload.received == offset else { throw Failure.offsetMismatch(received: upload.received) }
            return try await self.status(of: upload)
        }
        let writer = UUID().uuidString.lowercased()
        try await self.claim(&upload, from: offset, writer: writer)
        var received = offset
        var overflow = false
        do {
            let part = try self.folder.createPart(ofUpload: upload.key, writer: writer)
            var recorded = self.clock.elapsed
            do {
                for try await chunk in chunks {
                    guard received + chunk.count <= upload.length else {
                        overflow = true
                        break
                    }
                    try part.append(chunk)
                    received += chunk.count
                    if self.clock.elapsed - recorded >= Self.recordInterval {
                        try part.flush()
                        guard try await self.record(upload, writer: writer, received: received, releasing: false) else { throw Failure.busy }
                        recorded = self.clock.elapsed
                    }
                }
            } catch let error as MediaStoreFolder.ReceiveFailure {
                throw error
            } catch Failure.busy {
                throw Failure.busy
            } catch {
                // The body broke off (a cut connection): what arrived is kept.
            }
            try part.flush()
        } catch {
            _ = try? await self.record(upload, writer: writer, received: received, releasing: true)
            throw error
        }
        if overflow { received = offset }
        guard try await self.record(upload, writer: writer, received: received, releasing: received < upload.length) else { throw Failure.busy }
        if overflow { throw Failure.tooMuch(length: upload.length) }
        upload.received = received
        guard received == upload.length else { return try await self.status(of: upload) }
        return try await self.finish(upload, writer: writer)
    }

    /// Ends upload `token`: it and its bytes are removed (a video it became stays).
    public func terminate(token: String, memberID: Int) async throws {
        let upload = try await self.find(token, memberID: memberID)
        try await self.database.withConnection { try await ResumableUploadStore.delete(key: upload.key, on: $0) }
        self.folder.remove(self.folder.folder(ofUpload: upload.key).path)
    }

    /// Removes the parts of uploads that no longer exist (ended, made, expired and swept); returns how
    /// many uploads' parts went. The folders are listed before the uploads are read: a folder is made
    /// after its upload's row, so one made meanwhile is never taken for abandoned.
    public func removeAbandoned() async throws -> Int {
        let folders = self.folder.uploadKeys()
        let live = try await self.database.withConnection { try await ResumableUploadStore.keys(on: $0) }
        let abandoned = folders.filter { !live.contains($0) }
        for key in abandoned { self.folder.remove(self.folder.folder(ofUpload: key).path) }
        return abandoned.count
    }

    /// The key a token is kept as.
    static func key(_ token: String) -> String {
        Hex.encode(SHA256.hash(data: Array(token.utf8)))
    }

    private func lifetime() async throws -> Int {
        try await self.config.options().integer(.mediaUploadHours) * 3600
    }

    /// Upload `token` of `memberID`, unless it expired (then it is removed now).
    private func find(_ token: String, memberID: Int) async throws -> ResumableUpload {
        let key = Self.key(token)
        guard let upload = try await self.database.withConnection({ try await ResumableUploadStore.find(key: key, on: $0) }),
            upload.memberID == memberID
        else { throw Failure.notFound }
        guard upload.expiresAt >= self.clock.now else {
            try await self.database.withConnection { try await ResumableUploadStore.delete(key: key, on: $0) }
            self.folder.remove(self.folder.folder(ofUpload: key).path)
            throw Failure.notFound
        }
        return upload
    }

    private func status(of upload: ResumableUpload) async throws -> Status {
        var video: VideoRecord?
        if let id = upload.videoID { video = try await self.database.withConnection { try await VideoStore.find(id: id, on: $0) } }
        return Status(length: upload.length, received: upload.received, expiresAt: upload.expiresAt, video: video)
    }

    /// Makes `writer` the writer of `upload` from `offset`, waiting up to a few seconds for a writer
    /// still heard from; the parts it replaces are removed.
    private func claim(_ upload: inout ResumableUpload, from offset: Int, writer: String) async throws {
        let started = ContinuousClock.now
        while true {
            let now = self.clock.now
            let expiresAt = now + (try await self.lifetime())
            let replaced = try await self.database.transaction { connection in
                try await ResumableUploadStore.claim(
                    key: upload.key, offset: offset, writer: writer, silentSince: now - Self.silentWriterSeconds, now: now, expiresAt: expiresAt,
                    on: connection)
            }
            if let replaced {
                for old in replaced { unlink(self.folder.part(ofUpload: upload.key, writer: old)) }
                upload.expiresAt = expiresAt
                return
            }
            let current = try await self.database.withConnection { try await ResumableUploadStore.find(key: upload.key, on: $0) }
            guard let current, current.videoID == nil else { throw Failure.notFound }
            guard current.received == offset else { throw Failure.offsetMismatch(received: current.received) }
            guard ContinuousClock.now - started < .seconds(3) else { throw Failure.busy }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    private func record(_ upload: ResumableUpload, writer: String, received: Int, releasing: Bool) async throws -> Bool {
        let now = self.clock.now
        let expiresAt = now + (try await self.lifetime())
        return try await self.database.withConnection {
            try await ResumableUploadStore.record(
                key: upload.key, writer: writer, received: received, now: now, expiresAt: expiresAt, releasing: releasing, on: $0)
        }
    }

    /// Passes a whole upload's bytes, its parts in order, through ``VideoUploads`` (its writer still
    /// holds it, so no other request does this at once); a refused video ends the upload.
    private func finish(_ upload: ResumableUpload, writer: String) async throws -> Status {
        let parts = try await self.database.withConnection { try await ResumableUploadStore.parts(key: upload.key, on: $0) }
        let pieces = parts.enumerated().map { index, part in
            (
                path: self.folder.part(ofUpload: upload.key, writer: part.writer),
                count: (index + 1 < parts.count ? parts[index + 1].start : upload.length) - part.start
            )
        }
        let added: (video: VideoRecord, created: Bool)
        do {
            added = try await self.uploads.add(
                FileChunks(pieces), name: upload.name, caption: upload.caption, credit: upload.credit, addedBy: upload.memberID)
        } catch let failure as VideoFailure {
            try await self.database.withConnection { try await ResumableUploadStore.delete(key: upload.key, on: $0) }
            self.folder.remove(self.folder.folder(ofUpload: upload.key).path)
            throw failure
        } catch {
            _ = try? await self.record(upload, writer: writer, received: upload.received, releasing: true)
            throw error
        }
        try await self.database.withConnection { try await ResumableUploadStore.markMade(key: upload.key, videoID: added.video.id, on: $0) }
        self.folder.remove(self.folder.folder(ofUpload: upload.key).path)
        return Status(length: upload.length, received: upload.length, expiresAt: upload.expiresAt, video: added.video)
    }
}

extension ResumableVideoUploads.Failure: RefusalConvertible {
    public var refusal: Refusal {
        switch self {
        case .notFound: .notFound(.videoUploadNotFound)
        case .offsetMismatch(let received): .conflict(.videoUploadOffset, String(received))
        case .busy: Refusal(.unavailable, .videoUploadBusy, retryAfterSeconds: 2)
        case .tooMuch(let length): .invalid(.videoUploadTooMuch, String(length))
        }
    }
}
