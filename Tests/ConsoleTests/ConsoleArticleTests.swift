import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Media
import News
import SQLKit
import Storage
import TestSupport
import Testing

/// Articles written in the console reach readers exactly as those written through `commandr_fs`: the
/// same writer, the same rendering, the same caches forgotten; scheduling, validation, deletion and
/// two editors saving one article.
@Suite struct ConsoleArticleTests {
    static let body = "A **bold** word and [a link](https://example.org/more)."

    @Test(arguments: TestDatabase.engines)
    func anArticleWrittenHereIsEverywhereReadersLook(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            try await ConsoleFixtures.editor("writer", services: site)
            // A reader's app fetched the list before: the kept answer must be forgotten.
            #expect((try await client.news("articles", "fields=id").data["articles"] as? [[String: Any]])?.isEmpty == true)
            let agent = ConsoleAgent(client)
            try await agent.signIn("writer")
            let editor = try await agent.get("/admin/articles/new")
            #expect(editor.status == .ok && editor.body.contains(#"<h1>Add news</h1>"#))
            let saved = try await agent.post(
                "/admin/articles/new",
                [("title", "Harbour opens"), ("category", "1"), ("summary", "The *new* harbour."), ("body", Self.body), ("action", "publish")])
            #expect(saved.status == .seeOther, "\(saved.body)")
            let location = try #require(saved.location)
            #expect(location.hasPrefix("/admin/articles/") && location.hasSuffix("?saved=1"))
            let id = try #require(Int(location.dropFirst("/admin/articles/".count).prefix { $0.isNumber }))

            let article = try #require(try await client.news("articles/\(id)").data["article"] as? [String: Any])
            let html = try #require(article["body_html"] as? String)
            #expect(html.contains("<strong>bold</strong>") && html.contains(#"<a href="https://example.org/more" rel="noopener">a link</a>"#), "\(html)")
            #expect(article["title"] as? String == "Harbour opens")
            #expect(article["author"] as? String == "writer", "its writer is its byline")
            let page = try await client.execute(uri: "/news/\(id)", method: .get) { String(buffer: $0.body) }
            #expect(page.contains(#"<p class="byline" id="byline">By writer, "#), "\(page)")
            let listed = try await client.news("articles", "fields=id")
            #expect((listed.data["articles"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [id], "\(listed.raw)")
            let feed = try await client.execute(uri: NewsFixtures.uri("feed/all", "response_type=floki"), method: .get) {
                try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any] ?? [:]
            }
            #expect((feed["items"] as? [[String: Any]])?.contains { ($0["title"] as? String) == "Harbour opens" } == true, "\(feed)")
            let stories = try await client.execute(uri: "/apis/news/stories/", method: .get) {
                try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [[String: Any]] ?? []
            }
            #expect(stories.contains { "\($0["id"] ?? "")" == "\(id)" }, "\(stories)")

            let reopened = try await agent.get(location)
            #expect(reopened.text(ofID: "notice") == "Your action was successful.")
            #expect(reopened.text(ofID: "article-state")?.hasSuffix("Published") == true, "\(reopened.body)")
            #expect(reopened.body.contains(#"<textarea id="body" name="body" rows="16" aria-describedby="body-hint image-hint">A **bold** word"#))
            let dashboard = try await agent.get("/admin")
            #expect(dashboard.body.contains("added the article ‘Harbour opens’"), "the change is recorded on the dashboard")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aScheduledArticleAppearsWhenItsTimeComes(engine: DatabaseEngine) async throws {
        let time = ManualClock()
        try await TestServer.run(engine: engine, clock: time.clock) { client, site in
            try await ConsoleFixtures.editor("writer", services: site)
            let agent = ConsoleAgent(client)
            try await agent.signIn("writer")
            _ = try await agent.get("/admin/articles/new")
            let inAnHour = site.clock.now + 3600
            let moment = Self.minuteText(inAnHour)
            let saved = try await agent.post(
                "/admin/articles/new",
                [("title", "Tomorrow's tide"), ("category", "1"), ("body", Self.body), ("publication_time", moment), ("action", "publish")])
            #expect(saved.status == .seeOther, "\(saved.body)")
            let page = try await agent.get(try #require(saved.location))
            #expect(page.text(ofID: "article-state")?.hasSuffix("Scheduled") == true)
            #expect(try await agent.get("/admin/articles?state=scheduled").body.contains("Tomorrow&#39;s tide") == true)
            #expect((try await client.news("articles", "fields=id").data["articles"] as? [[String: Any]])?.isEmpty == true)
            time.advance(seconds: 3700)
            _ = try await site.newsClock.tick()
            let listed = try await client.news("articles", "fields=title")
            #expect((listed.data["articles"] as? [[String: Any]])?.first?["title"] as? String == "Tomorrow's tide", "\(listed.raw)")
        }
    }

