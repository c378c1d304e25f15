import EndpointServer
import Foundation
import Media
import Storage
import TestSupport
import Testing

/// `endpoint import composr --files` brings the galleries' videos (`cms_videos`) into the media
/// library through the video rules: a film found among the site's files is checked by ffprobe, kept
/// once with its title as caption and queued for what the apps play, then made by a server's worker;
/// one not found is reported, never a failure; a second run finds it already here.
@Suite struct ComposrImportVideoTests {
    /// The fixture's dump with two rows of Composr 10's `cms_videos` (its 20 columns, as mysqldump
    /// writes them): one film among the files, one not.
    static func dumpWithVideos(in folder: URL) throws -> String {
        let text = try String(contentsOf: ComposrFixture.dump, encoding: .utf8)
        let marker = "/*!40000 ALTER TABLE `cms_videos` DISABLE KEYS */;\n"
        let rows =
            "INSERT INTO `cms_videos` VALUES (1,'root','uploads/galleries/harbour%20dawn.mp4','','A film',1,1,1,'',2,1,1794666053,NULL,0,640,360,3,"
            + "'The harbour at dawn','',2),(2,'root','uploads/galleries/lost.mp4','','',1,1,1,'',2,1,1794666053,NULL,0,640,360,3,'Lost film','',2);\n"
        #expect(text.contains(marker))
        let path = folder.appendingPathComponent("with-videos.sql")
        try text.replacingOccurrences(of: marker, with: marker + rows).write(to: path, atomically: true, encoding: .utf8)
        return path.path
    }

    @Test(arguments: TestDatabase.engines)
    func theGalleriesVideosComeIntoTheLibraryAndAreMade(engine: DatabaseEngine) async throws {
        let clips = try VideoClips()
        let site = try ComposrImportFilesTests.unpackedSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let galleries = site.appendingPathComponent("uploads/galleries")
        try FileManager.default.createDirectory(at: galleries, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: try clips.clip("harbour.mp4", size: "640x360", seconds: 3), toPath: galleries.appendingPathComponent("harbour dawn.mp4").path)
        let dump = try Self.dumpWithVideos(in: clips.folder)
        let store = clips.path("store")

        let url = try await TestDatabase.freshURL(engine)
        #expect(try EndpointProcess.run(["migrate"], database: url.connectionString).status == 0)
        let without = try EndpointProcess.run(["import", "composr", dump, "--dry-run"], database: url.connectionString)
        #expect(without.output.contains("videos: 0 imported, 0 matched, 0 already here, 2 left out"), "\(without.output)")
        #expect(without.output.contains("2 gallery videos left out (give --files)"), "\(without.output)")

        let arguments = ["import", "composr", dump, "--files", site.path, "--media-store", store]
        let imported = try EndpointProcess.run(arguments, database: url.connectionString)
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.output.contains("videos: 1 imported, 0 matched, 0 already here, 1 left out"), "\(imported.output)")
        #expect(imported.output.contains("video 2: file not found: uploads/galleries/lost.mp4"), "\(imported.output)")
        #expect(!imported.output.contains("gallery videos"), "videos are no longer among what is not carried: \(imported.output)")
        let again = try EndpointProcess.run(arguments, database: url.connectionString)
        #expect(again.output.contains("videos: 0 imported, 0 matched, 1 already here, 1 left out"), "\(again.output)")

        var settings = ServerSettings()
        settings.mediaStoreDirectory = store
        settings.videoPollInterval = .milliseconds(100)
        let shared = settings
        try await TestDatabase.withOpen(url) { database in
            try await TestServer.run(sharing: database, settings: shared) { _, server in
                let video = try #require(try await server.database.withConnection { try await VideoStore.all(on: $0) }.first)
                #expect(video.name == "harbourdawn" && video.caption == "The harbour at dawn" && video.width == 640)
                try await Waiting.until("the imported video is made", seconds: 120) {
                    try await server.database.withConnection { try await VideoStore.find(id: video.id, on: $0) }?.state == .ready
                }
            }
        }
    }
}
