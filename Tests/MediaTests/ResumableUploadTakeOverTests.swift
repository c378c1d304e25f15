import Foundation
import Media
import Storage
import TestSupport
import Testing

/// A request whose client vanished unnoticed (a phone that lost its network mid-upload) holds an
/// upload only while it is heard from: another request is told to wait (busy) while it is, and takes
/// the upload over from its last record once it has been silent for ten seconds. What the silent one
/// sends afterwards is refused and never read: the video is the file's bytes exactly.
@Suite struct ResumableUploadTakeOverTests {
    @Test(arguments: TestDatabase.engines)
    func aSilentWriterIsTakenOverAndItsLateBytesAreNeverRead(engine: DatabaseEngine) async throws {
        let clips = try VideoClips()
        let path = try clips.clip("harbour.mp4")
        let clip = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let hash = String(try Subprocess.run(URL(fileURLWithPath: "/usr/bin/sha256sum"), [path]).output.prefix(64))
        let time = ManualClock()
        try await TestDatabase.withMigrated(engine) { database in
            let config = try await ConfigStore.load(from: database, clock: time.clock)
            let folder = MediaStoreFolder(root: clips.folder.appendingPathComponent("store"))
            let uploads = ResumableVideoUploads(database: database, config: config, folder: folder, clock: time.clock)
            let (token, _) = try await uploads.create(length: clip.count, name: "harbour", caption: "", credit: "", memberID: 2)
            let first = clip.count / 3
            let silent = AsyncStream<[UInt8]>.makeStream()
            let stalled = Task { try await uploads.append(silent.stream, token: token, memberID: 2, offset: 0, declaredBytes: nil) }
            silent.continuation.yield(Array(clip[..<(first - 10)]))
            // Its bytes are written before its clock moves (a record is due a second after the last).
            let parts = clips.folder.appendingPathComponent("store/incoming/uploads")
            try await Waiting.until("the first bytes written", seconds: 20) {
                let written = try? FileManager.default.subpathsOfDirectory(atPath: parts.path).filter { $0.hasSuffix(".part") }.compactMap {
                    try FileManager.default.attributesOfItem(atPath: parts.appendingPathComponent($0).path)[.size] as? Int
                }
                return written == [first - 10]
            }
            time.advance(seconds: 2)
            silent.continuation.yield(Array(clip[(first - 10)..<first]))
            try await Waiting.until("the first third recorded", seconds: 20) {
                try await uploads.status(token: token, memberID: 2).received == first
            }

            // Heard from two seconds ago: another request waits, then is told the upload is busy.
            let rest = AsyncStream<[UInt8]> { continuation in
                continuation.yield(Array(clip[first...]))
                continuation.finish()
            }
            await #expect(throws: ResumableVideoUploads.Failure.busy) {
                try await uploads.append(rest, token: token, memberID: 2, offset: first, declaredBytes: nil)
            }
            // Silent for ten seconds more: the next request takes over from the last record and finishes.
            time.advance(seconds: 11)
            let finished = try await uploads.append(rest, token: token, memberID: 2, offset: first, declaredBytes: nil)
            let video = try #require(finished.video)
            #expect(video.contentHash == hash, "the file's bytes exactly")

            // The silent request wakes up: its late bytes are refused, and nothing changes.
            time.advance(seconds: 2)
            silent.continuation.yield([UInt8](repeating: 0, count: 4096))
            silent.continuation.finish()
            await #expect(throws: ResumableVideoUploads.Failure.busy) { try await stalled.value }
            let after = try await uploads.status(token: token, memberID: 2)
            #expect(after.received == clip.count && after.video?.id == video.id)
        }
    }
}
