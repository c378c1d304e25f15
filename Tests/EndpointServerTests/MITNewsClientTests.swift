import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import News
import Storage
import TestSupport
import Testing

/// The MIT News apps reading this server over a real socket, checked by their own parsing rules
/// (``MITNewsClients``): categories, the featured strip, every category to its end by the `Link`
/// header (iOS) and by `offset` (Android) while stories are published in between, a search, one
/// story by its `url`, and every `source_url` and image representation opened.
@Suite struct MITNewsClientTests {
    static let publicURL = "https://news.example.com"

    /// The body of `url` (absolute on the public URL, or a path) with its status and headers.
    static func get(_ client: some TestClientProtocol, _ url: String, headers: HTTPFields = [:]) async throws -> (HTTPResponse.Status, HTTPFields, Data) {
        let path = url.hasPrefix(Self.publicURL) ? String(url.dropFirst(Self.publicURL.count)) : url
        return try await client.execute(uri: path, method: .get, headers: headers) { ($0.status, $0.headers, Data(buffer: $0.body)) }
    }

    /// A list answer as both apps read it: 200, a root array every element of which both parse.
    static func stories(_ client: some TestClientProtocol, _ url: String) async throws -> (stories: [MITNewsClients.Story], next: String?) {
        let (status, headers, body) = try await Self.get(client, url)
        #expect(status == .ok, "\(url): \(String(decoding: body, as: UTF8.self))")
        let android = try #require(MITNewsClients.Android.stories(body), "Android parses every story of \(url)")
        let iOS = try #require(MITNewsClients.IOS.stories(body), "RestKit maps the root array of \(url)")
        #expect(android == iOS)
        let next = try MITNewsClients.IOS.nextPage(linkHeader: headers[HTTPField.Name("Link")!])
        return (android, next)
    }

