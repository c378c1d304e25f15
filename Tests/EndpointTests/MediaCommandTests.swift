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
