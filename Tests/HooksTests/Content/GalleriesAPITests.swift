import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Storage
import TestSupport
import Testing

/// Galleries on both engines, through the real HTTP server: made, nested, filled with library images
/// and a video, reordered and described through `/var/galleries` of `content/commandr_fs`, and read
/// back through `content/galleries` — the tree with its validated items counted, words in the asked
/// language, a gallery's items in order page by page by cursor, the video made by the real ffmpeg.
@Suite struct GalleriesAPITests {
    static let publicURL = "http://127.0.0.1:8080"

    @Test(arguments: TestDatabase.engines)
    func galleriesMadeThroughCommandrFSAreReadInOrderPageByPage(engine: DatabaseEngine) async throws {
        let clips = try VideoClips()
        let clip = Array(try Data(contentsOf: URL(fileURLWithPath: try clips.clip("waves.mp4", size: "160x120", seconds: 1))))
        try await CommandrFSTests.asAdmin(engine: engine, framework: .live) { fs, client, _ in
            let harbour = try #require(try await fs.upload(try ImageFixtures.bytes(ImageFixtures.landscape), as: "harbour.jpg").data["id"] as? Int)
            let green = try #require(try await fs.upload(try ImageFixtures.bytes(ImageFixtures.wideGreenCentre), as: "green.png").data["id"] as? Int)
            let waves = try await fs.upload(clip, as: "waves.mp4", method: .put)
            try #require(waves.success == true, "\(waves.raw)")
            let video = try #require(try await fs.read("var/media/waves.cms")["reference"] as? String)

            // A top gallery with French words, a gallery inside it with a cover, four items (one waiting
            // for validation), the video moved first.
            let root = try await fs.rest(
                .post, "var/galleries/root/_folder.cms",
                body: #"{"label": "Photos", "description": "Everything", "translations": {"FR": {"title": "Images", "description": "Tout"}}}"#)
            try #require(root.success == true, "\(root.raw)")
            let summer = try await fs.rest(
                .post, "var/galleries/summer/_folder.cms", body: #"{"label": "Summer", "parent": "root", "cover": "media:\#(harbour)"}"#)
            try #require(summer.success == true, "\(summer.raw)")
            var items: [Int] = []
            for (reference, extra) in [
                ("media:\(harbour)", #""caption": "Harbour""#), ("media:\(green)", #""caption": "Green", "credit": "Desk""#),
                ("media:\(green)", #""validated": 0"#), (video, #""caption": "Waves""#),
            ] {
                let added = try await fs.rest(.post, "var/galleries/summer/new.cms", body: #"{"media": "\#(reference)", \#(extra)}"#)
                try #require(added.success == true, "\(added.raw)")
                let id = try #require(added.data["id"] as? Int)
                #expect(added.data["path"] as? String == "/var/galleries/summer/\(id).cms")
                items.append(id)
            }
            let moved = try await fs.rest(.put, "var/galleries/summer/\(items[3]).cms", body: #"{"index": 0}"#)
            try #require(moved.success == true, "\(moved.raw)")
            #expect(try await fs.read("var/galleries/summer/\(items[3]).cms")["index"] as? Int == 0)
            #expect(try await fs.read("var/galleries/summer/\(items[1]).cms")["index"] as? Int == 2)
            // Past the end is last; moved back down, the items after it move up.
            try #require(try await fs.rest(.put, "var/galleries/summer/\(items[0]).cms", body: #"{"index": 99}"#).success == true)
            #expect(try await fs.read("var/galleries/summer/\(items[0]).cms")["index"] as? Int == 3)
            #expect(try await fs.read("var/galleries/summer/\(items[2]).cms")["index"] as? Int == 2)
            try #require(try await fs.rest(.put, "var/galleries/summer/\(items[0]).cms", body: #"{"index": 1}"#).success == true)
            #expect(try await fs.read("var/galleries/summer/\(items[0]).cms")["index"] as? Int == 1)
            #expect(try await fs.list("var/galleries").directories == ["root", "summer"])
            #expect(try await fs.list("var/galleries/summer").files == (["_folder.cms"] + items.map { "\($0).cms" }).sorted())
            #expect(try await fs.read("var/galleries/summer/_folder.cms")["parent"] as? String == "root")

            // The tree: summer inside root, its three validated items counted, its cover at the phone's size.
            let tree = try await client.envelope("/data/endpoint.php/content/galleries?d=0")
            try #require(tree.success == true, "\(tree.raw)")
            let top = try #require(tree.data["galleries"] as? [[String: Any]])
            #expect(top.map { $0["name"] as? String } == ["root"] && top.first?["title"] as? String == "Photos")
            let nested = try #require((top.first?["galleries"] as? [[String: Any]])?.first)
            #expect(nested["name"] as? String == "summer" && nested["item_count"] as? Int == 3, "\(nested)")
            let cover = try #require(nested["cover"] as? [String: Any])
            #expect((cover["url"] as? String)?.hasPrefix(Self.publicURL + "/media/") == true && cover["width"] as? Int == 320, "\(cover)")
            let coverImage = try await client.image(try #require(cover["url"] as? String))
            #expect(coverImage.status == .ok, "the cover's link is followed")
            let french = try await client.envelope("/data/endpoint.php/content/galleries", headers: [.acceptLanguage: "fr"])
            #expect((french.data["galleries"] as? [[String: Any]])?.first?["title"] as? String == "Images")

            // The items, two a page: the video first, then the validated images in their order.
            var seen: [[String: Any]] = []
            var cursor: String?
            repeat {
                let page = try await client.envelope(
                    "/data/endpoint.php/content/galleries/galleries/summer?limit=2" + (cursor.map { "&cursor=" + $0 } ?? ""))
                try #require(page.success == true, "\(page.raw)")
                seen += page.data["items"] as? [[String: Any]] ?? []
                cursor = (page.data["page"] as? [String: Any])?["next_cursor"] as? String
                let gallery = page.data["gallery"] as? [String: Any]
                #expect(gallery?["parent"] as? String == "root" && gallery?["item_count"] as? Int == 3, "\(gallery ?? [:])")
            } while cursor != nil && seen.count < 10
            #expect(seen.map { $0["id"] as? Int } == [items[3], items[0], items[1]], "\(seen)")
            #expect(seen.map { $0["type"] as? String } == ["video", "image", "image"])
            #expect(seen[2]["caption"] as? String == "Green" && seen[2]["credit"] as? String == "Desk")
            let image = try #require(seen[1]["image"] as? [String: Any])
            #expect(try await client.image(try #require(image["url"] as? String)).status == .ok)

            // The video, once the real ffmpeg made it, carries what the apps play.
            var shown: [String: Any] = [:]
            try await Waiting.until("the video is ready", seconds: 120) {
                let page = try await client.envelope("/data/endpoint.php/content/galleries/galleries/summer?limit=1")
                shown = ((page.data["items"] as? [[String: Any]])?.first?["video"] as? [String: Any]) ?? [:]
                return shown["state"] as? String == "ready"
            }
            #expect((shown["hls_url"] as? String)?.hasSuffix(".m3u8") == true && (shown["mp4_url"] as? String)?.hasSuffix(".mp4") == true, "\(shown)")
            #expect(shown["poster"] is String)

            // Another gallery's cursor, an unknown gallery and an unknown resource are refused with a sentence.
            let first = try await client.envelope("/data/endpoint.php/content/galleries/galleries/summer?limit=1")
            let summerCursor = try #require((first.data["page"] as? [String: Any])?["next_cursor"] as? String)
            let rootPage = try await client.envelope("/data/endpoint.php/content/galleries/galleries/root")
            let inside = (rootPage.data["gallery"] as? [String: Any])?["galleries"] as? [[String: Any]]
            #expect(inside?.map { $0["name"] as? String } == ["summer"] && inside?.first?["item_count"] as? Int == 3, "\(rootPage.raw)")
            let mixed = try await client.envelope("/data/endpoint.php/content/galleries/galleries/root?cursor=" + summerCursor)
            #expect(mixed.success == false && mixed.errorDetails?.hasPrefix("This list position belongs to a list with other filters") == true)
            #expect(try await client.envelope("/data/endpoint.php/content/galleries/galleries/nope").errorDetails == "There is no gallery ‘nope’.")
            let other = try await client.envelope("/data/endpoint.php/content/galleries/albums")
            #expect(other.success == false && other.errorDetails?.hasPrefix("There is nothing at ‘albums’") == true, "\(other.raw)")
            let limit = try await client.envelope("/data/endpoint.php/content/galleries/galleries/summer?limit=500")
            #expect(limit.errorDetails == "The parameter ‘limit’ must be a whole number from 1 to 100.")

            // Revalidated by its ETag: unchanged, a 304; once a library image it shows is removed, the new page.
            let page = "/data/endpoint.php/content/galleries/galleries/summer"
            let etag = try #require(try await client.execute(uri: page, method: .get) { $0.headers[.eTag] })
            #expect(try await client.execute(uri: page, method: .get, headers: [.ifNoneMatch: etag]) { $0.status } == .notModified)

            // Counts follow validation both ways, and every removal below (kept by the database's triggers).
            func count() async throws -> Int? {
                ((try await client.envelope(page)).data["gallery"] as? [String: Any])?["item_count"] as? Int
            }
            try #require(try await fs.rest(.put, "var/galleries/summer/\(items[2]).cms", body: #"{"validated": 1}"#).success == true)
            #expect(try await count() == 4)
            try #require(try await fs.rest(.put, "var/galleries/summer/\(items[2]).cms", body: #"{"validated": 0}"#).success == true)
            #expect(try await count() == 3)
            // Removing a library image takes it out of its galleries; removing an item leaves the library.
            try #require(try await fs.rest(.delete, "var/media/green.png").success == true)
            #expect(try await client.execute(uri: page, method: .get, headers: [.ifNoneMatch: etag]) { $0.status } == .ok)
            try #require(try await fs.rest(.delete, "var/galleries/summer/\(items[0]).cms").success == true)
            #expect(try await fs.read("var/media/harbour.cms")["label"] as? String == "harbour")
            let after = try await client.envelope("/data/endpoint.php/content/galleries/galleries/summer")
            #expect((after.data["items"] as? [[String: Any]])?.map { $0["id"] as? Int } == [items[3]])
            #expect(try await count() == 1, "the library image's two items and the one taken out are no longer counted")
        }
    }

    /// The tree stays a tree, names are Composr's, items are the library's, and a gallery holding
    /// galleries is not deleted; each refusal is a sentence and changes nothing.
    @Test(arguments: TestDatabase.engines)
    func refusalsSayWhatIsWrongAndChangeNothing(engine: DatabaseEngine) async throws {
        try await CommandrFSTests.asAdmin(engine: engine) { fs, _, _ in
            try #require(try await fs.rest(.post, "var/galleries/root/_folder.cms", body: #"{"label": "Photos"}"#).success == true)
            try #require(try await fs.rest(.post, "var/galleries/summer/_folder.cms", body: #"{"label": "Summer", "parent": "root"}"#).success == true)

            let loop = try await fs.rest(.put, "var/galleries/root/_folder.cms", body: #"{"parent": "summer"}"#)
            #expect(loop.success == false && loop.errorDetails == "A gallery cannot be put inside itself or inside one of its own galleries.")
            let own = try await fs.rest(.put, "var/galleries/root/_folder.cms", body: #"{"parent": "root"}"#)
            #expect(own.success == false && own.errorDetails == loop.errorDetails)
            #expect(try await fs.read("var/galleries/root/_folder.cms")["parent"] as? String == "")

            let badName = try await fs.rest(.post, "var/galleries/a.b/_folder.cms", body: #"{"label": "Dots"}"#)
            #expect(badName.success == false && badName.errorDetails?.hasPrefix("‘a.b’ cannot be a gallery’s name") == true, "\(badName.raw)")
            let taken = try await fs.rest(.put, "var/galleries/summer/_folder.cms", body: #"{"name": "root"}"#)
            #expect(taken.success == false && taken.errorDetails == "One of these with the name ‘root’ already exists.")
            let untitled = try await fs.rest(.post, "var/galleries/empty/_folder.cms", body: #"{"description": "No title"}"#)
            #expect(untitled.success == false && untitled.errorDetails == "Please give the gallery a title.")
            let language = try await fs.rest(
                .put, "var/galleries/summer/_folder.cms", body: #"{"translations": {"XX": {"title": "Été"}}}"#)
            #expect(language.success == false && language.errorDetails == "‘XX’ is not one of the site’s languages (EN, DE, FR).", "\(language.raw)")
            let noParent = try await fs.rest(.put, "var/galleries/summer/_folder.cms", body: #"{"parent": "nowhere"}"#)
            #expect(noParent.success == false && noParent.errorDetails == "There is no gallery ‘nowhere’.")

            let missing = try await fs.rest(.post, "var/galleries/summer/x.cms", body: #"{"media": "media:99999"}"#)
            #expect(missing.success == false && missing.errorDetails == "‘media:99999’ is not an image or a video of the media library.")
            let external = try await fs.rest(.post, "var/galleries/summer/x.cms", body: #"{"media": "https://example.com/a.jpg"}"#)
            #expect(external.success == false && external.errorDetails == "‘https://example.com/a.jpg’ is not an image or a video of the media library.")
            #expect(try await fs.list("var/galleries/summer").files == ["_folder.cms"])

            let holding = try await fs.rest(.delete, "var/galleries/root/_folder.cms")
            #expect(holding.success == false && holding.errorDetails == "The gallery ‘root’ holds other galleries: move or delete them first.")
            // Renamed, a gallery keeps its place and items; emptied of galleries, it may go.
            let renamed = try await fs.rest(.put, "var/galleries/summer/_folder.cms", body: #"{"name": "summer-2026"}"#)
            #expect(renamed.success == true && renamed.data["path"] as? String == "/var/galleries/summer-2026/_folder.cms", "\(renamed.raw)")
            try #require(try await fs.rest(.delete, "var/galleries/summer-2026/_folder.cms").success == true)
            try #require(try await fs.rest(.delete, "var/galleries/root/_folder.cms").success == true)
            #expect(try await fs.list("var/galleries").directories == [])
        }
    }
}
