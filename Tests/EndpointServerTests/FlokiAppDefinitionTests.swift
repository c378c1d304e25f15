import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import News
import Storage
import TestSupport
import Testing

/// An administrator defining the Floki app through `content/commandr_fs` (`/var/floki/app`), as a
/// script with `curl` would: what they write is what every app gets at its next version check, and a
/// definition the clients would crash on or could not use is refused with a sentence, leaving the app
/// as it was.
@Suite struct FlokiAppDefinitionTests {
    static let publicURL = "https://news.example.com"

    @Test(arguments: TestDatabase.engines)
    func anAdministratorDefinesTheApp(engine: DatabaseEngine) async throws {
        var settings = ServerSettings()
        settings.publicURL = Self.publicURL
        try await TestServer.run(engine: engine, settings: settings) { client, site in
            try await AccountFixtures.member("root", role: .administrators, services: site)
            let fs = CommandrClient(client: client, headers: try LoggedIn(try await client.login("root")).iOSHeaders)
            let categories = try await site.database.withConnection { try await NewsFeedStore.categories(now: UnixTime.now, on: $0) }
            let sport = try #require(categories.last).category
            for title in ["One", "Two", "Three"] { try await NewsFixtures.article(title, in: String(sport.id), database: site.database) }

            // Until an administrator writes one, the definition is the generated one, readable as such.
            let generated = try await fs.read("var/floki/app")
            let generatedTabs = try #require(generated["tabs"] as? [[String: Any]])
            #expect(generatedTabs.count == 1 + categories.count && generatedTabs.first?["class_type"] as? String == "News_view_controller")
            #expect(try await fs.list("var/floki").files == ["app"])
            let firstVersion = try await self.version(client)

            let icon = Data(try ImageFixtures.bytes(ImageFixtures.transparent)).base64EncodedString()
            let written = try Self.definition(
                tabs: [
                    Self.tab(
                        9, "News_view_controller", ["category": sport.id, "title": ["en": "Sport", "fr": "Le sport"], "tab_image": icon],
                        data: [
                            "row_height": 60, "padding": 4, "cache_size": 2, "ttl": 600, "title_color": [10, 20, 30],
                            "search_bar": "/data/endpoint.php/content/news/search?response_type=floki&keep_lang=_LNG_&q=_WORDS_&page=_PAGE_",
                        ]),
                    Self.tab(1, "News_view_controller", [:], data: ["cache_size": 50]),
                    Self.tab(
                        2, "Gallery_view_controller", ["title": ["en": "Photos"]],
                        data: [
                            "cells_per_row": 3, "gallery_regex": [#"https://news\.example\.com/news/([0-9]+)/photos"#],
                            "gallery_url": "/data/endpoint.php/content/news/gallery/_WORDS_?response_type=floki&keep_lang=_LNG_",
                        ]),
                    Self.tab(
                        50, "Web_view_controller", ["main_url": "https://example.org/about", "title": ["en": "About", "de": "Über uns"]],
                        data: ["scales_page_to_fit": true]),
                ],
                collapsed: true, misc: ["delete_disk_cache": ["iPhone OS 3.1"], "slash_scaled_images": ["iPhone Simulator"]])
            let saved = try await fs.rest(.put, "var/floki/app", body: written)
            #expect(saved.success == true, "\(saved.raw)")
            let secondVersion = try await self.version(client)
            #expect(secondVersion != firstVersion, "the apps learn of the new definition from the version indicator")

            let app = try await self.appData(client)
            let tabs = try #require(app["tabs"] as? [[String: Any]])
            #expect(tabs.map { $0["unique_id"] as? Int } == [9, 1, 2, 50])
            #expect(
                tabs.map { $0["class_type"] as? String } == ["News_view_controller", "News_view_controller", "Gallery_view_controller", "Web_view_controller"])
            let langs = try #require(app["langs"] as? [[String: [String: String]]])
            func title(_ tab: [String: Any], _ language: String) -> String? {
                langs.first { $0[language] != nil }?[language]?[String(tab["long_title"] as? Int ?? 0)]
            }
            #expect(
                title(tabs[0], "en") == "Sport" && title(tabs[0], "fr") == "Le sport" && title(tabs[0], "de") == "Sport",
                "German falls back to the master language")
            #expect(title(tabs[1], "fr") == "Actualités" && title(tabs[3], "de") == "Über uns" && title(tabs[3], "fr") == "About")
            #expect(tabs[0]["tab_image"] as? String == icon)
            let sportData = try #require(tabs[0]["data"] as? [String: Any])
            #expect(sportData["row_height"] as? Int == 60 && sportData["title_color"] as? [Int] == [10, 20, 30] && sportData["ttl"] as? Int == 600)
            #expect((sportData["search_bar"] as? String)?.hasPrefix(Self.publicURL + "/data/endpoint.php/content/news/search?") == true)
            #expect((tabs[3]["data"] as? [String: Any])?["main_url"] as? String == "https://example.org/about")
            // A link the regular expression captures opens the article's gallery at the paired address.
            let galleryData = try #require(tabs[2]["data"] as? [String: Any])
            let pattern = try NSRegularExpression(pattern: try #require((galleryData["gallery_regex"] as? [String])?.first))
            let link = Self.publicURL + "/news/\(try await NewsFixtures.article("Pictures", database: site.database))/photos"
            let match = try #require(pattern.firstMatch(in: link, range: NSRange(link.startIndex..., in: link)))
            let captured = String(link[try #require(Range(match.range(at: 1), in: link))])
            let galleryURL = try #require(galleryData["gallery_url"] as? String, "one address, as the iOS client reads it")
            #expect(galleryURL.hasPrefix(Self.publicURL + "/data/endpoint.php/content/news/gallery/"), "site paths become absolute")
            let opened = try await self.get(
                client, galleryURL.replacingOccurrences(of: "_WORDS_", with: captured).replacingOccurrences(of: "_LNG_", with: "en"))
            #expect((opened as? [String: Any])?["thumbs"] is [Any])
            let misc = try #require(app["misc"] as? [String: [String]])
            #expect(misc["delete_disk_cache"] == ["iPhone OS 3.1"] && misc["slash_scaled_images"] == ["iPhone Simulator"])

            // The feed follows the tab's cache_size: two of the category's three articles, and older ones to page to.
            let mainURL = try #require(sportData["main_url"] as? String)
            let feed = try #require(
                try await self.get(client, FlokiClient.requestURL(FlokiClient.mangle(mainURL) + "en", device: 2, holding: [])) as? [String: Any])
            #expect((feed["items"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Three", "Two"] && feed["has_older"] as? Bool == true)

            // The app says its sections start collapsed.
            let allURL = try #require((tabs[1]["data"] as? [String: Any])?["main_url"] as? String)
            let all = try #require(
                try await self.get(client, FlokiClient.requestURL(FlokiClient.mangle(allURL) + "en", device: 2, holding: [])) as? [String: Any])
            let sections = try #require(all["sections"] as? [[String: Any]])
            #expect(!sections.isEmpty && sections.allSatisfy { $0["starts_collapsed"] as? Bool == true })

            // Read back as written.
            let reread = try await fs.read("var/floki/app")
            #expect(JSONValue(parsing: String(decoding: try JSONSerialization.data(withJSONObject: reread), as: UTF8.self)) == JSONValue(parsing: written))

            // What the clients would crash on, or could not use, is refused with a sentence and changes nothing.
            let refusals: [(String, String)] = [
                (
                    try Self.definition(tabs: [Self.tab(1, "News_view_controller"), Self.tab(1, "Gallery_view_controller")]),
                    "Tabs 1 and 2 have the same unique_id, 1, which would crash the apps. Give each tab its own."
                ),
                (try Self.definition(tabs: [Self.tab(0, "News_view_controller")]), "Tab 1 needs a unique_id: a whole number from 1 to 2147483647."),
                (try Self.definition(tabs: [Self.tab(3_000_000_000, "News_view_controller")]), "Tab 1 needs a unique_id: a whole number from 1 to 2147483647."),
                (
                    try Self.definition(tabs: [Self.tab(1, "News_view_controller", data: ["ttl": 0])]),
                    "Tab 1: ‘ttl’ must be a whole number from 1 to 2147483647."
                ),
                (
                    try Self.definition(tabs: [Self.tab(1, "News_view_controller", data: ["cache_size": 0])]),
                    "Tab 1: ‘cache_size’ must be a whole number from 1 to 200."
                ),
                (
                    try Self.definition(tabs: [Self.tab(1, "Gallery_view_controller", data: ["padding": 0])]),
                    "Tab 1: ‘padding’ must be a whole number from 1 to 2147483647."
                ),
                (
                    try Self.definition(tabs: [Self.tab(1, "News_view_controller", data: ["search_bar": "https://example.org/search?q=_WORDS_"])]),
                    "Tab 1: the search_bar address must contain _WORDS_ and _PAGE_, which the apps replace with the words and the page number; without them the apps ignore it."
                ),
                (
                    try Self.definition(tabs: [Self.tab(1, "Movie_view_controller")]),
                    "Tab 1 needs a class_type: News_view_controller, Gallery_view_controller or Web_view_controller."
                ),
                (try Self.definition(tabs: [Self.tab(1, "News_view_controller", ["category": 999_999])]), "Tab 1: there is no news category 999999."),
                (
                    try Self.definition(tabs: [
                        Self.tab(1, "News_view_controller", ["tab_image": Data(try ImageFixtures.bytes(ImageFixtures.landscape)).base64EncodedString()])
                    ]),
                    "Tab 1: tab_image must be a PNG of at most 128×128 pixels and 32 KB, in base64."
                ),
                (
                    try Self.definition(tabs: [
                        Self.tab(1, "News_view_controller", ["tab_image": Data(try ImageFixtures.bytes(ImageFixtures.icon)).base64EncodedString()])
                    ]),
                    "Tab 1: tab_image must be a PNG of at most 128×128 pixels and 32 KB, in base64."
                ),
                (
                    try Self.definition(tabs: [Self.tab(1, "News_view_controller", data: ["gallery_url": "/g/_WORDS_"])]),
                    "Tab 1: a News_view_controller tab has no option ‘gallery_url’."
                ),
                (
                    // The iOS client drops a `tags_url` without `_PAGE_` (`replace_search_params`).
                    try Self.definition(tabs: [Self.tab(1, "News_view_controller", data: ["tags_regex": ["/t/(.+)"], "tags_url": "/t?q=_WORDS_"])]),
                    "Tab 1: the tags_url address must contain _WORDS_ and _PAGE_, which the apps replace with the words and the page number; without them the apps ignore it."
                ),
                (
                    try Self.definition(tabs: [Self.tab(1, "News_view_controller", data: ["title_color": [300, 0, 0]])]),
                    "Tab 1: ‘title_color’ must be a colour, [red, green, blue], each from 0 to 255."
                ),
                (
                    try Self.definition(tabs: [Self.tab(1, "Web_view_controller", ["main_url": "https://example.org"])]),
                    "Tab 1 shows a web page: give it a title."
                ),
                (try Self.definition(tabs: []), "The app needs 1 to 20 tabs, listed in ‘tabs’."),
                (
                    try Self.definition(tabs: [Self.tab(1, "Gallery_view_controller", data: ["gallery_regex": ["no group"], "gallery_url": "/g/_WORDS_"])]),
                    "Tab 1: ‘gallery_regex’ must be a list of 1 to 20 regular expressions, each with a group capturing what replaces _WORDS_."
                ),
                (
                    try Self.definition(tabs: [Self.tab(1, "Gallery_view_controller", data: ["gallery_regex": ["(x)"]])]),
                    "Tab 1: gallery_regex and gallery_url go together, as do videos_regex and videos_url, and tags_regex and tags_url."
                ),
                (
                    // The protocol's text says a list; the iOS client reads one address (`get_string`).
                    try Self.definition(tabs: [Self.tab(1, "Gallery_view_controller", data: ["gallery_regex": ["(x)"], "gallery_url": ["/g/_WORDS_"]])]),
                    "Tab 1: ‘gallery_url’ must be one address containing _WORDS_."
                ),
                ("[1, 2]", "The data must be a JSON object of properties."),
            ]
            for (definition, sentence) in refusals {
                let refused = try await fs.rest(.put, "var/floki/app", body: definition)
                #expect(refused.success == false && refused.errorDetails == sentence, "\(definition.prefix(200)): \(refused.raw)")
            }
            #expect(try await self.version(client) == secondVersion, "a refused definition changes nothing")

            // French sentences for a French administrator.
            let french = try await client.envelope(
                "/data/endpoint.php/content/commandr_fs/var/floki/app?keep_lang=fr", method: .put, headers: fs.headers,
                body: try Self.definition(tabs: [Self.tab(1, "News_view_controller", data: ["ttl": 0])]))
            #expect(french.errorDetails == "Onglet 1 : ‘ttl’ doit être un nombre entier de 1 à 2147483647.", "\(french.raw)")

            // Deleting it goes back to the generated app.
            #expect(try await fs.rest(.delete, "var/floki/app").success == true)
            #expect(try await self.version(client) == firstVersion)
            #expect((try await fs.read("var/floki/app")["tabs"] as? [Any])?.count == generatedTabs.count)
        }
    }

