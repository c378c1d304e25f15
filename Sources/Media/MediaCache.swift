public import Foundation
public import Logging
import Metrics
import NIOConcurrencyHelpers
public import NIOCore
public import Storage

/// The versions this instance made, as files in one folder (`--media-cache`): rebuilt from the
/// originals on a miss, so the folder can be emptied or lost at any time. Bounded by
/// `media_cache_mb`: past it the least recently used files go first. Which files were used last is
/// kept in memory (the order of their uses) and, roughly, in the files' modification times (from the
/// site's clock), so the order survives a restart.
///
/// Files are named `<content hash>.<version>.<extension>` in a subfolder per first two hash digits;
/// they are written under a temporary name and renamed, so a reader never sees half a file.
public final class MediaCache: Sendable {
    private struct Entry {
        var bytes: Int
        /// When it was last used, as a place in the order of uses.
        var lastUse: Int
        /// The modification time its file was last given, in Unix seconds.
        var touchedOnDisk: Int
    }

    private struct Index {
        var entries: [String: Entry] = [:]
        var totalBytes = 0
        /// How many uses there were: the next use's place.
        var uses = 0

        mutating func use() -> Int {
            self.uses += 1
            return self.uses
        }
    }

    public let directory: URL
    private let budgetBytes: Int
    private let index = NIOLockedValueBox(Index())
    private let logger: Logger
    private let clock: SiteClock
    /// `endpoint_media_cache_hits_total`, `…_misses_total`, `endpoint_media_cache_bytes`.
    private let hits = Counter(label: "endpoint_media_cache_hits_total")
    private let misses = Counter(label: "endpoint_media_cache_misses_total")
    private let size = Gauge(label: "endpoint_media_cache_bytes")

    /// How stale a file's modification time may get before a use updates it (a write to the disk).
    private static let touchInterval = 600

    /// The cache in `directory` (created if missing), with the files already there, holding at most
    /// `budgetBytes`, its uses timed by `clock`.
    public init(directory: URL, budgetBytes: Int, logger: Logger, clock: SiteClock = .system) throws {
        self.directory = directory
        self.budgetBytes = max(1, budgetBytes)
        self.logger = logger
        self.clock = clock
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var index = Index()
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: keys)
        var found: [(name: String, bytes: Int, modified: Date)] = []
        while let file = files?.nextObject() as? URL {
            guard let values = try? file.resourceValues(forKeys: Set(keys)), values.isRegularFile == true,
                let name = Self.name(of: file), let bytes = values.fileSize
            else { continue }
            found.append((name, bytes, values.contentModificationDate ?? .distantPast))
        }
        for file in found.sorted(by: { $0.modified < $1.modified }) {
            let modified = Int(file.modified.timeIntervalSince1970)
            index.entries[file.name] = Entry(bytes: file.bytes, lastUse: index.use(), touchedOnDisk: modified)
            index.totalBytes += file.bytes
        }
        self.index.withLockedValue { $0 = index }
        self.size.record(index.totalBytes)
        self.evictOverBudget()
    }

    /// The file's name for version `tag` of the image with `contentHash`, in `format`.
    static func name(contentHash: String, tag: String, format: MediaFormat) -> String {
        "\(contentHash).\(tag).\(format.fileExtension)"
    }

    /// Cached file `name`, opened for reading; nil on a miss. It stays readable however long its
    /// reader takes, even if it is evicted meanwhile (the descriptor keeps it).
    func open(_ name: String) -> CachedFile? {
        guard self.index.withLockedValue({ $0.entries[name] != nil }), let file = CachedFile(path: self.url(of: name).path) else {
            self.misses.increment()
            return nil
        }
        self.hits.increment()
        let now = self.clock.now
        let touch = self.index.withLockedValue { index -> Bool in
            guard var entry = index.entries[name] else { return false }
            entry.lastUse = index.use()
            let stale = now - entry.touchedOnDisk > Self.touchInterval
            if stale { entry.touchedOnDisk = now }
            index.entries[name] = entry
            return stale
        }
        if touch {
            try? FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: TimeInterval(now))], ofItemAtPath: self.url(of: name).path)
        }
        return file
    }

    /// Keeps `bytes` as file `name`, then lets the least recently used files go while over budget.
    func store(_ name: String, _ bytes: ByteBuffer) {
        let file = self.url(of: name)
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes.readableBytesView).write(to: file, options: .atomic)
        } catch {
            self.logger.warning("could not keep an image version", metadata: ["file": "\(file.path)", "error": "\(error)"])
            return
        }
        let now = self.clock.now
        let total = self.index.withLockedValue { index -> Int in
            if let old = index.entries[name] { index.totalBytes -= old.bytes }
            index.entries[name] = Entry(bytes: bytes.readableBytes, lastUse: index.use(), touchedOnDisk: now)
            index.totalBytes += bytes.readableBytes
            return index.totalBytes
        }
        self.size.record(total)
        if total > self.budgetBytes { self.evictOverBudget() }
    }

    /// Removes every version of the image with `contentHash` (deleted).
    public func remove(contentHash: String) {
        let names = self.index.withLockedValue { index in index.entries.keys.filter { $0.hasPrefix(contentHash + ".") } }
        self.remove(names)
    }

    /// Removes the versions of every image whose hash is not in `kept` (the maintenance sweep: images
    /// deleted while this instance was not told); returns how many files went.
    @discardableResult
    public func sweep(keeping kept: Set<String>) -> Int {
        let names = self.index.withLockedValue { index in
            index.entries.keys.filter { name in !kept.contains(String(name.prefix { $0 != "." })) }
        }
        self.remove(names)
        return names.count
    }

    /// The bytes the cached files take.
    public var totalBytes: Int { self.index.withLockedValue { $0.totalBytes } }

    /// Drops the least recently used files until the cache is at most nine tenths of its budget (so a
    /// full cache does not evict on every store).
    private func evictOverBudget() {
        let names = self.index.withLockedValue { index -> [String] in
            guard index.totalBytes > self.budgetBytes else { return [] }
            var excess = index.totalBytes - self.budgetBytes * 9 / 10
            var chosen: [String] = []
            for (name, entry) in index.entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where excess > 0 {
                chosen.append(name)
                excess -= entry.bytes
            }
            return chosen
        }
        self.remove(names)
    }

    private func remove(_ names: [String]) {
        guard !names.isEmpty else { return }
        for name in names { try? FileManager.default.removeItem(at: self.url(of: name)) }
        let total = self.index.withLockedValue { index -> Int in
            for name in names {
                if let entry = index.entries.removeValue(forKey: name) { index.totalBytes -= entry.bytes }
            }
            return index.totalBytes
        }
        self.size.record(total)
    }

    private func url(of name: String) -> URL {
        self.directory.appendingPathComponent(String(name.prefix(2)), isDirectory: true).appendingPathComponent(name)
    }

    /// The cache name of `file`, or nil for anything that is not one of the cache's files (a
    /// temporary file left by a crash, something an operator put there).
    private static func name(of file: URL) -> String? {
        let name = file.lastPathComponent
        let parts = name.split(separator: ".")
        guard parts.count == 3, parts[0].count == 64, parts[0].allSatisfy(\.isHexDigit),
            file.deletingLastPathComponent().lastPathComponent == String(name.prefix(2))
        else { return nil }
        return name
    }
}