    /// `time` as `.cms` properties write times (UTC).
    static func portable(_ time: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(time)))
    }

    @Test(arguments: TestDatabase.engines)
    func bothAppsReadEverythingWhileStoriesArePublished(engine: DatabaseEngine) async throws {
        var settings = ServerSettings()
        settings.publicURL = Self.publicURL
        try await TestServer.run(engine: engine, settings: settings, framework: .live) { client, site in
            try await AccountFixtures.member("root", role: .administrators, services: site)
            let fs = CommandrClient(client: client, headers: try LoggedIn(try await client.login("root")).iOSHeaders)
            let photo = try await fs.upload(try ImageFixtures.bytes(ImageFixtures.landscape), as: "field.jpg")
            let photoID = try #require(photo.data["id"] as? Int)
            let start = UnixTime.now - 10_000
            var general: [Int] = []
            for index in 0..<7 {
                general.append(
                    try await NewsFixtures.article("General \(index)", addDate: start + index * 10, summary: "Story \(index)", database: site.database))
            }
            let featured = JSONValue.json([
                "label": "Harvest", "summary": "In the field", "article": "The **crop** is in.", "image": "media:\(photoID)",
                "image_caption": "The field", "image_credit": "A. Farmer", "featured": 1, "add_date": Self.portable(start + 100),
                "gallery": [["url": "media:\(photoID)", "caption": "Again"]],
            ])
            #expect(try await fs.rest(.post, "var/news/general/harvest.cms", body: featured).success == true)
            let clip = JSONValue.json([
                "label": "Elsewhere", "external_url": Self.publicURL + "/healthz", "featured": 1, "add_date": Self.portable(start + 110),
                "image": "https://cdn.example.com/size-unknown.jpg",
            ])
            #expect(try await fs.rest(.post, "var/news/general/elsewhere.cms", body: clip).success == true)

            // Categories: in the site's order, each `url` the list of its stories.
            for path in ["/apis/news/categories/", "/apis/news/categories"] {
                let (status, _, body) = try await Self.get(client, path)
                #expect(status == .ok)
                let categories = try #require(MITNewsClients.Android.categories(body), "\(String(decoding: body, as: UTF8.self))")
                #expect(MITNewsClients.IOS.categories(body) == categories)
                let stored = try await site.database.withConnection { try await NewsFeedStore.categories(now: UnixTime.now, on: $0) }
                #expect(categories.map(\.id) == stored.map(\.moniker) && categories.map(\.name) == stored.map(\.category.label))
                #expect(categories.first { $0.id == "general" }?.url == Self.publicURL + "/apis/news/stories/?category=general")
            }

            // The featured strip, newest first, as iOS orders it too.
            let strip = try await Self.stories(client, "/apis/news/stories/?featured=true&limit=20").stories
            #expect(strip.map(\.title) == ["Elsewhere", "Harvest"] && strip.allSatisfy(\.featured))
            #expect(MITNewsClients.IOS.shownOrder(strip) == strip)
            let clipStory = strip[0]
            #expect(clipStory.type == "news_clip" && clipStory.bodyHTML == nil && clipStory.sourceURL == Self.publicURL + "/healthz")
            #expect(clipStory.coverImage == nil, "an image of no known size has no representation the apps can use")
            let harvest = strip[1]
            #expect(harvest.type == "news" && harvest.bodyHTML?.contains("crop") == true && harvest.dek == "In the field")
            #expect(harvest.category == MITNewsClients.Category(id: "general", name: "General", url: Self.publicURL + "/apis/news/stories/?category=general"))
            let cover = try #require(harvest.coverImage)
            #expect(cover.credits == "A. Farmer" && cover.description == "The field" && cover.representations.count == 7)
            #expect(cover.representations.contains { $0.width == 1200 && $0.height == 900 } && harvest.galleryImages.count == 1)

            // One story by its `url`, as Android opens it.
            let (storyStatus, _, storyBody) = try await Self.get(client, harvest.url)
            #expect(storyStatus == .ok && MITNewsClients.Android.story(storyBody) == harvest)

            // Every source_url and representation opens.
            for url in strip.map(\.sourceURL) + (strip.compactMap(\.coverImage) + strip.flatMap(\.galleryImages)).flatMap(\.representations).map(\.url) {
                #expect(try await Self.get(client, url).0 == .ok, "\(url)")
            }

            // iOS: every page by the Link header, a story published after each page.
            var seen: [String] = []
            var next: String? = Self.publicURL + "/apis/news/stories/?category=general&limit=3"
            var published = 0
            while let url = next, seen.count < 100 {
                let page = try await Self.stories(client, url)
                seen += page.stories.map(\.id)
                next = page.next
                published += 1
                try await NewsFixtures.article("Fresh \(published)", addDate: UnixTime.now - published, database: site.database)
            }
            #expect(seen == (general.map(String.init) + strip.reversed().map(\.id)).reversed(), "no repeats, no gaps")

            // Android: pages by offset until one is short, a story published after each page: none
            // skipped (the one at a page's end repeats at the next page's start).
            var byOffset: [String] = []
            var offset = 0
            while byOffset.count < 100 {
                let page = try await Self.stories(client, "/apis/news/stories/?offset=\(offset)&limit=4&category=general").stories
                byOffset += page.map(\.id)
                guard page.count == 4 else { break }
                offset += page.count
                try await NewsFixtures.article("Later \(offset)", addDate: UnixTime.now, database: site.database)
            }
            #expect(Set(seen).isSubset(of: Set(byOffset)), "every story listed at the start is reached")

            // A search; short words are whole words; one that cannot run answers an empty list, not a failure.
            #expect(try await Self.stories(client, "/apis/news/stories/?q=harvest").stories.map(\.title) == ["Harvest"])
            #expect(try await Self.stories(client, "/apis/news/stories/?q=h").stories.isEmpty, "'h' is no word of 'Harvest'")
            #expect(try await Self.stories(client, "/apis/news/stories/?q=ha%20rv").stories.isEmpty)
            #expect(try await Self.stories(client, "/apis/news/stories/?q=%2D%2D").stories.isEmpty, "no letter or digit")
        }
    }

    @Test func badRequestsAreSmallJSONErrorsAndAnswersRevalidate() async throws {
        try await TestServer.run(framework: .live) { client, site in
            try await NewsFixtures.article("Only", summary: "One story", database: site.database)
            for (url, status) in [
                ("/apis/news/stories/?limit=0", HTTPResponse.Status.badRequest), ("/apis/news/stories/?offset=-1", .badRequest),
                ("/apis/news/stories/?featured=maybe", .badRequest), ("/apis/news/stories/?cursor=%21", .badRequest),
                ("/apis/news/stories/?category=nowhere", .notFound), ("/apis/news/stories/99999", .notFound),
            ] {
                let (answered, headers, body) = try await Self.get(client, url)
                let error = (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["error"] as? String
                #expect(answered == status && error?.isEmpty == false && headers[.cacheControl] == "no-store", "\(url)")
            }
            let (_, _, french) = try await Self.get(client, "/apis/news/stories/?category=nowhere", headers: [.acceptLanguage: "fr"])
            #expect(String(decoding: french, as: UTF8.self).contains("Il n’existe pas de catégorie"), "\(String(decoding: french, as: UTF8.self))")

            let (status, headers, _) = try await Self.get(client, "/apis/news/stories/")
            let tag = try #require(headers[.eTag])
            #expect(status == .ok && headers[.cacheControl]?.hasPrefix("public, max-age=") == true && headers[.contentLanguage] == "en")
            #expect(try await Self.get(client, "/apis/news/stories", headers: [.ifNoneMatch: tag]).0 == .notModified)
            let token = try #require(try await client.news("articles").data["sync"] as? String)
            try await AccountFixtures.member("root", role: .administrators, services: site)
            let fs = CommandrClient(client: client, headers: try LoggedIn(try await client.login("root")).iOSHeaders)
            #expect(try await fs.rest(.put, "var/news/general/only.cms", body: #"{"featured": 1}"#).success == true)
            #expect((try await fs.read("var/news/general/only.cms"))["featured"] as? Int == 1)
            let (changed, changedHeaders, body) = try await Self.get(client, "/apis/news/stories/", headers: [.ifNoneMatch: tag])
            #expect(changed == .ok && changedHeaders[.eTag] != tag, "a write on this instance is seen at once")
            #expect(MITNewsClients.Android.stories(body)?.first?.featured == true)
            let sync = try await client.news("changes", "since=\(token)")
            #expect((sync.data["upserted"] as? [[String: Any]])?.first?["featured"] as? Bool == true, "\(sync.raw)")
        }
    }
}
