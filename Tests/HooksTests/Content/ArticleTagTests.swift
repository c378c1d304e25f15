import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Storage
import TestSupport
import Testing

/// An article's tags on both engines: written through commandr_fs (a list, or Composr's text with
/// commas), one tag however it is typed, read back in `content/news`, the MIT story, a tag's list
/// paged by cursor, the article's page and the tag's page; a tag link on the page followed as the iOS
/// Floki client follows it (the served `tags_regex` and `tags_url`, page by page to the end); a
/// Composr tag link redirected to the tag's page.
@Suite struct ArticleTagTests {
    /// The site's public URL in tests.
    static let publicURL = "http://127.0.0.1:8080"

    @Test(arguments: TestDatabase.engines)
    func tagsReachEveryReaderAndPageByCursor(engine: DatabaseEngine) async throws {
        try await CommandrFSTests.asAdmin(engine: engine, framework: .live) { fs, client, site in
            let now = site.clock.now
            // Five articles, oldest first; the first and the last carry the tag however it is typed.
            let spellings: [(String, JSONValue)] = [
                ("Storm warning", .array(["Climate change", "Café"])), ("Budget day", .array(["Politics"])),
                ("Dry summer", .string("CLIMATE-CHANGE, cafe , Drought")), ("Sea levels", .array(["  clímate   Change "])),
                ("Harvest", .string("climate change")),
            ]
            for (index, (title, tags)) in spellings.enumerated() {
                let created = try await fs.rest(
                    .post, "var/news/general/\(index).cms",
                    body: JSONValue.object([
                        ("label", .string(title)), ("tags", tags), ("add_date", .string(PortableTimeText.format(now - 100 + index * 10))),
                    ]).serialized)
                try #require(created.success == true, "\(created.raw)")
            }
            let third = try await fs.read("var/news/general/dry-summer.cms")
            #expect(third["tags"] as? [String] == ["Climate change", "Café", "Drought"], "one tag each, under its first label: \(third)")

            // A tag with no letter or digit, or more than an article carries, is refused with a sentence.
            let symbols = try await fs.rest(.post, "var/news/general/x.cms", body: #"{"label": "X", "tags": ["!!!"]}"#)
            #expect(symbols.success == false && symbols.errorDetails?.contains("cannot be a tag") == true, "\(symbols.raw)")
            let many = try await fs.rest(
                .post, "var/news/general/y.cms", body: JSONValue.object([("label", "Y"), ("tags", .array((1...31).map { .string("t\($0)") }))]).serialized)
            #expect(many.success == false && many.errorDetails == "An article can have at most 30 tags.", "\(many.raw)")

            let article = try #require(try await client.news("articles/harvest").data["article"] as? [String: Any])
            let tags = try #require(article["tags"] as? [[String: Any]])
            #expect(tags.map { $0["moniker"] as? String } == ["climate-change"] && tags.first?["label"] as? String == "Climate change", "\(tags)")
            #expect(tags.first?["web_url"] as? String == Self.publicURL + "/news/tag/climate-change")
            let id = try #require(article["id"] as? Int)
            let story = try await client.execute(uri: "/apis/news/stories/\(id)", method: .get) {
                try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any]
            }
            #expect((story?["tags"] as? [[String: Any]])?.first?["moniker"] as? String == "climate-change", "\(story ?? [:])")

            // The tag's list, newest first, one article a page, by its moniker or any spelling of it.
            var titles: [String] = []
            var cursor: String?
            repeat {
                let page = try await client.news("articles", "tag=Clim%C3%A1te%20Change&limit=1&fields=title" + (cursor.map { "&cursor=" + $0 } ?? ""))
                try #require(page.success == true, "\(page.raw)")
                titles += (page.data["articles"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
                cursor = (page.data["page"] as? [String: Any])?["next_cursor"] as? String
            } while cursor != nil && titles.count < 10
            #expect(titles == ["Harvest", "Sea levels", "Dry summer", "Storm warning"])
            #expect(try await client.news("articles", "tag=nothing-here").errorDetails == "There is no tag ‘nothing-here’.")
            let mixed = try await client.news("articles", "tag=climate-change&category=general")
            #expect(mixed.status == .badRequest && mixed.errorDetails?.hasPrefix("A tag’s articles come from every category") == true)
            // Moved in time, an article moves in its tags' lists.
            let moved = try await fs.rest(.put, "var/news/general/storm-warning.cms", body: #"{"add_date": "\#(PortableTimeText.format(now))"}"#)
            try #require(moved.success == true, "\(moved.raw)")
            let newest = try await client.news("articles", "tag=climate-change&limit=1&fields=title")
            #expect((newest.data["articles"] as? [[String: Any]])?.first?["title"] as? String == "Storm warning")

            // The article's page links each tag to its page, which lists the tag's articles.
            let html = try await client.execute(uri: "/news/harvest", method: .get) { String(buffer: $0.body) }
            let link = try #require(html.firstMatch(of: #/<a href="([^"]+)" rel="tag">Climate change</a>/#).map { String($0.output.1) }, "\(html)")
            #expect(link == "/news/tag/climate-change")
            let tagPage = try await client.execute(uri: link, method: .get) { ($0.status, String(buffer: $0.body)) }
            #expect(tagPage.0 == .ok && tagPage.1.contains("<h1 id=\"title\">Tagged ‘Climate change’</h1>"), "\(tagPage.1)")
            for title in ["Harvest", "Sea levels", "Dry summer", "Storm warning"] { #expect(tagPage.1.contains(">\(title)</a>"), "\(title)") }
            #expect(!tagPage.1.contains(">Budget day</a>"))
            #expect(try await client.execute(uri: "/news/tag/nothing-here", method: .get) { $0.status } == .notFound)

            // Composr's tag link (its tag search) leads to the tag's page for good.
            let composr = "/index.php?page=search&type=results&content=%22Climate%20change%22&days=-1&only_search_meta=1&all_defaults=1"
            let redirected = try await client.execute(uri: composr, method: .get) { ($0.status, $0.headers[.location]) }
            #expect(redirected.0 == .movedPermanently && redirected.1 == "/news/tag/climate-change")

            // The iOS client, shown the page, matches the link with the News tab's `tags_regex` and
            // opens `tags_url` page by page from 1 until a page is empty.
            let appData = try #require(
                try await client.execute(uri: "/floki/v1/appdata", method: .get) {
                    try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any]
                })
            let newsTab = try #require((appData["tabs"] as? [[String: Any]])?.first { $0["class_type"] as? String == "News_view_controller" })
            let tabData = try #require(newsTab["data"] as? [String: Any])
            let patterns = try #require(tabData["tags_regex"] as? [String])
            var fetched: [String] = []
            for page in 1...10 {
                let address = try #require(
                    FlokiClient.capturedAddress(
                        following: Self.publicURL + link, patterns: patterns, address: tabData["tags_url"] as? String, language: "en", page: page),
                    "\(tabData)")
                let path = try #require(address.hasPrefix(Self.publicURL) ? String(address.dropFirst(Self.publicURL.count)) : nil, "\(address)")
                let document = try await client.execute(uri: path, method: .get) {
                    try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any]
                }
                let items = (document?["items"] as? [[String: Any]] ?? []).compactMap(FlokiClient.Item.init)
                if items.isEmpty { break }
                fetched += items.map(\.title)
            }
            #expect(fetched == ["Storm warning", "Harvest", "Sea levels", "Dry summer"], "\(fetched)")
        }
    }

    /// A tag page holds more than a page: the Floki feed pages it by `page`, 20 a page, `has_older`
    /// while more follow.
    @Test func theFlokiTagFeedPagesToTheEnd() async throws {
        try await CommandrFSTests.asAdmin { fs, client, _ in
            for index in 1...25 {
                let created = try await fs.rest(.post, "var/news/general/\(index).cms", body: #"{"label": "Story \#(index)", "tags": "Sport"}"#)
                try #require(created.success == true, "\(created.raw)")
            }
            var counts: [Int] = []
            var older: [Bool] = []
            for page in 1...3 {
                let document = try await client.news("feed/tag/sport", "response_type=floki&page=\(page)").json
                counts.append((document["items"] as? [[String: Any]])?.count ?? -1)
                older.append(document["has_older"] as? Bool ?? false)
            }
            #expect(counts == [20, 5, 0] && older == [true, false, false], "\(counts) \(older)")
        }
    }
}
