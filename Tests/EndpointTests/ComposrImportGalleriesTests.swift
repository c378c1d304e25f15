import EndpointServer
import Foundation
import Galleries
import HTTPTypes
import Media
import Storage
import TestSupport
import Testing

/// `endpoint import composr --files` brings Composr's galleries module: the tree (`cms_galleries`,
/// Composr's names kept, a gallery whose parent is not in the dump at the top), the images
/// (`cms_images`) and videos (`cms_videos`) placed in their galleries with their titles, submitters,
/// dates and validation, their files in the media library; what cannot come is reported, and a run
/// again changes nothing.
@Suite struct ComposrImportGalleriesTests {
    /// The fixture's dump with rows of Composr 10's `cms_galleries` (its 23 columns), `cms_images` (17)
    /// and `cms_videos` (20), as mysqldump writes them, after the fixture's own `root`.
    static func dumpWithGalleries(in folder: URL) throws -> String {
        var text = try String(contentsOf: ComposrFixture.dump, encoding: .utf8)
        let rows = [
            "cms_galleries":
                "INSERT INTO `cms_galleries` VALUES ('summer','Our [b]summer[/b]','Summer 2026',1794666000,'uploads/repimages/summer.jpg','root',"
                + "'','','','',1,1,1,1,'',0,1,0,NULL,'',2,'',2),('orphan','','',1794666001,'','gone','','','','',1,1,1,1,'',0,1,0,NULL,'',2,'',2);\n",
            "cms_images":
                "INSERT INTO `cms_images` VALUES (1,'summer','uploads/galleries/beach.jpg','','The beach at noon',1,1,1,'',2,1,1794666100,NULL,0,'Beach','',2),"
                + "(2,'summer','uploads/galleries/lost.jpg','','',1,1,1,'',2,1,1794666200,NULL,0,'Lost','',2),"
                + "(3,'summer','uploads/galleries/green.png','','Waiting',1,1,1,'',2,0,1794666300,NULL,0,'','',2),"
                + "(4,'nowhere','uploads/galleries/beach.jpg','','',1,1,1,'',2,1,1794666400,NULL,0,'Astray','',2);\n",
            "cms_videos":
                "INSERT INTO `cms_videos` VALUES (1,'summer','uploads/galleries/harbour.mp4','','',1,1,1,'',2,1,1794666500,NULL,0,640,360,3,"
                + "'The harbour at dawn','',2);\n",
        ]
        for (table, insert) in rows {
            let marker = "/*!40000 ALTER TABLE `\(table)` DISABLE KEYS */;\n"
            #expect(text.contains(marker))
            text = text.replacingOccurrences(of: marker, with: marker + insert)
        }
        let path = folder.appendingPathComponent("with-galleries.sql")
        try text.write(to: path, atomically: true, encoding: .utf8)
        return path.path
    }

