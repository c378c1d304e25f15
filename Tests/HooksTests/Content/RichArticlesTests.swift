import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Media
import News
import RichText
import Storage
import TestSupport
import Testing

/// Articles written as Markdown or Comcode through `content/commandr_fs`, rendered once and served
/// alike by every API: the news API, the MIT stories, Floki feeds and pages, the article page, sync.
@Suite struct RichArticlesTests {
    /// The fixture site's article 3 (Comcode, as Composr stores it) and its summary.
    static let releaseSummary = "Version 2.0 is out, with [b]faster pages[/b] and mobile push notifications."

    static func releaseBody() throws -> String {
        let url = TestDatabase.repositoryRoot.appendingPathComponent("fuzz/corpus/comcode/fixture-article-3.txt")
        return String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    /// The body Composr made of it, as this server serves it.
    static let releaseHTML =
        "<h2>What is new in 2.0</h2>Version 2.0 is our biggest release so far. This first paragraph has <strong>bold</strong>, "
        + "<em>italic</em> and <u>underlined</u> text.<br><br>The second paragraph links to "
        + "<a href=\"http://example.com/changelog\" rel=\"noopener\">the full changelog</a> and mentions "
        + "<a href=\"mailto:support@example.com\">support@example.com</a>.<br><br><ul><li>Faster page loads</li>"
        + "<li>New member profiles</li><li>Push notifications for mobile apps</li></ul><br><blockquote><h4>carol said</h4>"
        + "This release took months of work.</blockquote><br>Final paragraph: thanks to all our <strong>beta testers</strong>!"

    @Test(arguments: TestDatabase.engines)
    func aComcodeArticleShowsTheSameHTMLInEveryApp(engine: DatabaseEngine) async throws {
        try await CommandrFSTests.asAdmin(engine: engine) { fs, client, site in
            let token = try #require(try await client.news("articles").data["sync"] as? String)
            let written = JSONValue.json([
                "label": "Version 2.0 released", "summary": Self.releaseSummary, "article": try Self.releaseBody(), "format": "comcode",
                "author": "carol",
            ])
            let added = try await fs.rest(.post, "var/news/general/release.cms", body: written)
            #expect(added.success == true && added.data["dropped"] as? [String] == [], "\(added.raw)")
            let properties = try await fs.read("var/news/general/version-2-0-released.cms")
            let source = try Self.releaseBody()
            #expect(properties["format"] as? String == "comcode" && properties["article"] as? String == source)

            let article = try #require(try await client.news("articles/version-2-0-released", "d=1").data["article"] as? [String: Any])
            #expect(article["format"] as? String == "comcode")
            #expect(article["body_html"] as? String == Self.releaseHTML)
            #expect(article["summary"] as? String == "Version 2.0 is out, with faster pages and mobile push notifications.")
            #expect(article["summary_html"] as? String == "Version 2.0 is out, with <strong>faster pages</strong> and mobile push notifications.")
            #expect((article["body_text"] as? String)?.hasPrefix("What is new in 2.0\n\nVersion 2.0 is our biggest release so far.") == true)

            let id = try #require(article["id"] as? Int)
            let story = try await client.execute(uri: "/apis/news/stories/\(id)", method: .get) {
                try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any] ?? [:]
            }
            #expect(story["body_html"] as? String == Self.releaseHTML)
            #expect(story["dek"] as? String == "Version 2.0 is out, with faster pages and mobile push notifications.")

            let page = try await client.execute(uri: "/news/version-2-0-released", method: .get) { String(buffer: $0.body) }
            #expect(page.contains(Self.releaseHTML), "\(page)")

            // Floki: the item shows the summary as text, and its page (the URL the app opens, with the
            // `d` it appends) the same body.
            let feed = try await client.execute(uri: NewsFixtures.uri("feed/all", "response_type=floki&d=1"), method: .get) {
                try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any] ?? [:]
            }
            let item = try #require((feed["items"] as? [[String: Any]])?.first)
            #expect(item["body"] as? String == "Version 2.0 is out, with faster pages and mobile push notifications.")
            let itemURL = try #require(item["url"] as? String)
            let flokiPage = try await client.execute(uri: String(itemURL.dropFirst(site.publicURL.count)) + "&d=1", method: .get) { String(buffer: $0.body) }
            #expect(flokiPage.contains(Self.releaseHTML))

            // Sync hands the same article over.
            let changes = try await client.news("changes", "since=\(token)&d=1")
            let synced = try #require((changes.data["upserted"] as? [[String: Any]])?.first { $0["id"] as? Int == id }, "\(changes.raw)")
            #expect(synced["body_html"] as? String == Self.releaseHTML && synced["format"] as? String == "comcode")
        }
    }

    /// Search reads the rendered text: a word only in a link's caption is found, markup never is.
    @Test(arguments: TestDatabase.engines)
    func searchFindsTheTextNeverTheMarkup(engine: DatabaseEngine) async throws {
        try await CommandrFSTests.asAdmin(engine: engine) { fs, client, _ in
            let markdown = JSONValue.json([
                "label": "Fish", "format": "markdown", "article": "See the [zebrafish](https://example.com/strong-tables) **results**.",
            ])
            let fish = try await fs.rest(.post, "var/news/general/fish.cms", body: markdown)
            #expect(fish.success == true, "\(fish.raw)")
            let comcode = JSONValue.json([
                "label": "Birds", "format": "comcode", "article": "[highlight]Owls[/highlight] [url=\"https://example.com\"]nest[/url]",
            ])
            #expect(try await fs.rest(.post, "var/news/general/birds.cms", body: comcode).success == true)
            #expect(try await Self.titles(searching: "zebrafish", client) == ["Fish"])
            #expect(try await Self.titles(searching: "owls%20nest", client) == ["Birds"])
            for markup in ["strong", "tables", "highlight", "url", "href", "example"] {
                #expect(try await Self.titles(searching: markup, client) == [], "\(markup) is markup or an address, not text")
            }
        }
    }

    /// An image of the media library in a body is served like every other: at the device's size in
    /// the apps (the Floki `d`, the news API's), with its versions as `srcset` on the page and as
    /// `body_images`, and kept from deletion while the article shows it.
    @Test(arguments: TestDatabase.engines)
    func aBodyImageIsServedPerDeviceClass(engine: DatabaseEngine) async throws {
        try await CommandrFSTests.asAdmin(engine: engine) { fs, client, site in
            let photo = try await fs.upload(try ImageFixtures.bytes(ImageFixtures.landscape), as: "field.jpg")
            let photoID = try #require(photo.data["id"] as? Int)
            let body = "Before.\n\n![The field](media:\(photoID))\n\nSee [the release](/news/release) and [ours](\(site.publicURL)/news/x)."
            let added = try await fs.rest(
                .post, "var/news/general/harvest.cms", body: JSONValue.json(["label": "Harvest", "format": "markdown", "article": body]))
            #expect(added.success == true, "\(added.raw)")

            for (device, width) in [("0", 320), ("1", 768), ("2", 640)] {
                let article = try #require(try await client.news("articles/harvest", "d=\(device)").data["article"] as? [String: Any])
                let html = try #require(article["body_html"] as? String)
                #expect(html.contains("<a href=\"\(site.publicURL)/news/release\">the release</a>"), "links made absolute: \(html)")
                #expect(html.contains("<a href=\"\(site.publicURL)/news/x\">ours</a>"), "a link to this site is not another site's: \(html)")
                let source = try #require(Self.attribute("src", in: html))
                #expect(source.hasPrefix(site.publicURL + "/media/") && source.hasSuffix("/field.jpg?d=\(device)"), "\(source)")
                #expect(html.contains(" alt=\"The field\" width=\"1200\" height=\"900\" srcset=\"\(site.publicURL)/media/"))
                let fetched = try await client.image(source)
                #expect(MediaCodec.header(of: fetched.bytes, as: .jpeg)?.width == width, "the image for d=\(device)")
                let images = try #require(article["body_images"] as? [[String: Any]])
                #expect(images.count == 1 && images.first?["width"] as? Int == 1200)
                #expect((images.first?["url"] as? String)?.hasSuffix("/field.jpg?d=\(device)") == true)
            }
            let page = try await client.execute(uri: "/news/harvest", method: .get) { String(buffer: $0.body) }
            let srcset = try #require(Self.attribute("srcset", in: page))
            #expect(srcset.contains("/field.jpg?d=0 320w") && srcset.contains("/field.jpg 1200w"), "\(srcset)")
            for candidate in srcset.split(separator: ",") {
                let url = String(try #require(candidate.split(separator: " ").first))
                #expect(try await client.image(url).status == .ok, "\(url)")
            }

            let refused = try await fs.rest(.delete, "var/media/field.jpg")
            #expect(refused.errorDetails == "This image is shown by the article ‘Harvest’; remove it from the article first.")
            #expect(try await fs.rest(.put, "var/news/general/harvest.cms", body: #"{"article": "No picture now."}"#).success == true)
            #expect(try await fs.rest(.delete, "var/media/field.jpg").success == true)
        }
    }

    /// Script and style, event attributes, `javascript:` in every encoding, broken nesting, a megabyte
    /// of `[`: stored and served inert and well-formed; a 10,000-deep Markdown quote is refused with a
    /// sentence, a 10,000-deep Comcode one flattened.
    @Test(arguments: TestDatabase.engines)
    func hostileBodiesComeOutInert(engine: DatabaseEngine) async throws {
        try await CommandrFSTests.asAdmin(engine: engine) { fs, client, _ in
            // SCRIPTED marks what only a script or style holds: it must never be served, even as text.
            let hostile: [(String, String)] = [
                (
                    "markdown",
                    "<script>SCRIPTED(1)</script>\n\n<style>p{SCRIPTED}</style> <b onclick=SCRIPTED>x</b> [a](javascript:SCRIPTED) [b](JaVaScRiPt:SCRIPTED)"
                ),
                ("comcode", "[html]<a href=\"&#106;avascript:SCRIPTED\" onmouseover=\"SCRIPTED\">x</a><svg onload=SCRIPTED>[/html]"),
                (
                    "comcode",
                    "[semihtml]<p style=\"x\"><iframe src=\"https://evil.example\"></iframe><img src=x onerror=SCRIPTED><a href=\"data:text/html,x\">z</a></p>[/semihtml]"
                ),
                ("comcode", "[b][i]broken[/b] nesting[/i] &lt;script&gt; [url]//evil.example/x[/url] [url=\"java\tscript:x\"]y[/url]"),
                ("comcode", String(repeating: "[", count: NewsFieldLimits.body)),
                ("comcode", String(repeating: "[quote]", count: 10_000) + "deep" + String(repeating: "[/quote]", count: 10_000)),
            ]
            for (index, (format, text)) in hostile.enumerated() {
                let write = JSONValue.json(["label": "Hostile \(index)", "format": format, "article": text])
                let added = try await fs.rest(.post, "var/news/general/hostile-\(index).cms", body: write)
                #expect(added.success == true, "\(added.raw.prefix(300))")
                let article = try #require(try await client.news("articles/hostile-\(index)").data["article"] as? [String: Any])
                let html = try #require(article["body_html"] as? String)
                // Only allowed elements and attributes, links and images of allowed schemes, well-formed.
                #expect(HTMLAllowlist.violation(in: html) == nil, "\(html.prefix(300))")
                #expect(!html.contains("SCRIPTED") && !html.contains("<iframe") && !html.contains("href=\"//"), "\(html.prefix(300))")
            }
            let deep = JSONValue.json(["label": "Deep", "format": "markdown", "article": String(repeating: ">", count: 10_000) + " deep"])
            let refused = try await fs.rest(.post, "var/news/general/deep.cms", body: deep)
            #expect(refused.success == false)
            #expect(refused.errorDetails == "This text nests its markup more than 64 levels deep. Write it with fewer levels inside one another.")
            let missing = try await client.news("articles/deep")
            #expect(missing.errorDetails == "This news article does not exist or is no longer available.", "nothing half-written")
        }
    }

    /// A write answers what the renderer left out: Tempcode directives, blocks, images not found.
    @Test func writesAnswerWhatWasDropped() async throws {
        try await CommandrFSTests.asAdmin { fs, _, _ in
            let write = JSONValue.json([
                "label": "Dynamic", "format": "comcode", "article": "Hi {$USERNAME}. [block]main_news[/block] [attachment]99[/attachment]",
            ])
            let added = try await fs.rest(.post, "var/news/general/dynamic.cms", body: write)
            #expect(added.data["dropped"] as? [String] == ["{$USERNAME}", "[block]main_news[/block]", "media:99"], "\(added.raw)")
            let edited = try await fs.rest(.put, "var/news/general/dynamic.cms", body: #"{"article": "{+START,IF,{$MOBILE}}x{+END}"}"#)
            #expect(edited.data["dropped"] as? [String] == ["{+START,IF,{$MOBILE}}", "{+END}"], "\(edited.raw)")
            let plain = try await fs.rest(.put, "var/news/general/dynamic.cms", body: #"{"format": "text", "article": "{$USERNAME} [b]"}"#)
            #expect(plain.data["dropped"] as? [String] == [])
            let unknown = try await fs.rest(.put, "var/news/general/dynamic.cms", body: #"{"format": "html"}"#)
            #expect(unknown.success == false && unknown.errorDetails?.contains("format") == true, "\(unknown.raw)")
        }
    }

    /// S-10 of the third review: one address rule for every address a writer gives. `javascript:` as an
    /// article's image reached `<img src>`, and `PUBLIC_URL//evil.example/…` read as another site's.
    @Test func everyAddressAWriterGivesFollowsTheAllowlistsRule() async throws {
        try await CommandrFSTests.asAdmin { fs, client, site in
            for (field, value) in [
                ("image", "javascript:alert(1)"), ("image", " JaVaScRiPt:alert(1)"), ("image", "//evil.example/x.jpg"), ("image", "data:image/png;base64,AAAA"),
                ("external_url", "javascript:alert(1)"), ("external_url", "//evil.example/"),
            ] {
                let refused = try await fs.rest(.post, "var/news/general/bad.cms", body: JSONValue.json([field: value]))
                // commandr_fs checks an external URL's shape first, with its own sentence; the writer's rule is the same.
                #expect(refused.success == false, "\(field) \(value)")
                if field == "image" { #expect(refused.errorDetails?.contains("must be an http or https address") == true, "\(refused.raw)") }
            }
            let gallery = try await fs.rest(
                .post, "var/news/general/bad.cms", body: #"{"gallery": [{"url": "javascript:alert(1)", "caption": "x"}]}"#)
            #expect(gallery.success == false, "\(gallery.raw)")
            #expect(try await fs.list("var/news/general").files.filter { $0 != "_folder.cms" }.isEmpty, "nothing written")
            let onSite = site.publicURL + "//evil.example/x.jpg"
            let kept = try await fs.rest(
                .post, "var/news/general/good.cms", body: JSONValue.json(["image": onSite, "external_url": "https://example.org/more"]))
            #expect(kept.success == true, "\(kept.raw)")
            let page = try await client.execute(uri: "/news/good", method: .get) { String(buffer: $0.body) }
            #expect(!page.contains(#"src="//evil.example"#) && !page.contains(#"href="//evil.example"#), "never another site's address")
        }
    }

    /// An article written before formats existed is served byte for byte as before, both before the
    /// news clock renders it and after.
    @Test(arguments: TestDatabase.engines)
    func aTextArticleIsUnchangedByTheMigration(engine: DatabaseEngine) async throws {
        try await TestDatabase.withFresh(engine) { database in
            let files = try MigrationFile.load(from: TestDatabase.migrationsFolder, engine: engine)
            _ = try await Migrator(database: database, files: files.filter { $0.version < 40 }, logger: quietLogger).migrate()
            let body = "  \r\nFirst <b>bold</b> & 'quoted' [b]x[/b] **y**\r\nsame paragraph\n\n\nSecond https://example.com"
            try await database.withConnection { connection in
                try await connection.raw(
                    """
                    INSERT INTO news (category_id, title, summary, article, submitter_id, add_date, validated, listed)
                    VALUES (1, 'Old', 'An *old* <summary>', \(bind: body), 1, \(bind: UnixTime.now - 60), \(bind: true), \(bind: true))
                    """
                ).run()
            }
            _ = try await Migrator(database: database, files: files, logger: quietLogger).migrate()
            try await TestServer.run(sharing: database) { client, site in
                let expected =
                    "<p>First &lt;b&gt;bold&lt;/b&gt; &amp; &#39;quoted&#39; [b]x[/b] **y**<br>same paragraph</p><p>Second https://example.com</p>"
                for pass in ["before the clock renders it", "after"] {
                    let article = try #require(try await client.news("articles/1").data["article"] as? [String: Any])
                    #expect(article["body_html"] as? String == expected, "\(pass)")
                    #expect(article["summary"] as? String == "An *old* <summary>" && article["format"] as? String == "text", "\(pass)")
                    #expect(article["body_text"] as? String == "First <b>bold</b> & 'quoted' [b]x[/b] **y**\nsame paragraph\n\nSecond https://example.com")
                    try await site.newsClock.tick()
                    site.caches.newsChanged()
                }
                let stored = try await database.withConnection { try await NewsStore.article(id: 1, on: $0) }
                #expect(stored?.bodyHTML == expected, "rendered and kept by the clock")
            }
        }
    }

    /// The titles of the articles a search for `query` finds.
    static func titles(searching query: String, _ client: any TestClientProtocol) async throws -> [String] {
        let answer = try await client.news("articles", "q=\(query)")
        return (answer.data["articles"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    /// The value of the first `name="…"` attribute in `html`, unescaped.
    static func attribute(_ name: String, in html: String) -> String? {
        guard let start = html.range(of: " \(name)=\"") else { return nil }
        let rest = html[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end]).replacingOccurrences(of: "&amp;", with: "&")
    }
}
