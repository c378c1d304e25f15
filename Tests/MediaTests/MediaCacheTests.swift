import Foundation
import Logging
import NIOCore
import Testing

@testable import Media

/// The versions' disk cache on a real folder: bounded, least recently used out first, and the same
/// after a restart.
@Suite struct MediaCacheTests {
    static let hashes = (0..<4).map { String(repeating: String($0), count: 64) }

    static func name(_ index: Int) -> String {
        MediaCache.name(contentHash: Self.hashes[index], tag: "d640", format: .jpeg)
    }

    /// The whole of cached file `name`, or nil on a miss.
    static func read(_ cache: MediaCache, _ name: String) -> ByteBuffer? {
        cache.open(name).flatMap { $0.read(at: 0, upTo: $0.size) }
    }

    @Test func theLeastRecentlyUsedGoFirstAndTheIndexSurvivesARestart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("media-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try MediaCache(directory: folder, budgetBytes: 1000, logger: Logger(label: "test"))
        for index in 0..<3 { cache.store(Self.name(index), ByteBuffer(repeating: UInt8(index), count: 300)) }
        #expect(cache.totalBytes == 900)
        #expect(Self.read(cache, Self.name(0)) == ByteBuffer(bytes: [UInt8](repeating: 0, count: 300)), "read: now the most recently used")
        cache.store(Self.name(3), ByteBuffer(repeating: 3, count: 300))
        #expect(cache.totalBytes == 900, "over 1000: down to 900 at most, the least recently used out")
        #expect(Self.read(cache, Self.name(1)) == nil)
        #expect(Self.read(cache, Self.name(0)) != nil && Self.read(cache, Self.name(2)) != nil && Self.read(cache, Self.name(3)) != nil)

        let restarted = try MediaCache(directory: folder, budgetBytes: 1000, logger: Logger(label: "test"))
        #expect(restarted.totalBytes == 900)
        #expect(Self.read(restarted, Self.name(3)) == ByteBuffer(bytes: [UInt8](repeating: 3, count: 300)))
        try Data("not ours".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        #expect(try MediaCache(directory: folder, budgetBytes: 1000, logger: Logger(label: "test")).totalBytes == 900, "other files are left alone")

        restarted.remove(contentHash: Self.hashes[0])
        #expect(restarted.totalBytes == 600 && Self.read(restarted, Self.name(0)) == nil)
        #expect(restarted.sweep(keeping: [Self.hashes[2]]) == 1 && restarted.totalBytes == 300)
    }

    @Test func aFileDeletedUnderneathIsAMiss() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("media-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try MediaCache(directory: folder, budgetBytes: 1000, logger: Logger(label: "test"))
        cache.store(Self.name(0), ByteBuffer(bytes: [1, 2, 3]))
        try FileManager.default.removeItem(at: folder)
        #expect(Self.read(cache, Self.name(0)) == nil)
        cache.store(Self.name(0), ByteBuffer(bytes: [1, 2, 3]))
        #expect(Self.read(cache, Self.name(0)) == ByteBuffer(bytes: [1, 2, 3]))
    }
}