    @Test(arguments: TestDatabase.engines)
    func theGalleriesComeOverWithTheirImagesAndVideos(engine: DatabaseEngine) async throws {
        let clips = try VideoClips()
        let site = try ComposrImportFilesTests.unpackedSite()
        defer { try? FileManager.default.removeItem(at: site) }
        for (folder, name, bytes) in [
            ("uploads/galleries", "beach.jpg", try ImageFixtures.bytes(ImageFixtures.landscape)),
            ("uploads/galleries", "green.png", try ImageFixtures.bytes(ImageFixtures.wideGreenCentre)),
            ("uploads/repimages", "summer.jpg", try ImageFixtures.bytes(ImageFixtures.landscape)),
        ] {
            let directory = site.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(bytes).write(to: directory.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(
            atPath: try clips.clip("harbour.mp4", size: "320x180", seconds: 1), toPath: site.appendingPathComponent("uploads/galleries/harbour.mp4").path)
        let dump = try Self.dumpWithGalleries(in: clips.folder)
        let url = try await TestDatabase.freshURL(engine)
        #expect(try EndpointProcess.run(["migrate"], database: url.connectionString).status == 0)

        let arguments = ["import", "composr", dump, "--files", site.path, "--media-store", clips.path("store")]
        let imported = try EndpointProcess.run(arguments, database: url.connectionString)
        #expect(imported.status == 0, "\(imported.errors)")
        for line in [
            "galleries: 3 imported, 0 matched, 0 already here, 0 left out", "gallery_items: 3 imported, 0 matched, 0 already here, 2 left out",
            "gallery orphan: its parent gone is not in the dump; it is at the top", "gallery image 2: file not found: uploads/galleries/lost.jpg",
            "gallery image 4: There is no gallery ‘nowhere’.", "videos: 1 imported",
        ] {
            #expect(imported.output.contains(line), "\(line): \(imported.output)")
        }
        #expect(!imported.output.contains("galleries,") && !imported.output.contains("gallery images"), "no longer among what is not carried")
        let again = try EndpointProcess.run(arguments, database: url.connectionString)
        #expect(again.output.contains("galleries: 0 imported, 0 matched, 3 already here, 0 left out"), "\(again.output)")
        #expect(again.output.contains("gallery_items: 0 imported, 0 matched, 3 already here, 2 left out"), "\(again.output)")

        try await TestDatabase.withOpen(url) { database in
            try await TestServer.run(sharing: database) { client, _ in
                // The tree through the API: root holding summer (its cover the library's), orphan at the top.
                let tree = try await client.envelope("/data/endpoint.php/content/galleries")
                let top = try #require(tree.data["galleries"] as? [[String: Any]], "\(tree.raw)")
                #expect(Set(top.compactMap { $0["name"] as? String }) == ["root", "orphan"], "\(tree.raw)")
                let root = try #require(top.first { $0["name"] as? String == "root" })
                let summer = try #require((root["galleries"] as? [[String: Any]])?.first)
                #expect(summer["name"] as? String == "summer" && summer["title"] as? String == "Summer 2026" && summer["cover"] is [String: Any])
                #expect(top.first { $0["name"] as? String == "orphan" }?["title"] as? String == "orphan", "a gallery without a title is titled by its name")
                // Summer's items in Composr's order, the one awaiting validation kept but not shown.
                let page = try await client.envelope("/data/endpoint.php/content/galleries/galleries/summer")
                let items = try #require(page.data["items"] as? [[String: Any]], "\(page.raw)")
                #expect(items.map { $0["caption"] as? String } == ["Beach", "The harbour at dawn"], "\(page.raw)")
                #expect(items.map { $0["type"] as? String } == ["image", "video"])
                let image = try #require((items.first?["image"] as? [String: Any])?["url"] as? String)
                #expect(try await client.image(image).status == .ok)
                // The old addresses of the galleries and their entries redirect for good to the gallery's page.
                for (old, location) in [
                    ("/index.php?page=galleries&type=image&id=1", "/galleries/summer"), ("/site/galleries/video/1.htm", "/galleries/summer"),
                    ("/site/index.php?page=galleries&type=browse&id=orphan", "/galleries/orphan"), ("/galleries/browse/root.htm", "/galleries/root"),
                ] {
                    try await client.execute(uri: old, method: .get) {
                        #expect($0.status == .movedPermanently && $0.headers[.location] == location, "\(old): \($0.status)")
                    }
                }
                try await client.execute(uri: "/galleries/summer", method: .get) {
                    #expect($0.status == .ok && String(buffer: $0.body).contains("<figcaption>Beach</figcaption>"), "\(String(buffer: $0.body))")
                }
                try await client.execute(uri: "/index.php?page=galleries&type=image&id=2", method: .get) {
                    #expect($0.status == .notFound, "an entry left out has no page")
                }
            }
            let all = try await database.withConnection { connection in
                try await GalleryItemStore.all(ofGallery: try #require(try await GalleryStore.gallery(named: "summer", on: connection)).id, on: connection)
            }
            #expect(all.map(\.caption) == ["Beach", "Waiting", "The harbour at dawn"] && all.map(\.validated) == [true, false, true], "\(all)")
            #expect(all.map(\.submitterID) == [2, 2, 2] && all.first?.addDate == 1_794_666_100)
        }
    }
}
