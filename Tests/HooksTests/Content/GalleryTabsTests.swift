import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Storage
import TestSupport
import Testing

/// The site's galleries as Floki Gallery tabs on both engines, through the real HTTP server and the
/// clients' rules (``FlokiClient``): the app data gets a tab per top-level gallery, its title in each
/// language; its feed holds the galleries inside it (items opening them) and its images, in order, a
/// page at a time; a gallery inside opens with its own feed and shows a video the real ffmpeg made as
/// an item of the movie controller; what leaves a gallery is in `to_delete` for a client holding it.
@Suite struct GalleryTabsTests {
    @Test(arguments: TestDatabase.engines)
    func topLevelGalleriesAreTabsTheClientsCanShow(engine: DatabaseEngine) async throws {
        let clips = try VideoClips()
        let clip = Array(try Data(contentsOf: URL(fileURLWithPath: try clips.clip("waves.mp4", size: "160x120", seconds: 1))))
        try await CommandrFSTests.asAdmin(engine: engine, framework: .live) { fs, client, site in
            func floki(_ url: String) async throws -> [String: Any] {
                let uri = url.hasPrefix(site.publicURL) ? String(url.dropFirst(site.publicURL.count)) : url
                return try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri): \(String(buffer: response.body))")
                    return try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any] ?? [:]
                }
            }
            let harbour = try #require(try await fs.upload(try ImageFixtures.bytes(ImageFixtures.landscape), as: "harbour.jpg").data["id"] as? Int)
            let green = try #require(try await fs.upload(try ImageFixtures.bytes(ImageFixtures.wideGreenCentre), as: "green.png").data["id"] as? Int)
            try #require(try await fs.upload(clip, as: "waves.mp4", method: .put).success == true)
            let video = try #require(try await fs.read("var/media/waves.cms")["reference"] as? String)
            try #require(
                try await fs.rest(
                    .post, "var/galleries/root/_folder.cms", body: #"{"label": "Photos", "translations": {"FR": {"title": "Images"}}}"#
                ).success == true)
            try #require(
                try await fs.rest(.post, "var/galleries/summer/_folder.cms", body: #"{"label": "Summer", "parent": "root", "cover": "media:\#(harbour)"}"#)
                    .success == true)
            let first = try #require(
                try await fs.rest(.post, "var/galleries/root/new.cms", body: #"{"media": "media:\#(harbour)", "caption": "Harbour", "credit": "Ann"}"#)
                    .data["id"] as? Int)
            for _ in 0..<40 {
                try #require(try await fs.rest(.post, "var/galleries/root/new.cms", body: #"{"media": "media:\#(green)"}"#).success == true)
            }
            try #require(try await fs.rest(.post, "var/galleries/summer/new.cms", body: #"{"media": "\#(video)", "caption": "Waves"}"#).success == true)

            // The app data: a Gallery tab for root (summer is inside it), titled in each language.
            let app = try await floki("/floki/v1/appdata")
            let tabs = try #require(app["tabs"] as? [[String: Any]])
            let tab = try #require(tabs.first { (($0["data"] as? [String: Any])?["main_url"] as? String)?.contains("galleries/feed/root") == true })
            #expect(tab["class_type"] as? String == "Gallery_view_controller" && (tab["unique_id"] as? Int ?? 0) > 1 << 30, "\(tab)")
            #expect(!tabs.contains { (($0["data"] as? [String: Any])?["main_url"] as? String)?.contains("galleries/feed/summer") == true })
            let langs = try #require(app["langs"] as? [[String: [String: String]]])
            let title = String(try #require(tab["long_title"] as? Int))
            #expect(langs.first { $0["en"] != nil }?["en"]?[title] == "Photos" && langs.first { $0["fr"] != nil }?["fr"]?[title] == "Images")

            // Its feed, as iOS asks for it: summer first (an item opening it), then root's images in order, 40 a page.
            let mainURL = FlokiClient.mangle(try #require((tab["data"] as? [String: Any])?["main_url"] as? String)) + "en"
            var ios = FlokiClient.IOSTab()
            let page = try await floki(FlokiClient.requestURL(mainURL, device: 0, holding: []))
            let thumbs = try #require(page["thumbs"] as? [[String: Any]])
            let kept = thumbs.compactMap(FlokiClient.GalleryItem.init)
            #expect(kept.count == thumbs.count && kept.count == 41, "every item passes the clients' rules: \(thumbs.prefix(2))")
            #expect(kept.first?.classType == "Gallery_view_controller" && kept.first?.item.title == "Summer")
            #expect(kept.dropFirst().first?.classType == "Photo_view_controller" && kept.dropFirst().first?.item.id == first * 2)
            #expect(thumbs[1]["caption_text"] as? String == "Harbour — Ann" && thumbs[1]["title"] as? String == "Photos")
            for link in [kept[1].item.url, kept[1].item.image] {
                #expect(try await client.image(try #require(link)).status == .ok, "\(link ?? "")")
            }
            #expect(try await client.image(try #require(kept[0].item.image)).status == .ok, "summer's cover")
            ios.receive(page, now: UnixTime.now)
            #expect(ios.showsLoadOlder && ios.items.count == 41)
            let older = try await floki(FlokiClient.requestURL(mainURL, device: 0, holding: ios.items, older: true))
            ios.receive(older, now: UnixTime.now)
            #expect((older["thumbs"] as? [[String: Any]])?.count == 1 && !ios.showsLoadOlder && ios.items.count == 42, "\(older)")

            // Summer opens as iOS opens it (its `url` as the controller's `main_url`); its video, once ready, opens the movie controller.
            let summerURL = FlokiClient.mangle(try #require(kept[0].item.url)) + "en"
            var movie: FlokiClient.GalleryItem?
            try await Waiting.until("the video is a movie item", seconds: 120) {
                let feed = try await floki(FlokiClient.requestURL(summerURL, device: 0, holding: []))
                movie = (feed["thumbs"] as? [[String: Any]])?.compactMap(FlokiClient.GalleryItem.init).first
                return movie != nil
            }
            let shown = try #require(movie)
            #expect(shown.classType == "Movie_view_controller" && shown.item.url?.hasSuffix(".m3u8") == true, "\(shown.item)")
            #expect((shown.data["progressive_file"] as? String)?.hasSuffix(".mp4") == true && shown.data["preview_url"] is String)
            try await client.execute(uri: String(try #require(shown.item.url).dropFirst(site.publicURL.count)), method: .get) {
                #expect($0.status == .ok && String(buffer: $0.body).hasPrefix("#EXTM3U"))
            }
            #expect(try await client.image(try #require(shown.item.image)).status == .ok, "the poster's thumbnail")

            // What leaves root — an item, then summer moved to the top — is dropped by a client holding it.
            try #require(try await fs.rest(.delete, "var/galleries/root/\(first).cms").success == true)
            try #require(try await fs.rest(.put, "var/galleries/summer/_folder.cms", body: #"{"parent": ""}"#).success == true)
            let refreshed = try await floki(FlokiClient.requestURL(mainURL, device: 0, holding: ios.items))
            #expect(Set(refreshed["to_delete"] as? [Int] ?? []) == [first * 2, kept[0].item.id], "\(refreshed["to_delete"] ?? [])")
            ios.receive(refreshed, now: UnixTime.now)
            #expect(ios.items.count == 40 && !ios.items.contains { $0.id == first * 2 || $0.id == kept[0].item.id })
            let later = try await floki("/floki/v1/appdata")
            #expect(
                (later["tabs"] as? [[String: Any]])?.contains {
                    (($0["data"] as? [String: Any])?["main_url"] as? String)?.contains("galleries/feed/summer") == true
                } == true)
            try await client.execute(uri: "/data/endpoint.php/content/galleries/feed/nowhere?response_type=floki", method: .get) {
                #expect($0.status == .notFound)
            }
        }
    }
}