    /// Day one: a draft saved last week and published now was listed below newer news (its
    /// publication time was its first save's). A draft's time is empty until someone sets one, and
    /// publishing it means now: it is first in `content/news` and in the Floki feed.
    @Test(arguments: TestDatabase.engines)
    func aDraftPublishedLaterIsTheNewestNews(engine: DatabaseEngine) async throws {
        let time = ManualClock()
        try await TestServer.run(engine: engine, clock: time.clock) { client, site in
            try await ConsoleFixtures.editor("writer", services: site)
            let agent = ConsoleAgent(client)
            try await agent.signIn("writer")
            _ = try await agent.get("/admin/articles/new")
            let draft = try await agent.post("/admin/articles/new", [("title", "Slow story"), ("category", "1"), ("body", Self.body), ("action", "save")])
            #expect(draft.status == .seeOther, "\(draft.body.prefix(300))")
            let path = try #require(draft.location).split(separator: "?")[0]
            time.advance(seconds: 3 * 86_400)
            try await NewsFixtures.article("Midweek news", addDate: site.clock.now, database: site.database)
            time.advance(seconds: 4 * 86_400)
            try await agent.signIn("writer")  // a week later: a console session of its own
            let editor = try await agent.get(String(path))
            #expect(editor.body.contains(#"name="publication_time" value="""#), "a draft's time is empty")
            let published = try await agent.post(
                String(path),
                [
                    ("title", "Slow story"), ("category", "1"), ("body", Self.body), ("publication_time", ""), ("version", editor.hidden("version") ?? ""),
                    ("action", "publish"),
                ])
            #expect(published.status == .seeOther, "\(published.body.prefix(300))")
            let listed = try await client.news("articles", "fields=title")
            #expect((listed.data["articles"] as? [[String: Any]])?.first?["title"] as? String == "Slow story", "\(listed.raw)")
            let feed = try await client.execute(uri: "/data/endpoint.php/content/news/feed/all?response_type=floki&keep_lang=en", method: .get) {
                try JSONSerialization.jsonObject(with: Data(String(buffer: $0.body).utf8)) as? [String: Any]
            }
            let items = try #require(feed?["items"] as? [[String: Any]], "\(String(describing: feed))")
            #expect(items.first?["title"] as? String == "Slow story", "\(items.map { $0["title"] ?? "" })")
        }
    }

    @Test func anImageGoesIntoTheLibraryAndTheBodyShowsItAtTheDevicesSize() async throws {
        try await TestServer.run { client, site in
            try await ConsoleFixtures.editor("writer", services: site)
            let agent = ConsoleAgent(client)
            try await agent.signIn("writer")
            _ = try await agent.get("/admin/articles/new")
            let photo = try ImageFixtures.bytes(ImageFixtures.landscape)
            let snippet = try await agent.postMultipart("/admin/images", [("format", "markdown")], image: photo, fileName: "harbour view.JPG")
            #expect(snippet.status == .ok && snippet.headers[.contentType] == "text/plain; charset=utf-8")
            #expect(snippet.body.hasPrefix("![harbourview](media:") && snippet.body.hasSuffix(")"), "\(snippet.body)")
            let refused = try await agent.postMultipart("/admin/images", [("format", "markdown")], image: Array("not an image".utf8))
            #expect(refused.status == .unprocessableContent, "\(refused.status)")

            // Without scripts: the editor's own button puts the image at the end of the body.
            let inserted = try await agent.postMultipart(
                "/admin/articles/new", [("title", "Views"), ("category", "1"), ("body", "Look:"), ("action", "upload")], image: photo)
            #expect(inserted.status == .ok && inserted.text(ofID: "notice")?.hasPrefix("The image is in the media library") == true)
            #expect(inserted.body.contains("Look:\n\n" + snippet.body.replacingOccurrences(of: "harbourview", with: "photo")), "\(inserted.body)")
            #expect(inserted.body.contains(#"<img src="/media/"#), "the preview shows it")

            let saved = try await agent.post(
                "/admin/articles/new", [("title", "Views"), ("category", "1"), ("body", "Look:\n\n" + snippet.body), ("action", "publish")])
            #expect(saved.status == .seeOther)
            let article = try #require(try await client.news("articles/views", "d=0").data["article"] as? [String: Any])
            let html = try #require(article["body_html"] as? String)
            let source = try #require(html.range(of: #"src=""#).map { String(html[$0.upperBound...].prefix { $0 != "\"" }) })
            #expect(source.hasSuffix("/harbourview.jpg?d=0"), "\(html)")
            let fetched = try await client.image(source)
            #expect(MediaCodec.header(of: fetched.bytes, as: .jpeg)?.width == 320, "the phone's size")
        }
    }

