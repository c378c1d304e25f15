import Crypto
public import Foundation
import Glibc

/// The media store: the folder (`--media-store`) where videos' bytes live, shared by every instance
/// behind a load balancer. `incoming/` holds bytes still arriving or being checked (named at random,
/// never served); `videos/<content hash>/` a checked video's files, moved there whole by a rename, so
/// a reader on any instance sees a file whole or not at all.
public struct MediaStoreFolder: Sendable {
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// Bytes received into `incoming/`: where they are, their SHA-256 (hex) and how many.
    public struct Incoming: Sendable {
        public let path: String
        public let contentHash: String
        public let byteCount: Int
    }

    /// Why bytes could not be received.
    public enum ReceiveFailure: Error, Equatable {
        /// More than the maximum arrived (the caller's limit, checked as they arrive).
        case tooLarge(bytes: Int)
        /// The store could not be written (`errno`'s description).
        case unwritable(String)
    }

    /// Writes `chunks` to a new file of `incoming/`, hashing them as they pass; past `maximumBytes`
    /// the file is removed and ``ReceiveFailure/tooLarge(bytes:)`` thrown at once (a client sending
    /// too much costs at most the limit's bytes of disk, never memory). The file is flushed to disk
    /// before this returns.
    func receive<Chunks: AsyncSequence>(_ chunks: Chunks, maximumBytes: Int) async throws -> Incoming
    where Chunks.Element == [UInt8] {
        let incoming = self.root.appendingPathComponent("incoming", isDirectory: true)
        try Self.makeFolder(incoming)
        let path = incoming.appendingPathComponent("\(UUID().uuidString.lowercased()).part").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o640)
        guard descriptor >= 0 else { throw ReceiveFailure.unwritable(String(cString: strerror(errno))) }
        var hash = SHA256()
        var count = 0
        do {
            defer { close(descriptor) }
            for try await chunk in chunks {
                count += chunk.count
                guard count <= maximumBytes else { throw ReceiveFailure.tooLarge(bytes: count) }
                hash.update(data: chunk)
                try Self.append(chunk, to: descriptor)
            }
            guard fsync(descriptor) == 0 else { throw ReceiveFailure.unwritable(String(cString: strerror(errno))) }
        } catch {
            unlink(path)
            throw error
        }
        return Incoming(path: path, contentHash: hash.finalize().map { String(format: "%02x", $0) }.joined(), byteCount: count)
    }

    /// Forgets bytes received (a refused upload): nothing of it is kept.
    func discard(_ incoming: Incoming) {
        unlink(incoming.path)
    }

    /// Moves checked bytes to be video `contentHash`'s original, named `original.<ext>`; when the video
    /// already has one (the same bytes uploaded twice), the new copy is discarded.
    func keepOriginal(_ incoming: Incoming, fileExtension: String) throws {
        let folder = self.folder(ofVideo: incoming.contentHash)
        try Self.makeFolder(folder)
        let original = folder.appendingPathComponent("original.\(fileExtension)").path
        guard access(original, F_OK) != 0 else { return self.discard(incoming) }
        guard rename(incoming.path, original) == 0 else { throw ReceiveFailure.unwritable(String(cString: strerror(errno))) }
        Self.flushFolder(folder.path)
    }

    /// The path of video `contentHash`'s original, kept with `fileExtension`.
    func original(ofVideo contentHash: String, fileExtension: String) -> String {
        self.folder(ofVideo: contentHash).appendingPathComponent("original.\(fileExtension)").path
    }

    /// A new, empty folder for a worker to make video `contentHash`'s files in (`work-<random>`): never
    /// served, and renamed to `made-<random>` once everything in it is whole (``promote(_:)``).
    func makeWorkFolder(ofVideo contentHash: String) throws -> String {
        let folder = self.folder(ofVideo: contentHash).appendingPathComponent("work-\(UUID().uuidString.lowercased())", isDirectory: true)
        try Self.makeFolder(folder)
        return folder.path
    }

    /// Renames work folder `path` to a `made-` folder beside it; returns the new folder's name.
    func promote(_ path: String) throws -> String {
        let work = URL(fileURLWithPath: path, isDirectory: true)
        let name = "made-" + work.lastPathComponent.dropFirst("work-".count)
        guard rename(path, work.deletingLastPathComponent().appendingPathComponent(name).path) == 0 else {
            throw ReceiveFailure.unwritable(String(cString: strerror(errno)))
        }
        Self.flushFolder(work.deletingLastPathComponent().path)
        return name
    }

    /// Removes the work folders of video `contentHash` and its made folders other than `keeping`: what
    /// attempts that died (a killed server) or lost their lease left. Only the holder of the video's
    /// job calls it, so no other worker is writing there.
    func removeLeftovers(ofVideo contentHash: String, keeping: String?) {
        let folder = self.folder(ofVideo: contentHash)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasPrefix("work-") || (name.hasPrefix("made-") && name != keeping) {
            self.remove(folder.appendingPathComponent(name).path)
        }
    }

    /// Removes a folder of made or half-made files (a job that lost its lease, failed, or was not
    /// recorded).
    func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Removes everything of video `contentHash`: its original and every make (a deleted video, or bytes
    /// no video was recorded for).
    func removeVideo(_ contentHash: String) {
        self.remove(self.folder(ofVideo: contentHash).path)
    }

    /// The content hashes of the videos' folders left unchanged for `seconds` or more (a folder changes
    /// whenever an original or a make is moved into it).
    func videoFolders(unchangedFor seconds: Int) -> [String] {
        let videos = self.root.appendingPathComponent("videos", isDirectory: true)
        let before = Date().addingTimeInterval(-Double(seconds))
        return ((try? FileManager.default.contentsOfDirectory(atPath: videos.path)) ?? []).filter { hash in
            let modified = (try? FileManager.default.attributesOfItem(atPath: videos.appendingPathComponent(hash).path))?[.modificationDate] as? Date
            return modified.map { $0 <= before } ?? false
        }
    }

    /// The folder of resumable upload `key`'s parts (`incoming/uploads/<key>/`).
    func folder(ofUpload key: String) -> URL {
        self.root.appendingPathComponent("incoming/uploads", isDirectory: true).appendingPathComponent(key, isDirectory: true)
    }

    /// The file of resumable upload `key`'s part written by `writer`.
    func part(ofUpload key: String, writer: String) -> String {
        self.folder(ofUpload: key).appendingPathComponent(writer + ".part").path
    }

    /// A new, empty part file of resumable upload `key`, for `writer` to write.
    func createPart(ofUpload key: String, writer: String) throws -> PartFile {
        try Self.makeFolder(self.folder(ofUpload: key))
        let descriptor = open(self.part(ofUpload: key, writer: writer), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o640)
        guard descriptor >= 0 else { throw ReceiveFailure.unwritable(String(cString: strerror(errno))) }
        return PartFile(descriptor: descriptor)
    }

    /// A part file being written: bytes appended, flushed to disk before they are recorded.
    final class PartFile {
        private let descriptor: Int32

        fileprivate init(descriptor: Int32) { self.descriptor = descriptor }
        deinit { close(self.descriptor) }

        func append(_ bytes: [UInt8]) throws { try MediaStoreFolder.append(bytes, to: self.descriptor) }

        func flush() throws {
            guard fdatasync(self.descriptor) == 0 else { throw ReceiveFailure.unwritable(String(cString: strerror(errno))) }
        }
    }

    /// The keys of the resumable uploads that have a folder.
    func uploadKeys() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: self.root.appendingPathComponent("incoming/uploads").path)) ?? []
    }

    /// The folder of video `contentHash`'s files.
    public func folder(ofVideo contentHash: String) -> URL {
        self.root.appendingPathComponent("videos", isDirectory: true).appendingPathComponent(contentHash, isDirectory: true)
    }

    private static func makeFolder(_ folder: URL) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ReceiveFailure.unwritable("\(folder.path): \(error.localizedDescription)")
        }
    }

    private static func append(_ bytes: [UInt8], to descriptor: Int32) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw ReceiveFailure.unwritable(String(cString: strerror(errno))) }
            written += count
        }
    }

    /// Makes a rename into `path` survive a crash of the machine.
    private static func flushFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