    private func version(_ client: some TestClientProtocol) async throws -> Int {
        let beacon = try #require(try await self.get(client, "/floki/v1-app") as? [String: Any])
        return try #require(beacon["v"] as? Int)
    }

    private func appData(_ client: some TestClientProtocol) async throws -> [String: Any] {
        try #require(try await self.get(client, "/floki/v1/appdata") as? [String: Any])
    }

    private func get(_ client: some TestClientProtocol, _ url: String) async throws -> Any {
        let path = url.hasPrefix(Self.publicURL) ? String(url.dropFirst(Self.publicURL.count)) : url
        return try await client.execute(uri: path, method: .get) { response in
            #expect(response.status == .ok, "\(path): \(String(buffer: response.body))")
            return try JSONSerialization.jsonObject(with: Data(buffer: response.body))
        }
    }

    private static func tab(_ uniqueID: Int, _ classType: String, _ extra: [String: Any] = [:], data: [String: Any] = [:]) -> [String: Any] {
        var tab: [String: Any] = ["unique_id": uniqueID, "class_type": classType, "data": data]
        tab.merge(extra) { $1 }
        return tab
    }

    private static func definition(tabs: [[String: Any]], collapsed: Bool = false, misc: [String: [String]] = [:]) throws -> String {
        let definition: [String: Any] = ["tabs": tabs, "sections_start_collapsed": collapsed, "misc": misc]
        return String(decoding: try JSONSerialization.data(withJSONObject: definition, options: [.sortedKeys]), as: UTF8.self)
    }
}
