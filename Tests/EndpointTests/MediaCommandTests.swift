import Crypto
import Foundation
import Media
import Storage
import TestSupport
import Testing

/// `endpoint media add` and `endpoint assets export` as an operator runs them.
@Suite struct MediaCommandTests {
    @Test(arguments: TestDatabase.engines)
    func imagesAreAddedOnceAndBadOnesRefusedWithASentence(engine: DatabaseEngine) async throws {
        let url = try await TestDatabase.freshURL(engine)
        let file = ImageFixtures.url(ImageFixtures.landscape).path
        let added = try EndpointProcess.run(["media", "add", file, "--caption", "A field", "--credit", "Ann"], database: url.connectionString)
        #expect(added.status == 0, "\(added.errors)")
        #expect(added.output.hasPrefix("added: media:1 /media/") && added.output.hasSuffix("/landscape-1200x900.jpg\n"), "\(added.output)")
        let again = try EndpointProcess.run(["media", "add", file, "--name", "copy"], database: url.connectionString)
        #expect(again.output.hasPrefix("already stored: media:1 "), "\(again.output)")
        try await TestDatabase.withOpen(url) { database in
            let image = try #require(try await database.withConnection { try await MediaStore.find(id: 1, on: $0) })
            #expect(image.caption == "A field" && image.credit == "Ann" && image.width == 1200 && image.height == 900)
        }

        let cut = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID()).jpg")
        defer { try? FileManager.default.removeItem(at: cut) }
        try Data(try ImageFixtures.truncated(ImageFixtures.landscape)).write(to: cut)
        let refused = try EndpointProcess.run(["media", "add", cut.path], database: url.connectionString)
        #expect(refused.status != 0)
        #expect(refused.errors.contains("The image is damaged or incomplete. Please upload it again."), "\(refused.errors)")
    }

    @Test(arguments: TestDatabase.engines)
    func videosAreCheckedKeptOnceAndRefusalsLeaveNothing(engine: DatabaseEngine) async throws {
        let url = try await TestDatabase.freshURL(engine)
        let clips = try VideoClips()
        let store = clips.folder.appendingPathComponent("store")
        func add(_ file: String, _ extra: [String] = []) throws -> (status: Int32, output: String, errors: String) {
            try EndpointProcess.run(["media", "add", file, "--media-store", store.path] + extra, database: url.connectionString)
        }
        func videoFolders() -> [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: store.appendingPathComponent("videos").path)) ?? []
        }
        func incoming() -> [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: store.appendingPathComponent("incoming").path)) ?? []
        }

        let clip = try clips.clip("harbour.mov", sound: true)
        let added = try add(clip, ["--caption", "The harbour"])
        #expect(added.status == 0, "\(added.errors)")
        #expect(added.output == "added: video:1 320×240, 2000 ms, queued\n", "\(added.output)")
        let hash = SHA256.hash(data: try Data(contentsOf: URL(fileURLWithPath: clip))).map { String(format: "%02x", $0) }.joined()
        #expect(videoFolders() == [hash])
        let original = store.appendingPathComponent("videos/\(hash)/original.mp4")
        #expect(try Data(contentsOf: original) == Data(contentsOf: URL(fileURLWithPath: clip)), "kept byte for byte, named by its content")
        #expect(try add(clip, ["--name", "copy"]).output == "already stored: video:1 320×240, 2000 ms, queued\n")

        // An HLS playlist naming a local file, named as a video; a clip cut in half; one over the limit.
        let playlist = try clips.write("playlist.mp4", Array("#EXTM3U\n#EXTINF:1,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n".utf8))
        let whole = Array(try Data(contentsOf: URL(fileURLWithPath: try clips.make("whole.mp4", ["-i", clip, "-c", "copy", "-movflags", "+faststart"]))))
        let cut = try clips.write("cut.mp4", Array(whole.prefix(whole.count / 2)))
        let refusals = [
            (playlist, "Only MP4, QuickTime (MOV), Matroska (MKV) and WebM videos can be uploaded."),
            (cut, "The video is damaged or incomplete. Please upload it again."),
        ]
        for (file, sentence) in refusals {
            let refused = try add(file)
            #expect(refused.status != 0 && refused.errors.contains(sentence), "\(file): \(refused.errors)")
        }
        try await TestDatabase.withOpen(url) { database in
            try await database.withConnection { connection in
                try await connection.raw("DELETE FROM config WHERE name = 'video_max_bytes'").run()
                try await connection.raw("INSERT INTO config (name, value) VALUES ('video_max_bytes', '50000')").run()
            }
        }
        let large = try add(try clips.clip("long.mp4", seconds: 4))
        #expect(large.status != 0 && large.errors.contains("the largest this site accepts is 0.1 MB"), "\(large.errors)")

        #expect(videoFolders() == [hash], "nothing of a refused upload is kept")
        #expect(incoming().isEmpty)
        try await TestDatabase.withOpen(url) { database in
            let videos = try await database.withConnection { try await VideoStore.all(on: $0) }
            #expect(videos.map(\.name) == ["harbour"])
            let bytes = try Data(contentsOf: URL(fileURLWithPath: clip)).count
            let video = try #require(videos.first)
            #expect(video.caption == "The harbour" && video.container == "mp4" && video.hasSound && video.byteCount == bytes)
        }
    }

    /// Runs `endpoint assets export` of fixture `image` for `platform` into a fresh folder, and `body`
    /// with the command's result and the folder (removed afterwards).
    private func export(
        _ image: String, platform: String, _ body: (_ result: (status: Int32, output: String, errors: String), _ output: URL) throws -> Void
    ) throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("icons-\(UUID())")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try Subprocess.run(
            EndpointProcess.executable, ["assets", "export", "--image", ImageFixtures.url(image).path, "--platform", platform, "--output", output.path]
        )
        try body(result, output)
    }

    @Test func iOSIconsAreEverySizeXcodeNamesInContentsJSON() throws {
        try self.export(ImageFixtures.icon, platform: "ios") { result, output in
            #expect(result.status == 0, "\(result.errors)")
            let folder = output.appendingPathComponent("AppIcon.appiconset")
            let contents = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("Contents.json"))) as? [String: Any]
            let images = try #require(contents?["images"] as? [[String: String]])
            #expect(images.count == 18)
            #expect(Set(images.compactMap { $0["idiom"] }) == ["iphone", "ipad", "ios-marketing"])
            for image in images {
                let size = try #require(image["size"]?.split(separator: "x").first.flatMap { Double($0) })
                let scale = try #require(image["scale"]?.dropLast().description).flatMap { Double($0) } ?? 0
                let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(try #require(image["filename"]))))
                let header = try #require(MediaCodec.header(of: bytes, as: .png))
                #expect(header.width == Int(size * scale) && header.height == Int(size * scale), "\(image)")
            }
        }
    }

    @Test func androidIconsAreOnePerDensity() throws {
        try self.export(ImageFixtures.icon, platform: "android") { result, output in
            #expect(result.status == 0, "\(result.errors)")
            for (density, side) in [("mdpi", 48), ("hdpi", 72), ("xhdpi", 96), ("xxhdpi", 144), ("xxxhdpi", 192)] {
                let bytes = Array(try Data(contentsOf: output.appendingPathComponent("mipmap-\(density)/ic_launcher.png")))
                let header = try #require(MediaCodec.header(of: bytes, as: .png))
                #expect(header.width == side && header.height == side, "\(density)")
                let centre = try #require(MediaCodec.pixel(of: bytes, x: side / 2, y: side / 2))
                #expect(centre[0] > 200 && centre[1] > 200, "the white centre of the source: \(centre)")
            }
        }
    }

    @Test func aSmallOrOblongImageIsRefused() throws {
        try self.export(ImageFixtures.landscape, platform: "android") { result, output in
            #expect(result.status != 0)
            #expect(result.errors.contains("App icons are made from a square image of at least 1024 pixels; this one is 1200×900."), "\(result.errors)")
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
    }
}
