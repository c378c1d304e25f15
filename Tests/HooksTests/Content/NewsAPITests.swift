import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import News
import Storage
import TestSupport
import Testing

/// `content/news`: the resources, their parameters and bad inputs, visibility, and the caching headers,
/// through the real server on both engines.
@Suite struct NewsAPITests {
    @Test(arguments: TestDatabase.engines)
    func categoriesComeByPositionWithTheirShownArticlesCounted(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            try await site.database.transaction { connection in
                var first = NewsCategoryChanges()
                first.position = -1
                try await NewsStore.apply(
                    first, toCategory: try #require(try await NewsFeedStore.categoryID("technology", on: connection)), on: connection, now: UnixTime.now)
            }
            try await NewsFixtures.article("Shown", in: "technology", database: site.database)
            try await NewsFixtures.article("Hidden", in: "technology", validated: false, database: site.database)
            try await NewsFixtures.article("Later", in: "technology", addDate: UnixTime.now + 3600, database: site.database)
            try await NewsFixtures.article("Gone", in: "technology", expiresAt: UnixTime.now - 1, database: site.database)

            let answer = try await client.news("categories")
            #expect(answer.status == .ok && answer.success == true, "\(answer.raw)")
            let categories = try #require(answer.data["categories"] as? [[String: Any]])
            #expect(categories.map { $0["moniker"] as? String } == ["technology", "art", "business", "community", "difficulties", "entertainment", "general"])
            #expect(categories[0]["article_count"] as? Int == 1 && categories[1]["article_count"] as? Int == 0)
            #expect(categories[0]["label"] as? String == "Technology" && (categories[0]["guid"] as? String)?.count == 36)
            #expect(categories[0]["updated_at"] as? String != nil && categories[0]["updated_timestamp"] as? Int != nil)

            let one = try await client.news("categories/technology")
            #expect((one.data["category"] as? [String: Any])?["article_count"] as? Int == 1)
            let byID = try await client.news("categories/\(try #require(categories[0]["id"] as? Int))")
            #expect((byID.data["category"] as? [String: Any])?["moniker"] as? String == "technology")
            let unknown = try await client.news("categories/nowhere")
            #expect(unknown.status == .ok && unknown.success == false)
            #expect(unknown.errorDetails == "There is no news category ‘nowhere’.")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func articlesPageNewestFirstWithCursorsAndLinks(engine: DatabaseEngine) async throws {
        var settings = ServerSettings()
        settings.publicURL = "https://news.example.com"
        try await TestServer.run(engine: engine, settings: settings) { client, site in
            let base = UnixTime.now - 10_000
            for index in 0..<25 {
                // Two articles per second: the list must order ties by ID.
                try await NewsFixtures.article("Story \(index)", in: index % 2 == 0 ? "general" : "art", addDate: base + index / 2, database: site.database)
            }
            var titles: [String] = []
            var query = "limit=10"
            var pages = 0
            while true {
                let page = try await client.news("articles", query)
                #expect(page.status == .ok, "\(page.raw)")
                let articles = try #require(page.data["articles"] as? [[String: Any]])
                titles += articles.compactMap { $0["title"] as? String }
                let paging = try #require(page.data["page"] as? [String: Any])
                pages += 1
                guard paging["has_more"] as? Bool == true, let cursor = paging["next_cursor"] as? String else {
                    #expect(page.headers[HTTPField.Name("Link")!] == nil)
                    break
                }
                let link = try #require(page.headers[HTTPField.Name("Link")!])
                #expect(link == "<https://news.example.com/data/endpoint.php/content/news/articles?limit=10&cursor=\(cursor)>; rel=\"next\"")
                query = "limit=10&cursor=\(cursor)"
            }
            #expect(pages == 3)
            #expect(titles == (0..<25).reversed().map { "Story \($0)" })

            let art = try await client.news("articles", "category=art&limit=5")
            let artTitles = (art.data["articles"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
            #expect(artTitles == ["Story 23", "Story 21", "Story 19", "Story 17", "Story 15"])
            let cursor = try #require((art.data["page"] as? [String: Any])?["next_cursor"] as? String)
            let both = try await client.news("articles", "categories=art,general&limit=50")
            #expect((both.data["articles"] as? [Any])?.count == 25, "the alias and a comma list")

            let mixed = try await client.news("articles", "category=general&cursor=\(cursor)")
            #expect(mixed.status == .badRequest)
            #expect(mixed.errorDetails == "This list position belongs to a list with other filters. Load the list again from the start.")
            #expect(try await client.news("articles", "category=art&cursor=\(cursor)").status == .ok)
        }
    }

    @Test func badParametersAreFourHundredsWithASentence() async throws {
        try await TestServer.run { client, site in
            try await NewsFixtures.article("One", database: site.database)
            for (query, sentence) in [
                ("limit=0", "The parameter ‘limit’ must be a whole number from 1 to 100."),
                ("limit=101", "The parameter ‘limit’ must be a whole number from 1 to 100."),
                ("limit=12abc", "The parameter ‘limit’ must be a whole number from 1 to 100."),
                ("limit=-1", "The parameter ‘limit’ must be a whole number from 1 to 100."),
                ("limit=99999999999999999999", "The parameter ‘limit’ must be a whole number from 1 to 100."),
                ("cursor=not-a-cursor", "This list position is not valid. Load the list again from the start."),
                ("cursor=%25%5F", "This list position is not valid. Load the list again from the start."),
                ("fields=id,password", "There is no article field ‘password’."),
                ("category=,", "The value of the parameter ‘category’ is not valid."),
            ] {
                let answer = try await client.news("articles", query)
                #expect(answer.status == .badRequest, "\(query): \(answer.raw)")
                #expect(answer.errorDetails == sentence, "\(query)")
                #expect(answer.headers[.cacheControl] == "no-store", "failures are never stored by shared caches")
            }
            #expect(try await client.news("top", "per_category=21").errorDetails == "The parameter ‘per_category’ must be a whole number from 1 to 20.")
            #expect(try await client.news("changes", "since=%00").errorDetails == "The sync token is not valid. Fetch the news again from the start.")
            let unknown = try await client.news("articles", "category=general,%25")
            #expect(unknown.status == .ok && unknown.errorDetails == "There is no news category ‘%’.")
            let resource = try await client.news("stories")
            #expect(resource.status == .badRequest)
            #expect(resource.errorDetails == "There is nothing called ‘stories’ in the news. Ask for categories, articles, top or changes.")
            let write = try await client.envelope(NewsFixtures.uri("articles"), method: .put, body: "{}")
            #expect(write.status == .ok && write.success == false, "only view: \(write.raw)")
            let invalidUTF8 = try await client.envelope("/data/endpoint.php/content/news/articles?category=%FF")
            #expect(invalidUTF8.status == .badRequest && invalidUTF8.success == false)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anArticleComesWholeWithEscapedBodyImagesAndItsPage(engine: DatabaseEngine) async throws {
        var settings = ServerSettings()
        settings.publicURL = "https://news.example.com/"
        try await TestServer.run(engine: engine, settings: settings) { client, site in
            let id = try await NewsFixtures.article(
                "<script>alert(1)</script> & more", summary: "Short", body: "First line\nsecond <b>line</b>\n\n\nNext paragraph", database: site.database
            )
            try await NewsFixtures.edit(id, database: site.database) { changes in
                changes.author = "Ann"
                changes.image = "/uploads/big.jpg"
                changes.imageWidth = .some(2000)
                changes.imageHeight = .some(1000)
                changes.imageCaption = "A caption"
                changes.imageVariants =
                    #"{"thumb": {"url": "/uploads/t.jpg", "width": 300, "height": 150}, "poster": {"url": "https://cdn.example.com/p.jpg", "width": 600}, "full": {"url": "/uploads/f.jpg", "width": 1200}}"#
                changes.gallery = #"[{"url": "https://cdn.example.com/g1.jpg", "caption": "One"}]"#
            }
            let answer = try await client.news("articles/\(id)")
            let article = try #require(answer.data["article"] as? [String: Any], "\(answer.raw)")
            #expect(article["body_html"] as? String == "<p>First line<br>second &lt;b&gt;line&lt;/b&gt;</p><p>Next paragraph</p>")
            #expect(article["body_text"] as? String == "First line\nsecond <b>line</b>\n\nNext paragraph")
            #expect(article["title"] as? String == "<script>alert(1)</script> & more", "JSON carries text as it is; pages escape it")
            let moniker = try #require(article["moniker"] as? String)
            #expect(article["web_url"] as? String == "https://news.example.com/news/\(moniker)")
            #expect((article["category"] as? [String: Any])?["moniker"] as? String == "general")
            #expect(article["external_url"] is NSNull && article["expires_at"] is NSNull)
            let image = try #require(article["image"] as? [String: Any])
            #expect(image["url"] as? String == "https://news.example.com/uploads/t.jpg", "a phone gets the widest variant that fits 320 px")
            #expect(image["width"] as? Int == 2000 && image["caption"] as? String == "A caption")
            #expect((image["variants"] as? [[String: Any]])?.map { $0["name"] as? String } == ["full", "poster", "thumb"])
            #expect(((article["gallery"] as? [[String: Any]])?.first)?["caption"] as? String == "One")
            let doubled = try await client.news("articles/\(id)", "d=2")
            #expect(((doubled.data["article"] as? [String: Any])?["image"] as? [String: Any])?["url"] as? String == "https://cdn.example.com/p.jpg")
            let tablet = try await client.news("articles/\(id)", "d=1")
            #expect(((tablet.data["article"] as? [String: Any])?["image"] as? [String: Any])?["url"] as? String == "https://cdn.example.com/p.jpg")

            let byMoniker = try await client.news("articles/\(moniker)", "fields=id,title")
            #expect(byMoniker.data["article"] as? [String: Any] as NSDictionary? == ["id": id, "title": "<script>alert(1)</script> & more"] as NSDictionary)

            // Written behind the server's back (as another instance would): this instance's rendered
            // answers are dropped as its own writes drop them.
            try await NewsFixtures.edit(id, database: site.database) { $0.externalURL = "https://elsewhere.example.org/story" }
            site.newsAnswers.clear()
            let external = try #require(try await client.news("articles/\(id)").data["article"] as? [String: Any])
            #expect(external["body_html"] as? String == "" && external["external_url"] as? String == "https://elsewhere.example.org/story")

            try await NewsFixtures.edit(id, database: site.database) { $0.validated = false }
            site.newsAnswers.clear()
            let hidden = try await client.news("articles/\(id)")
            #expect(hidden.status == .ok && hidden.errorDetails == "This news article does not exist or is no longer available.")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func topGivesTheNewestOfEachCategory(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            let base = UnixTime.now - 1000
            for index in 0..<5 {
                try await NewsFixtures.article("General \(index)", in: "general", addDate: base + index, database: site.database)
                try await NewsFixtures.article("Art \(index)", in: "art", addDate: base + index, database: site.database)
            }
            try await NewsFixtures.article("Art hidden", in: "art", addDate: base + 100, validated: false, database: site.database)
            let top = try await client.news("top", "per_category=2")
            let categories = try #require(top.data["categories"] as? [[String: Any]], "\(top.raw)")
            #expect(categories.count == 7)
            func titles(_ moniker: String) -> [String]? {
                (categories.first { $0["moniker"] as? String == moniker }?["articles"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
            }
            #expect(titles("general") == ["General 4", "General 3"] && titles("art") == ["Art 4", "Art 3"] && titles("business") == [])
            #expect(top.data["sync"] as? String != nil)
            let chosen = try await client.news("top", "category=art")
            #expect((chosen.data["categories"] as? [[String: Any]])?.map { $0["moniker"] as? String } == ["art"])
            #expect(titles("art")?.count == 2)
            #expect(((chosen.data["categories"] as? [[String: Any]])?.first?["articles"] as? [Any])?.count == 3, "per_category defaults to 3")
        }
    }

    @Test func answersAreSharedCacheableAndRevalidate() async throws {
        try await TestServer.run(config: ["news_max_age_seconds": "120"]) { client, site in
            try await NewsFixtures.article("Cached", database: site.database)
            let first = try await client.news("articles")
            #expect(first.headers[.cacheControl] == "public, max-age=120, stale-while-revalidate=300")
            #expect(first.headers[values: .cacheControl].count == 1 && first.headers[HTTPField.Name("Pragma")!] == nil && first.headers[.expires] == nil)
            let tag = try #require(first.headers[.eTag])
            let lastModified = try #require(first.headers[.lastModified])
            #expect(!tag.hasPrefix("W/"), "a strong tag")

            for headers: HTTPFields in [[.ifNoneMatch: tag], [.ifModifiedSince: lastModified], [.ifNoneMatch: "\"other\", \(tag)"]] {
                try await client.execute(uri: NewsFixtures.uri("articles"), method: .get, headers: headers) { response in
                    #expect(response.status == .notModified, "\(headers)")
                    #expect(response.body.readableBytes == 0)
                    #expect(response.headers[.eTag] == tag && response.headers[.lastModified] == lastModified)
                    #expect(response.headers[.cacheControl] == "public, max-age=120, stale-while-revalidate=300")
                }
            }
            let stale = try await client.news("articles", headers: [.ifNoneMatch: "\"other\"", .ifModifiedSince: lastModified])
            #expect(stale.status == .ok, "If-None-Match wins over If-Modified-Since")
            let older = try await client.news("articles", headers: [.ifModifiedSince: "Mon, 26 Jul 1997 05:00:00 GMT"])
            #expect(older.status == .ok)

            let changes = try await client.news("changes", "since=\(try #require(first.data["sync"] as? String))")
            #expect(changes.headers[.cacheControl] == "public, no-cache")

            let withCredentials = try await client.news(
                "articles", headers: [HTTPField.Name("cms_member_id")!: "2", HTTPField.Name("cms_session_token")!: "forged"])
            #expect(withCredentials.raw == first.raw, "credentials are ignored: everyone gets the same answer")
        }
    }

    /// Two instances on one database: a write through one is seen at once there, and by the other's
    /// kept answers after `news_max_age_seconds` at the latest.
    @Test func aWriteThroughAnotherInstanceShowsAfterTheMaxAgeAtTheLatest() async throws {
        @Sendable func titles(_ client: any TestClientProtocol) async throws -> [String]? {
            (try await client.news("articles").data["articles"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
        }
        let readersTime = ManualClock()
        try await TestDatabase.withMigrated(.sqlite) { database in
            try await TestServer.run(sharing: database, config: ["news_max_age_seconds": "3"], clock: readersTime.clock) { reader, _ in
                try await TestServer.run(sharing: database) { writer, site in
                    try await AccountFixtures.member("root", role: .administrators, services: site)
                    let fs = CommandrClient(client: writer, headers: try LoggedIn(try await writer.login("root")).iOSHeaders)
                    #expect(try await titles(reader) == [])
                    #expect(try await fs.query("add", "var/news/general/Elsewhere.cms", data: "{}").success == true)
                    #expect(try await titles(writer) == ["Elsewhere"], "at once where it was written")
                    #expect(try await titles(reader) == [], "the other instance keeps its answer for up to 3 s")
                    readersTime.advance(seconds: 4)
                    #expect(try await titles(reader) == ["Elsewhere"], "and no longer")
                }
            }
        }
    }

    /// A write through this instance is seen at once, even though answers are kept rendered.
    @Test func aWriteThroughThisInstanceIsSeenAtTheNextRequest() async throws {
        try await CommandrFSTests.asAdmin { fs, client, _ in
            #expect((try await client.news("articles").data["articles"] as? [Any])?.isEmpty == true)
            let posted = try await fs.query("add", "var/news/general/Fresh.cms", data: #"{"summary": "New"}"#)
            #expect(posted.success == true, "\(posted.raw)")
            let titles = (try await client.news("articles").data["articles"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
            #expect(titles == ["Fresh"])
        }
    }
}
