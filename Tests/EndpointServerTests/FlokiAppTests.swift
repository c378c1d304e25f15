import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import News
import Storage
import TestSupport
import Testing

/// A Floki app starting from one URL, checked by the clients' own rules (`FlokiAppDelegate.m`,
/// `FLTab_controller.m`, `FLNews_view_controller.m`; Android's `Beacon_downloader.java`,
/// `zerg/Overlord.java`, `news/News_data.java`): the version indicator, the app data it names, and
/// every URL in it fetched as the clients build it.
@Suite struct FlokiAppTests {
    static let publicURL = "https://news.example.com"

    /// The JSON at `url`; with `int32`, checked to hold only numbers Android reads as `Integer` (feeds
    /// hold 64-bit `sort_id`s, which both clients read as such).
    func json(_ client: some TestClientProtocol, _ url: String, int32: Bool = false) async throws -> (Any, HTTPFields) {
        let path = try #require(url.hasPrefix(Self.publicURL) ? String(url.dropFirst(Self.publicURL.count)) : url)
        return try await client.execute(uri: path, method: .get) { response in
            #expect(response.status == .ok, "\(path): \(String(buffer: response.body))")
            if int32 { #expect(JSONValue(parsing: String(buffer: response.body)).map(Self.numbersAreInt32) == true, "\(path): numbers") }
            return (try JSONSerialization.jsonObject(with: Data(buffer: response.body)), response.headers)
        }
    }

    /// Every number in `value` is a whole number Android reads as an `Integer` (0 to 2³¹ − 1).
    static func numbersAreInt32(_ value: JSONValue) -> Bool {
        switch value {
        case .int(let number): (0...Int(Int32.max)).contains(number)
        case .array(let values): values.allSatisfy(Self.numbersAreInt32)
        case .object(let pairs): pairs.allSatisfy { Self.numbersAreInt32($0.value) }
        default: true
        }
    }

    /// An article's gallery opens from its page in an app that runs the default app data, by the iOS
    /// client's rules: the page links each gallery image to its full version; the Gallery tab's
    /// `gallery_regex` (a list, `get_array`) matches those links and its `gallery_url` (one address,
    /// `get_string`) then opens the article's gallery feed, whose every image opens. A browser
    /// following the same link gets the image.
    @Test(arguments: TestDatabase.engines)
    func anArticlesGalleryOpensFromItsPage(engine: DatabaseEngine) async throws {
        var settings = ServerSettings()
        settings.publicURL = Self.publicURL
        try await TestServer.run(engine: engine, settings: settings) { client, site in
            try await AccountFixtures.member("root", role: .administrators, services: site)
            let fs = CommandrClient(client: client, headers: try LoggedIn(try await client.login("root")).iOSHeaders)
            var gallery: [String] = []
            for (index, fixture) in [ImageFixtures.landscape, ImageFixtures.wideGreenCentre].enumerated() {
                let uploaded = try await fs.upload(try ImageFixtures.bytes(fixture), as: "photo-\(index).\(fixture.split(separator: ".").last!)")
                gallery.append(#"{"url": "\#(try #require(uploaded.data["url"] as? String))", "caption": "Photo \#(index)", "credit": "Ann"}"#)
            }
            let added = try await fs.rest(
                .post, "var/news/general/harvest.cms", body: #"{"label": "Harvest", "gallery": [\#(gallery.joined(separator: ","))]}"#)
            #expect(added.success == true, "\(added.raw)")

            let appData = try #require(try await self.json(client, "/floki/v1/appdata").0 as? [String: Any])
            let galleryTab = try #require((appData["tabs"] as? [[String: Any]])?.first { $0["class_type"] as? String == "Gallery_view_controller" })
            let data = try #require(galleryTab["data"] as? [String: Any])
            let patterns = try #require(data["gallery_regex"] as? [String], "a list of expressions")
            let address = data["gallery_url"] as? String

            let feed = try #require(
                try await self.json(client, FlokiClient.requestURL(NewsFixtures.uri("feed/all", "response_type=floki"), device: 2, holding: [])).0
                    as? [String: Any])
            let item = try #require((feed["items"] as? [[String: Any]])?.first { $0["title"] as? String == "Harvest" })
            let pageURL = FlokiClient.requestURL(FlokiClient.mangle(try #require(item["url"] as? String)), device: 2, holding: [])
            let page = try await client.execute(uri: String(pageURL.dropFirst(Self.publicURL.count)), method: .get) { String(buffer: $0.body) }
            let section = try #require(page.firstMatch(of: #/<section class="gallery"[\s\S]*?</section>/#).map { String($0.output) })
            let links = section.matches(of: #/href="([^"]+)"/#).map { String($0.output.1).replacingOccurrences(of: "&amp;", with: "&") }
            #expect(links.count == 2 && section.contains("Photo 0") && section.contains("Ann"), "\(section)")
            for link in links {
                let browsed = try await client.image(String(link.dropFirst(Self.publicURL.count)))
                #expect(browsed.status == .ok && browsed.headers[.contentType]?.hasPrefix("image/") == true, "a browser gets the full image: \(link)")
                let opened = try #require(FlokiClient.capturedAddress(following: link, patterns: patterns, address: address, language: "en"), "\(link)")
                let thumbs = try #require(
                    (try await self.json(client, FlokiClient.requestURL(opened, device: 2, holding: [])).0 as? [String: Any])?["thumbs"] as? [[String: Any]])
                #expect(thumbs.count == 2, "the article's whole gallery")
                for thumb in thumbs {
                    for key in ["image", "url"] {
                        let url = FlokiClient.requestURL(FlokiClient.mangle(try #require(thumb[key] as? String)), device: 2, holding: [])
                        #expect(try await client.image(String(url.dropFirst(Self.publicURL.count))).status == .ok, "\(url)")
                    }
                }
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anAppStartsFromTheVersionIndicator(engine: DatabaseEngine) async throws {
        var settings = ServerSettings()
        settings.publicURL = Self.publicURL
        try await TestServer.run(engine: engine, settings: settings) { client, site in
            try await NewsFixtures.article("Hello", summary: "First", database: site.database)
            let (beaconValue, beaconHeaders) = try await self.json(client, "/floki/v1-app?d=2", int32: true)
            let beacon = try #require(beaconValue as? [String: Any])
            for key in ["url", "v", "ttl"] { #expect(beacon[key] != nil, "iOS aborts without \(key)") }
            #expect((beacon["v"] as? Int ?? 0) >= 1 && beacon["ttl"] as? Int == 43_200)
            let appDataURL = try #require(beacon["url"] as? String)
            #expect(appDataURL == Self.publicURL + "/floki/v1/appdata" && FlokiClient.mangle(appDataURL) == appDataURL)

            let (appValue, appHeaders) = try await self.json(
                client, FlokiClient.requestURL(FlokiClient.mangle(appDataURL), device: 2, holding: []), int32: true)
            let app = try #require(appValue as? [String: Any])
            let misc = try #require(app["misc"] as? [String: Any])
            #expect(misc["delete_disk_cache"] as? [String] == [] && misc["slash_scaled_images"] as? [String] == [])

            let langs = try #require(app["langs"] as? [[String: [String: String]]])
            #expect(langs.map { Array($0.keys) } == [["en"], ["de"], ["fr"]], "one single-key object per language, the default first")
            let master = try #require(langs.first?["en"])
            #expect(master.keys.allSatisfy { Int($0) != nil } && master["1"] == "News" && master["10004"] == "Cancel")
            #expect((10_000...10_016).allSatisfy { key in langs.allSatisfy { $0.values.first?[String(key)] != nil } }, "reserved strings")
            #expect(langs.last?["fr"]?["1"] == "Actualités" && langs[1]["de"]?["10016"] == "Rubriken")

            let tabs = try #require(app["tabs"] as? [[String: Any]])
            let categories = try await site.database.withConnection { try await NewsFeedStore.categories(now: UnixTime.now, on: $0) }
            #expect(tabs.count == 1 + categories.count)
            let uniqueIDs = tabs.compactMap { $0["unique_id"] as? Int }
            #expect(uniqueIDs.count == tabs.count && Set(uniqueIDs).count == tabs.count && uniqueIDs.allSatisfy { $0 > 0 }, "else the app crashes")
            #expect(tabs.dropFirst().compactMap { master[String($0["long_title"] as? Int ?? 0)] } == categories.map(\.category.label))
            for tab in tabs {
                #expect(tab["class_type"] as? String == "News_view_controller" && master[String(tab["long_title"] as? Int ?? 0)] != nil)
                let data = try #require(tab["data"] as? [String: Any])
                for key in ["cache_size", "ttl", "padding", "row_height"] { #expect((data[key] as? Int ?? 0) >= 1, "\(key)") }
                let mainURL = try #require(data["main_url"] as? String)
                for language in ["en", "fr"] {
                    // Android escapes main_url; both append the language code as plain text.
                    let (feedValue, _) = try await self.json(client, FlokiClient.requestURL(FlokiClient.mangle(mainURL) + language, device: 2, holding: []))
                    #expect((feedValue as? [String: Any])?["items"] is [Any], "\(mainURL)\(language)")
                }
                let search = try #require(data["search_bar"] as? String)
                #expect(search.contains("_WORDS_") && search.contains("_PAGE_"), "else the clients drop the search bar")
                let (found, _) = try await self.json(
                    client,
                    search.replacingOccurrences(of: "_LNG_", with: "fr").replacingOccurrences(of: "_WORDS_", with: "hello")
                        .replacingOccurrences(of: "_PAGE_", with: "1"))
                #expect(((found as? [String: Any])?["items"] as? [[String: Any]])?.first?["title"] as? String == "Hello")
            }

            for (path, tag) in [("/floki/v1-app", beaconHeaders[.eTag]), ("/floki/v1/appdata", appHeaders[.eTag])] {
                let tag = try #require(tag)
                try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: tag]) { response in
                    #expect(response.status == .notModified && response.body.readableBytes == 0, "\(path) revalidates")
                }
            }

            // v changes exactly when the app data does.
            let version = beacon["v"] as? Int
            try await NewsFixtures.article("Another", database: site.database)
            site.newsAnswers.clear()
            #expect((try await self.json(client, "/floki/v1-app", int32: true).0 as? [String: Any])?["v"] as? Int == version, "an article is not the app")
            try await site.database.transaction { connection in
                var renamed = NewsCategoryChanges()
                renamed.label = "Technology and science"
                try await NewsStore.apply(renamed, toCategory: try #require(categories.first).category.id, on: connection, now: UnixTime.now)
            }
            site.newsAnswers.clear()
            let renamedBeacon = try #require(try await self.json(client, "/floki/v1-app", int32: true).0 as? [String: Any])
            #expect(renamedBeacon["v"] as? Int != version, "a renamed category is")
            let renamedApp = try #require(try await self.json(client, appDataURL, int32: true).0 as? [String: Any])
            #expect(((renamedApp["langs"] as? [[String: [String: String]]])?.first?["en"]?.values.contains("Technology and science")) == true)

            try await site.database.withConnection { _ = try await ConfigStore.write("default_language", value: "FR", on: $0) }
            site.config.invalidate()
            let french = try #require(try await self.json(client, "/floki/v1-app", int32: true).0 as? [String: Any])
            #expect(french["v"] as? Int != renamedBeacon["v"] as? Int, "another master language is another app")
            let frenchApp = try #require(try await self.json(client, appDataURL, int32: true).0 as? [String: Any])
            #expect((frenchApp["langs"] as? [[String: Any]])?.map { Array($0.keys) } == [["fr"], ["en"], ["de"]])
        }
    }
}
