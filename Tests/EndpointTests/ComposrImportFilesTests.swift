import Foundation
import SQLKit
import Storage
import TestSupport
import Testing

/// `endpoint import composr --files`: the images of the site's articles and categories, and those its
/// bodies show, come into the media library from the site's folder or an archive of it, and are served
/// in their versions; what is not found, not an image, or outside the site's folder is reported, never
/// read. And Composr's articles filed in several categories are listed in each.
@Suite struct ComposrImportFilesTests {
    static let archive = ComposrFixture.directory.appendingPathComponent("site-files.tar.gz").path

    /// The fixture's archive unpacked into a new folder (as an operator's copy of the site).
    static func unpackedSite() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("composr-site-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let tar = try Subprocess.run(URL(fileURLWithPath: "/usr/bin/tar"), ["-xzf", Self.archive, "-C", folder.path])
        #expect(tar.status == 0, "\(tar.errors)")
        return folder
    }

    @Test(arguments: TestDatabase.engines)
    func theSitesImagesAreInTheMediaLibraryAndArticlesInEachOfTheirCategories(engine: DatabaseEngine) async throws {
        let url = try await TestDatabase.freshURL(engine)
        #expect(try EndpointProcess.run(["migrate"], database: url.connectionString).status == 0)
        let imported = try EndpointProcess.run(["import", "composr", ComposrFixture.dump.path, "--files", Self.archive], database: url.connectionString)
        #expect(imported.status == 0, "\(imported.errors)")
        // The article's photo comes over; the two categories' images are theme files the archive lacks.
        #expect(imported.output.contains("files: 1 imported, 0 matched, 0 already here, 2 left out"), "\(imported.output)")
        #expect(imported.output.contains("news category 8: file not found: themes/default/images/newscats/technology.jpg"), "\(imported.output)")
        #expect(!imported.output.contains("only its main category"), "\(imported.output)")
        let site = try Self.unpackedSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let sum = try Subprocess.run(URL(fileURLWithPath: "/usr/bin/sha256sum"), [site.appendingPathComponent("uploads/repimages/park-photo.jpg").path])
        let photoHash = String(sum.output.prefix { $0 != " " })

        try await TestDatabase.withOpen(url) { database in
            try await TestServer.run(sharing: database) { client, site in
                let article = try #require(try await client.news("articles/6", "fields=id,image").data["article"] as? [String: Any])
                let image = try #require(article["image"] as? [String: Any], "\(article)")
                let imageURL = try #require(image["url"] as? String)
                #expect(imageURL.hasPrefix(site.publicURL + "/media/\(photoHash)/park-photo.jpg"), "the file's very bytes: \(imageURL)")
                #expect(image["width"] as? Int != nil && (image["variants"] as? [[String: Any]])?.isEmpty == false, "\(image)")
                let original = String(imageURL.dropFirst(site.publicURL.count).prefix { $0 != "?" })
                let served = try await client.execute(uri: original, method: .get) { ($0.status, $0.headers[.contentType], Data(buffer: $0.body)) }
                #expect(served.0 == .ok && served.1 == "image/jpeg" && !served.2.isEmpty, "\(original): \(served.0)")
                let phone = try await client.execute(uri: original + "?d=phone", method: .get) { ($0.status, $0.headers[.contentType]) }
                #expect(phone.0 == .ok && phone.1 == "image/jpeg", "\(phone)")

                // Article 5: main category Business (6), filed also in Technology (2) and Product Releases (8).
                for category in ["6", "2", "8"] {
                    let listed = try await client.news("articles", "category=\(category)&fields=id")
                    let ids = (listed.data["articles"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } ?? []
                    #expect(ids.contains(5), "category \(category): \(listed.raw)")
                    let feed = try await client.execute(uri: NewsFixtures.uri("feed/\(category)", "response_type=floki"), method: .get) {
                        try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any] ?? [:]
                    }
                    #expect((feed["items"] as? [[String: Any]])?.count == ids.count, "Floki's tab of category \(category): \(feed)")
                    let stories = try await client.execute(uri: "/apis/news/stories/?category=\(category)", method: .get) {
                        try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [[String: Any]] ?? []
                    }
                    #expect(stories.contains { "\($0["id"] ?? "")" == "5" }, "MIT stories of category \(category): \(stories)")
                }
                let others = try await client.news("articles", "category=5&fields=id")
                #expect((others.data["articles"] as? [[String: Any]])?.contains { $0["id"] as? Int == 5 } == false, "\(others.raw)")
                // Product Releases counts its own article (3) and article 5.
                let categories = try #require(try await client.news("categories").data["categories"] as? [[String: Any]])
                #expect(categories.first { $0["id"] as? Int == 8 }?["article_count"] as? Int == 2, "\(categories)")
            }
        }
        let again = try EndpointProcess.run(["import", "composr", ComposrFixture.dump.path, "--files", Self.archive], database: url.connectionString)
        #expect(
            again.status == 0 && again.output.contains("files: 0 imported, 0 matched, 0 already here, 0 left out"),
            "a second run reads no file again: \(again.output)")
    }

    /// Bodies' images and attachments, from the site's folder (the archive unpacked): one found comes
    /// into the library and the body names it there; one not found, a file that is not an image, a
    /// reference climbing out of the folder and a link pointing out are each reported and never read.
    @Test func bodiesImagesAndAttachmentsFromTheSitesFolder() async throws {
        let folder = try Self.unpackedSite()
        defer { try? FileManager.default.removeItem(at: folder) }
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("secret-\(UUID()).jpg")
        try Data(contentsOf: folder.appendingPathComponent("uploads/repimages/park-photo.jpg")).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        // Product Releases' image, a file of the site's theme, given this time (the photo's bytes).
        let themeImage = folder.appendingPathComponent("themes/default/images/newscats/technology.jpg")
        try FileManager.default.createDirectory(at: themeImage.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("uploads/repimages/park-photo.jpg"), to: themeImage)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("uploads/attachments"), withIntermediateDirectories: true)
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("uploads/attachments/notes.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("uploads/attachments/outside.jpg").path, withDestinationPath: secret.path)

        let body =
            "Photo: [img]uploads/repimages/park-photo.jpg[/img] and [attachment=\\\"Notes\\\"]1[/attachment] "
            + "[img]uploads/repimages/gone.jpg[/img] [img]uploads/../../\(secret.lastPathComponent)[/img] [attachment]2[/attachment] "
            + "[img]https://elsewhere.example/picture.png[/img]"
        var dump = try ComposrFixture.text()
        dump = dump.replacingOccurrences(
            of: "'This week\\'s photo shows the park at golden hour.", with: "'\(body)\\n\\nThis week\\'s photo shows the park at golden hour.")
        dump += """
            INSERT INTO `cms_attachments` VALUES (1,2,12,'uploads/attachments/notes.txt','Notes','','notes.txt',0,NULL,1795875656);
            INSERT INTO `cms_attachments` VALUES (2,2,3912,'uploads/attachments/outside.jpg','','','outside.jpg',0,NULL,1795875656);

            """
        let dumpFile = folder.appendingPathComponent("site.sql")
        try Data(dump.utf8).write(to: dumpFile)

        let (database, databaseFolder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: databaseFolder) }
        #expect(try EndpointProcess.run(["migrate"], database: database).status == 0)
        let imported = try EndpointProcess.run(["import", "composr", dumpFile.path, "--files", folder.path, "--json"], database: database)
        #expect(imported.status == 0, "\(imported.errors)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(imported.output.utf8)) as? [String: Any])
        let files = try #require((report["counts"] as? [String: [String: Int]])?["files"])
        let notes = try #require(report["notes"] as? [String])
        // The category's image first; the photo, the same bytes, matched once (the body's and the
        // article's image are one file); four not taken and Événements' theme image not given.
        #expect(files == ["imported": 1, "matched": 1, "already_here": 0, "left_out": 5], "\(files) \(notes)")
        for expected in [
            "article 6: file not found: uploads/repimages/gone.jpg", "article 6: file not found: uploads/../../\(secret.lastPathComponent)",
            "article 6: file not found: uploads/attachments/outside.jpg",
        ] {
            #expect(notes.contains(expected), "\(expected) in \(notes)")
        }
        #expect(notes.contains { $0.hasPrefix("article 6: uploads/attachments/notes.txt: ") }, "the library's sentence for a file not an image: \(notes)")

        try await TestDatabase.withOpen(try DatabaseURL(parsing: database)) { opened in
            try await TestServer.run(sharing: opened) { client, site in
                let article = try #require(try await client.news("articles/6", "fields=body_html,body_images").data["article"] as? [String: Any])
                let html = try #require(article["body_html"] as? String)
                let images = try #require(article["body_images"] as? [[String: Any]])
                #expect(images.count == 1 && (images.first?["url"] as? String)?.contains("/media/") == true, "\(images)")
                #expect(html.contains(site.publicURL + "/media/") && html.contains("https://elsewhere.example/picture.png"), "\(html)")
                let categories = try #require(try await client.news("categories").data["categories"] as? [[String: Any]])
                let releases = try #require(categories.first { $0["id"] as? Int == 8 }?["image"] as? String, "\(categories)")
                #expect(releases.hasPrefix(site.publicURL + "/media/") && releases.hasSuffix("/technology.jpg"), "\(releases)")
                let served = try await client.execute(uri: String(releases.dropFirst(site.publicURL.count)), method: .get) { $0.status }
                #expect(served == .ok)
            }
            let (source, stored) = try await opened.withConnection { connection in
                (
                    try await connection.sql.raw("SELECT article FROM news WHERE id = 6").first()?.decode(column: "article", as: String.self),
                    try await connection.sql.raw("SELECT name FROM media").all().map { try $0.decode(column: "name", as: String.self) }
                )
            }
            #expect(stored == ["technology"], "one image of those bytes, nothing from outside the site's folder: \(stored)")
            #expect(source?.hasPrefix("Photo: [img]media:") == true, "the body names the library's image: \(source ?? "")")
            #expect(source?.contains("[img]uploads/repimages/gone.jpg[/img]") == true, "what was not found stays as written")
        }
    }

    /// An archive of the uploads folder's contents (not of the site) serves alike; without `--files`
    /// the site's images are reported left out; a `--files` naming nothing stops with a sentence and
    /// writes nothing.
    @Test func anUploadsArchiveNoFilesAndFilesNamingNothing() throws {
        let folder = try Self.unpackedSite()
        defer { try? FileManager.default.removeItem(at: folder) }
        let uploads = folder.appendingPathComponent("uploads.tar.gz").path
        let packed = try Subprocess.run(URL(fileURLWithPath: "/usr/bin/tar"), ["-czf", uploads, "-C", folder.appendingPathComponent("uploads").path, "."])
        #expect(packed.status == 0, "\(packed.errors)")

        let (database, databaseFolder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: databaseFolder) }
        #expect(try EndpointProcess.run(["migrate"], database: database).status == 0)
        let nowhere = try EndpointProcess.run(["import", "composr", ComposrFixture.dump.path, "--files", folder.path + "/nowhere"], database: database)
        #expect(nowhere.status != 0 && nowhere.errors.contains("There is no folder or archive"), "\(nowhere.errors)")
        let notAnArchive = try EndpointProcess.run(["import", "composr", ComposrFixture.dump.path, "--files", ComposrFixture.dump.path], database: database)
        #expect(notAnArchive.status != 0 && notAnArchive.errors.contains("could not be unpacked"), "\(notAnArchive.errors)")
        let dry = try EndpointProcess.run(["import", "composr", ComposrFixture.dump.path, "--dry-run"], database: database)
        #expect(dry.output.contains("article 6: image uploads/repimages/park-photo.jpg left out (give --files)"), "\(dry.output)")

        let imported = try EndpointProcess.run(["import", "composr", ComposrFixture.dump.path, "--files", uploads], database: database)
        #expect(imported.status == 0 && imported.output.contains("files: 1 imported"), "\(imported.output) \(imported.errors)")
    }
}
