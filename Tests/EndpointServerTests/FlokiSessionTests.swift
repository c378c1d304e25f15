import EndpointCore
import EndpointServer
import Foundation
import HummingbirdTesting
import News
import Storage
import TestSupport
import Testing

/// A Floki session as the real clients run it (their rules ported in ``FlokiClient``): from the version
/// indicator to the News tab, an iOS and an Android client refresh the same feed while articles are created, edited, moved in time and between
/// categories, hidden, published late and expire; then iOS pages back to the oldest. Both end holding
/// what they should, current in every field, and every link they hold opens however they mangled it.
@Suite struct FlokiSessionTests {
    static let publicURL = "https://news.example.com"
    static let feedURL = publicURL + "/data/endpoint.php/content/news/feed/all?response_type=floki&keep_lang=" + "en"

    @Test(arguments: TestDatabase.engines)
    func clientsHoldEveryShownArticleCurrentAndEveryLinkOpens(engine: DatabaseEngine) async throws {
        var settings = ServerSettings()
        settings.publicURL = Self.publicURL
        try await TestServer.run(engine: engine, settings: settings) { client, site in
            let database = site.database
            let base = UnixTime.now - 500_000
            func date(_ index: Int) -> Int { base + index * 600 }
            var ids: [Int] = []
            for index in 0..<70 {
                let title = index == 64 ? "Café-au-lait story" : "Story \(index)"
                ids.append(try await NewsFixtures.article(title, in: index % 4 == 0 ? "art" : "general", addDate: date(index), database: database))
            }
            let lateDraft = try await NewsFixtures.article("Late one", addDate: date(5) + 1, validated: false, database: database)

            func fetch(_ url: String) async throws -> [String: Any] {
                let path = try #require(url.hasPrefix(Self.publicURL) ? String(url.dropFirst(Self.publicURL.count)) : nil)
                return try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .ok, "\(path): \(String(buffer: response.body))")
                    return try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any] ?? [:]
                }
            }
            // From the version indicator to the News tab's feed, as the clients go.
            let beacon = try await fetch(Self.publicURL + "/floki/v1-app")
            let app = try await fetch(FlokiClient.mangle(try #require(beacon["url"] as? String)))
            let newsTab = try #require((app["tabs"] as? [[String: Any]])?.first?["data"] as? [String: Any])
            let feedURL = FlokiClient.mangle(try #require(newsTab["main_url"] as? String)) + "en"
            #expect(feedURL == Self.feedURL)
            var iOS = FlokiClient.IOSTab()
            var android = FlokiClient.AndroidTab()
            func refresh() async throws {
                iOS.receive(try await fetch(FlokiClient.requestURL(feedURL, device: 2, holding: iOS.items)), now: UnixTime.now)
                android.receive(try await fetch(feedURL), now: UnixTime.now)
            }
            try await refresh()
            #expect(iOS.items.count == 50 && iOS.showsLoadOlder && android.items.count == 50)
            let editedURL = iOS.items.first { $0.id == ids[65] }?.url

            // Between two refreshes.
            let newest = try await NewsFixtures.article("Brand new", addDate: UnixTime.now - 30, database: database)
            let backdated = try await NewsFixtures.article("Created with an old date", addDate: date(40) + 1, database: database)
            try await NewsFixtures.edit(ids[65], database: database) { $0.title = "Story 65, corrected" }
            try await NewsFixtures.edit(ids[60], database: database) { $0.addDate = date(10) + 1 }
            try await NewsFixtures.edit(ids[50], database: database) { $0.validated = false }
            try await NewsFixtures.edit(ids[40], database: database) { $0.expiresAt = .some(UnixTime.now - 1) }
            let art = try await database.withConnection { try #require(try await NewsFeedStore.categoryID("art", on: $0)) }
            try await NewsFixtures.edit(ids[45], database: database) { $0.categoryID = art }
            try await NewsFixtures.edit(lateDraft, database: database) { $0.validated = true }
            site.newsAnswers.clear()
            try await refresh()

            let shown = try await database.withConnection {
                try await NewsFeedStore.articles(in: nil, after: nil, limit: 1_000, now: UnixTime.now, on: $0)
            }
            func summary(_ items: [FlokiClient.Item]) -> [String] { items.map { "\($0.id) \($0.title) \($0.sectionIDs)" } }
            let truth = shown.map { "\($0.article.id) \($0.article.title) [\($0.article.categoryID)]" }
            #expect(summary(Array(iOS.items.prefix(50))) == Array(truth.prefix(50)), "iOS: the newest 50, current")
            #expect(summary(android.items) == Array(truth.prefix(50)), "Android: the newest 50, current")
            #expect(iOS.showsLoadOlder, "load older stays after a refresh with l and h")
            #expect(iOS.items.contains { $0.id == newest } && iOS.items.contains { $0.id == backdated })
            let edited = try #require(iOS.items.first { $0.id == ids[65] })
            #expect(edited.url != editedURL, "an edited article gets a new page URL")

            var pages = 0
            while iOS.showsLoadOlder, pages < 10 {
                iOS.receive(try await fetch(FlokiClient.requestURL(feedURL, device: 2, holding: iOS.items, older: true)), now: UnixTime.now)
                pages += 1
            }
            #expect(!iOS.showsLoadOlder && pages >= 1)
            #expect(summary(iOS.items) == truth, "after paging back iOS holds every shown article, and nothing else")

            for item in iOS.items {
                for link in [item.url, item.shareURL].compactMap(\.self) {
                    let path = String(link.dropFirst(Self.publicURL.count))
                    try await client.execute(uri: path, method: .get) { response in
                        #expect(response.status == .ok, "\(link)")
                    }
                }
            }
            let accented = try #require(iOS.items.first { $0.id == ids[64] }?.shareURL)
            #expect(accented == Self.publicURL + "/news/caf%C3%A9%2dau%2dlait%2dstory", "mangled as the clients do")
            for spelling in ["caf%e9%2dau%2dlait%2dstory", "caf%c3%a9%2Dau-lait-story", "caf%C3%A9-au-lait-story", "%63af%C3%A9-au-lait-story"] {
                try await client.execute(uri: "/news/" + spelling, method: .get) { response in
                    #expect(response.status == .ok, "\(spelling): Latin-1 or UTF-8, escapes of either case")
                }
            }
            try await client.execute(uri: "/news/caf%e9%2", method: .get) { #expect($0.status == .notFound, "a malformed escape") }
        }
    }
}
