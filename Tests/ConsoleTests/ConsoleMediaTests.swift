import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Media
import Storage
import TestSupport
import Testing

/// The media library in the console: uploads by the API's checks, every image with its size and the
/// articles showing it, and deletion of only what no article shows.
@Suite struct ConsoleMediaTests {
    @Test func uploadSeveralSeeWhereEachIsUsedAndDeleteOnlyTheUnused() async throws {
        try await TestServer.run { client, site in
            try await ConsoleFixtures.editor("writer", services: site)
            let agent = ConsoleAgent(client)
            try await agent.signIn("writer")
            _ = try await agent.get("/admin/media")
            let first = try await agent.postMultipart(
                "/admin/media", [("action", "upload")], image: try ImageFixtures.bytes(ImageFixtures.landscape), imageField: "images", fileName: "field.jpg")
            #expect(first.status == .seeOther && first.location == "/admin/media?uploaded=1")
            _ = try await agent.get("/admin/media")
            let second = try await agent.postMultipart(
                "/admin/media", [("action", "upload")], image: try ImageFixtures.bytes(ImageFixtures.transparent), imageField: "images", fileName: "dot.png")
            #expect(second.status == .seeOther)
            let notImage = try await agent.postMultipart(
                "/admin/media", [("action", "upload")], image: Array("plain text".utf8), imageField: "images", fileName: "notes.txt")
            #expect(notImage.status.code >= 400 && notImage.text(ofID: "error")?.isEmpty == false, "\(notImage.status)")

            let images = try await site.database.withConnection { try await MediaStore.all(on: $0) }
            #expect(images.map(\.name) == ["field", "dot"])
            let field = try #require(images.first)
            let id = try await NewsFixtures.article("Harvest", body: "x", database: site.database)
            try await NewsFixtures.edit(id, database: site.database) {
                $0.article = "![The field](media:\(field.id))"
                $0.format = .markdown
            }
            let library = try await agent.get("/admin/media?uploaded=1")
            #expect(library.text(ofID: "notice") == "1 image uploaded.")
            #expect(library.body.contains("1,200 × 900 pixels") && library.body.contains("Shown by: Harvest"), "\(library.body)")
            #expect(library.body.contains(#"<img src="/media/\#(field.contentHash)/field.jpg?d=0""#))
            #expect(!library.body.contains(#"id="delete-\#(field.id)""#), "an image in use offers no deletion")
            let refused = try await agent.post("/admin/media", [("action", "delete"), ("image", String(field.id)), ("confirmed", "1")])
            #expect(refused.status.code >= 400 && refused.text(ofID: "error")?.contains("Harvest") == true, "\(refused.body)")
            _ = try await agent.get("/admin/media")
            // Deleting asks first; nothing is deleted by asking.
            let asked = try await agent.post("/admin/media", [("action", "delete"), ("image", String(images[1].id))])
            #expect(asked.status == .ok && asked.text(ofID: "question")?.hasPrefix("Delete the image ‘dot’") == true, "\(asked.body)")
            #expect(try await site.database.withConnection { try await MediaStore.all(on: $0) }.count == 2)
            let deleted = try await agent.post("/admin/media", [("action", "delete"), ("image", String(images[1].id)), ("confirmed", "1")])
            #expect(deleted.status == .seeOther)
            #expect(try await site.database.withConnection { try await MediaStore.all(on: $0) }.map(\.name) == ["field"])
            #expect(try await agent.get("/admin").body.contains("deleted the image dot"))
        }
    }

    /// A video goes with everything made for it, its original first, asked first and recorded; while an
    /// article shows it, the library offers no deletion and a forged one is refused with the article's title.
    @Test(arguments: TestDatabase.engines)
    func aVideoIsDeletedWithItsFilesOnlyWhenNoArticleShowsIt(engine: DatabaseEngine) async throws {
        let clips = try VideoClips()
        let clip = try clips.clip("quay.mp4", size: "320x180", seconds: 1)
        try await TestServer.run(engine: engine) { client, site in
            try await ConsoleFixtures.editor("writer", services: site)
            let agent = ConsoleAgent(client)
            try await agent.signIn("writer")
            let uploads = VideoUploads(database: site.database, config: site.config, folder: site.mediaStore)
            let video = try await uploads.add(FileChunks(path: clip), name: "quay", caption: nil, credit: nil, addedBy: nil).video
            let folder = site.mediaStore.folder(ofVideo: video.contentHash).path
            #expect(FileManager.default.fileExists(atPath: folder))
            let id = try await NewsFixtures.article("Quayside", body: "x", database: site.database)
            try await NewsFixtures.edit(id, database: site.database) { $0.videoID = .some(video.id) }

            let shown = try await agent.get("/admin/media")
            #expect(shown.body.contains("Shown by: Quayside") && !shown.body.contains(#"id="delete-video-\#(video.id)""#), "\(shown.body)")
            let refused = try await agent.post("/admin/media", [("action", "delete"), ("video", String(video.id)), ("confirmed", "1")])
            #expect(refused.status.code == 422, "\(refused.status)")
            #expect(refused.text(ofID: "error") == "This video is shown by the article ‘Quayside’; remove it from the article first.")

            try await NewsFixtures.edit(id, database: site.database) { $0.videoID = .some(nil) }
            #expect(try await agent.get("/admin/media").body.contains(#"id="delete-video-\#(video.id)""#))
            let asked = try await agent.post("/admin/media", [("action", "delete"), ("video", String(video.id))])
            #expect(asked.text(ofID: "question")?.hasPrefix("Delete the video ‘quay’") == true, "\(asked.body)")
            #expect(FileManager.default.fileExists(atPath: folder), "nothing is deleted by asking")
            let deleted = try await agent.post("/admin/media", [("action", "delete"), ("video", String(video.id)), ("confirmed", "1")])
            #expect(deleted.status == .seeOther)
            #expect(try await site.database.withConnection { try await VideoStore.find(id: video.id, on: $0) } == nil)
            #expect(!FileManager.default.fileExists(atPath: folder))
            #expect(try await agent.get("/admin").body.contains("deleted the video quay"))
        }
    }
}