    @Test func theArticlesImageAndGalleryComeFromTheLibraryInOrder() async throws {
        try await TestServer.run { client, site in
            try await ConsoleFixtures.editor("writer", services: site)
            let field = try await site.mediaUploads.add(
                try ImageFixtures.bytes(ImageFixtures.landscape), name: "field", properties: MediaChanges(), addedBy: nil)
            let dot = try await site.mediaUploads.add(try ImageFixtures.bytes(ImageFixtures.transparent), name: "dot", properties: MediaChanges(), addedBy: nil)
            let agent = ConsoleAgent(client)
            try await agent.signIn("writer")
            let editor = try await agent.get("/admin/articles/new")
            let fieldPath = MediaLinks.path(of: field.image)
            let choice = try #require(
                editor.body.firstMatch(
                    of: /<input type="radio" name="image" value="([^"]+)" id="image-(\d+)">\n<img src="([^"]+)"[^>]*> <span>field \(1200 × 900\)<\/span>/),
                "the library's images are offered with thumbnails: \(editor.body)")
            #expect(choice.1 == "media:\(field.image.id)" && choice.2 == "\(field.image.id)", "written as media:<id>")
            let thumbnail = try await client.image(String(choice.3))
            #expect(thumbnail.status == .ok && MediaCodec.header(of: thumbnail.bytes, as: .jpeg)?.width == 75, "the thumbnail opens, 75 px square")
            let gallery = "media:\(dot.image.id) | A dot | Lab\n\nhttps://example.org/elsewhere.jpg | Far away"
            let saved = try await agent.post(
                "/admin/articles/new",
                [
                    ("title", "Harvest"), ("category", "1"), ("image", String(choice.1)), ("image_caption", "The field"), ("image_credit", "Ann"),
                    ("gallery", gallery), ("action", "publish"),
                ])
            #expect(saved.status == .seeOther, "\(saved.body)")
            let article = try #require(try await client.news("articles/harvest", "fields=image,gallery").data["article"] as? [String: Any])
            let image = try #require(article["image"] as? [String: Any])
            #expect((image["url"] as? String)?.hasPrefix(site.publicURL + fieldPath) == true && image["caption"] as? String == "The field")
            #expect(image["width"] as? Int == 1200, "the library's size")
            let entries = try #require(article["gallery"] as? [[String: Any]])
            #expect(entries.map { $0["caption"] as? String } == ["A dot", "Far away"], "in the order written: \(entries)")
            #expect((entries.first?["url"] as? String)?.contains("/media/\(dot.image.contentHash)/dot.png") == true)
            #expect(entries.first?["credit"] as? String == "Lab")

            let reopened = try await agent.get(try #require(saved.location))
            #expect(reopened.body.contains(#"value="media:\#(field.image.id)" id="image-\#(field.image.id)" checked>"#), "read back as written")
            #expect(
                reopened.body.contains(">media:\(dot.image.id) | A dot | Lab\nhttps://example.org/elsewhere.jpg | Far away</textarea>"),
                "read back as written: \(reopened.body)")
            let library = try await agent.get("/admin/media")
            #expect(library.text(ofID: "reference-\(dot.image.id)") == "media:\(dot.image.id)", "the library names each image as a gallery line does")
        }
    }

    @Test func twoEditorsSavingOneArticleAreToldNotOverwritten() async throws {
        try await TestServer.run { client, site in
            try await ConsoleFixtures.editor("anna", services: site)
            try await ConsoleFixtures.editor("ben", services: site)
            let id = try await NewsFixtures.article("Shared", body: "First draft.", database: site.database)
            let anna = ConsoleAgent(client)
            let ben = ConsoleAgent(client)
            try await anna.signIn("anna")
            try await ben.signIn("ben")
            let annasEditor = try await anna.get("/admin/articles/\(id)")
            let bensEditor = try await ben.get("/admin/articles/\(id)")
            #expect(annasEditor.hidden("version") == bensEditor.hidden("version"))
            let fields = { (body: String, version: String?) in
                [("title", "Shared"), ("category", "1"), ("body", body), ("version", version ?? ""), ("action", "save")]
            }
            #expect(try await anna.post("/admin/articles/\(id)", fields("Anna's text.", annasEditor.hidden("version"))).status == .seeOther)
            let conflict = try await ben.post("/admin/articles/\(id)", fields("Ben's text.", bensEditor.hidden("version")))
            #expect(conflict.status == .conflict)
            #expect(conflict.text(ofID: "error")?.hasPrefix("Someone else saved this article after you opened it.") == true)
            #expect(conflict.body.contains("Ben&#39;s text."), "Ben's text is kept in the form")
            #expect(conflict.body.contains(#"<pre class="their-body">Anna&#39;s text.</pre>"#), "Anna's is shown beside it")
            let stored = try await site.database.withConnection { try await NewsStore.article(id: id, on: $0) }
            #expect(stored?.article == "Anna's text.")
            // Resolved from the page: saving again (the page now carries Anna's version) saves Ben's over hers.
            let over = try await ben.post("/admin/articles/\(id)", fields("Ben's text, after reading Anna's.", conflict.hidden("version")))
            #expect(over.status == .seeOther, "\(over.status)")
            let resolved = try await site.database.withConnection { try await NewsStore.article(id: id, on: $0) }
            #expect(resolved?.article == "Ben's text, after reading Anna's.")
        }
    }

    @Test func badInputIsToldAndNothingIsWritten() async throws {
        try await TestServer.run { client, site in
            try await ConsoleFixtures.editor("writer", services: site)
            let agent = ConsoleAgent(client)
            try await agent.signIn("writer")
            _ = try await agent.get("/admin/articles/new")
            let cases: [([(String, String)], String)] = [
                ([("title", "  "), ("category", "1")], "Please give the article a title."),
                ([("title", String(repeating: "é", count: 256)), ("category", "1")], "The Title is too long; it may be at most 255 characters."),
                ([("title", "x"), ("category", "999")], "The value of \u{2018}Category\u{2019} is not valid."),
                ([("title", "x"), ("category", "1"), ("publication_time", "tomorrow")], "The Publication time must be written as YYYY-MM-DD HH:MM."),
                ([("title", "x"), ("category", "1"), ("publication_time", "2026-02-30 10:00")], "The Publication time must be written as YYYY-MM-DD HH:MM."),
                ([("title", "x"), ("category", "1"), ("external_url", "javascript:alert(1)")], "The external URL must start with http:// or https://."),
            ]
            for (fields, sentence) in cases {
                let page = try await agent.post("/admin/articles/new", fields + [("action", "publish")])
                #expect(page.status == .unprocessableContent && page.text(ofID: "error") == sentence, "\(fields): \(page.text(ofID: "error") ?? page.body)")
            }
            #expect(String(repeating: "é", count: 255).unicodeScalars.count == 255, "limits count scalars")
            let fits = try await agent.post("/admin/articles/new", [("title", String(repeating: "é", count: 255)), ("category", "1"), ("action", "save")])
            #expect(fits.status == .seeOther)
            let count = try await site.database.withConnection { connection in
                try await connection.raw("SELECT COUNT(*) AS n FROM news").first()?.decode(column: "n", as: Int.self)
            }
            #expect(count == 1)
        }
    }

    @Test func deletingAsksFirstThenTheArticleIsGone() async throws {
        try await TestServer.run { client, site in
            try await ConsoleFixtures.editor("writer", services: site)
            let id = try await NewsFixtures.article("Old <news>", database: site.database)
            let agent = ConsoleAgent(client)
            try await agent.signIn("writer")
            let ask = try await agent.get("/admin/articles/\(id)/delete")
            #expect(ask.text(ofID: "question") == "Are you sure that you want to delete ‘Old &lt;news&gt;’?")
            #expect(try await client.news("articles/\(id)").success == true, "opening the question deletes nothing")
            let deleted = try await agent.post("/admin/articles/\(id)/delete", [])
            #expect(deleted.status == .seeOther && deleted.location == "/admin/articles")
            #expect(try await client.news("articles/\(id)").success == false)
            #expect(try await agent.get("/admin/articles/\(id)").status == .notFound)
        }
    }

    @Test func theListSearchesFiltersAndPages() async throws {
        let time = ManualClock()
        try await TestServer.run(clock: time.clock) { client, site in
            try await ConsoleFixtures.editor("writer", services: site)
            try await NewsFixtures.articles(30, title: "Harvest", database: site.database)
            try await NewsFixtures.article("100% sure_thing", database: site.database)
            try await NewsFixtures.article("Quiet draft", validated: false, database: site.database)
            try await NewsFixtures.article("Gone", expiresAt: site.clock.now - 10, database: site.database)
            try await NewsFixtures.article("Café crème à Zurich", body: "A terrace by the lake.", database: site.database)
            let agent = ConsoleAgent(client)
            try await agent.signIn("writer")
            let first = try await agent.get("/admin/articles")
            #expect(first.body.components(separatedBy: "<tr><td><a href=").count - 1 == 25)
            // The Next link the page printed, followed.
            let next = try #require(first.body.firstMatch(of: /<a href="([^"]+)" rel="next" id="next-page">/).map { String($0.1) })
            let second = try await agent.get(next.replacingOccurrences(of: "&amp;", with: "&"))
            #expect(second.body.components(separatedBy: "<tr><td><a href=").count - 1 == 9)
            // Searched as the API searches: accents and case aside, the body and summary too.
            for query in ["cafe", "CAFÉ", "terrace"] {
                let found = try await agent.get("/admin/articles?q=\(FormEncoding.encode(query))")
                #expect(found.body.contains("Café crème à Zurich") && !found.body.contains("Harvest"), "\(query)")
            }
            #expect(try await agent.get("/admin/articles?q=100%25").body.contains("100% sure_thing"))
            #expect(try await agent.get("/admin/articles?q=_").body.components(separatedBy: "<tr><td><a href=").count - 1 == 1, "_ is no wildcard")
            let drafts = try await agent.get("/admin/articles?state=draft")
            #expect(drafts.body.contains("Quiet draft") && !drafts.body.contains("Harvest"))
            #expect(try await agent.get("/admin/articles?state=expired").body.contains(">Gone<"))
            #expect(try await agent.get("/admin/articles?category=999").body.contains("Nothing to show."))
            // An article filed in a category besides its own (as Composr files them) is listed under it too.
            let cafe = try await site.database.withConnection { connection in
                try await connection.raw("SELECT id FROM news WHERE title = 'Café crème à Zurich'").first()?.decode(column: "id", as: Int.self)
            }
            try await site.database.withConnection { try await NewsStore.fileInOtherCategories(try #require(cafe), [4], on: $0) }
            let community = try await agent.get("/admin/articles?category=4")
            #expect(community.body.contains("Café crème à Zurich") && !community.body.contains("Harvest"), "\(community.body)")
        }
    }

    /// The categories an article is also listed in are shown and chosen in the editor: a box each,
    /// checked as stored (an imported article's too), and the apps' category feeds follow the choice.
    @Test(arguments: TestDatabase.engines)
    func anArticlesSecondaryCategoriesAreChosenInTheEditor(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            try await ConsoleFixtures.editor("writer", services: site)
            let agent = ConsoleAgent(client)
            try await agent.signIn("writer")
            let editor = try await agent.get("/admin/articles/new")
            #expect(editor.body.contains(#"<input type="checkbox" name="also_in_4" id="also_in_4" value="1">"#), "\(editor.body)")
            let saved = try await agent.post(
                "/admin/articles/new", [("title", "Fair"), ("category", "1"), ("also_in_4", "1"), ("also_in_1", "1"), ("action", "publish")])
            #expect(saved.status == .seeOther)
            let id = try #require(saved.location?.split(separator: "/").last.flatMap { Int($0.prefix { $0.isNumber }) })
            let stored = try await site.database.withConnection { try await NewsStore.otherCategories(ofArticle: id, on: $0) }
            #expect(stored == [4], "its own category is not a secondary one")
            func inCategoryFour() async throws -> Bool {
                try await client.news("articles", "category=4&fields=title").raw.contains(#""title":"Fair""#)
            }
            #expect(try await inCategoryFour(), "the app's feed of category 4 lists it")

            let reopened = try await agent.get("/admin/articles/\(id)")
            #expect(reopened.body.contains(#"id="also_in_4" value="1" checked>"#), "read back as stored")
            let version = try #require(reopened.hidden("version"))
            let unfiled = try await agent.post(
                "/admin/articles/\(id)", [("title", "Fair"), ("category", "1"), ("version", version), ("action", "save")])
            #expect(unfiled.status == .seeOther)
            #expect(try await site.database.withConnection { try await NewsStore.otherCategories(ofArticle: id, on: $0) }.isEmpty)
            #expect(try await !inCategoryFour(), "no longer listed there")
        }
    }

    /// `YYYY-MM-DD HH:MM` in UTC.
    static func minuteText(_ unixTime: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(unixTime)))
    }
}
