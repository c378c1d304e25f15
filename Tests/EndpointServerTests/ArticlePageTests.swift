import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

/// `GET /news/<id or moniker>`: the page `web_url` points at, in a real browser and over HTTP.
@Suite struct ArticlePageTests {
    static let hostileTitle = #"<script>alert("x")</script> & "quotes""#

    @Test(.enabled(if: BrowserDriver.isEnabled))
    func theArticlePageRendersEscapedInABrowser() async throws {
        try await TestServer.run(framework: .live) { client, site in
            let port = try #require(client.port)
            let id = try await NewsFixtures.article(
                Self.hostileTitle, summary: "A <b>summary</b>", body: "First <img src=x onerror=alert(1)>\n\nSecond", database: site.database
            )
            let article = try await client.news("articles/\(id)")
            let webURL = try #require((article.data["article"] as? [String: Any])?["web_url"] as? String)
            #expect(webURL.hasPrefix("http://127.0.0.1:"))
            let page = try await BrowserDriver.read("http://localhost:\(port)" + (URL(string: webURL)?.path ?? ""))
            #expect(page.heading == Self.hostileTitle, "the title is shown as text")
            #expect(page.scripts == 0, "no markup from the article became a script")
            #expect(page.body == "<p>First &lt;img src=x onerror=alert(1)&gt;</p><p>Second</p>")
            #expect(page.meta["og:title"] == Self.hostileTitle && page.meta["og:description"] == "A <b>summary</b>")
            #expect(page.meta["og:url"] == webURL)
            #expect(page.consoleErrors.isEmpty, "\(page.consoleErrors)")
            #expect(page.widthFits && page.lang == "en")
            let missing = try await BrowserDriver.read("http://localhost:\(port)/news/no-such-story")
            #expect(missing.heading == "Something is not right" && missing.consoleErrors.filter { !$0.contains("404") }.isEmpty)
        }
    }

    @Test func pagesCarryPreviewsCachingAndTheirLanguage() async throws {
        try await TestServer.run(config: ["news_max_age_seconds": "30"]) { client, site in
            let id = try await NewsFixtures.article("Launch", summary: "We are live", database: site.database)
            try await NewsFixtures.edit(id, database: site.database) { changes in
                changes.author = "Ann"
                changes.image = "https://cdn.example.com/big.jpg"
                changes.imageCaption = "The harbour"
                changes.imageCredit = "Photo: Bea <Studio>"
            }
            try await client.execute(uri: "/news/launch", method: .get, headers: [.acceptLanguage: "fr-FR,fr"]) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8" && response.headers[.contentLanguage] == "fr")
                #expect(response.headers[.cacheControl] == "public, max-age=30, stale-while-revalidate=300")
                #expect(response.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
                #expect(html.contains(#"<meta property="og:image" content="https://cdn.example.com/big.jpg">"#))
                #expect(html.contains(#"<html lang="fr">"#) && html.contains("Par Ann, "))
                #expect(
                    html.contains(#"<figcaption id="image-caption">The harbour <span class="credit">Photo: Bea &lt;Studio&gt;</span></figcaption>"#),
                    "the lead image's credit, escaped")
            }
            try await NewsFixtures.edit(id, database: site.database) { $0.validated = false }
            try await client.execute(uri: "/news/\(id)", method: .get) { response in
                #expect(response.status == .notFound && response.headers[.cacheControl] == "no-store")
                #expect(String(buffer: response.body).contains("This news article does not exist or is no longer available."))
            }
        }
    }

    /// Day one: after the cut-over the site's root, `/news` and Composr's `/site/` were blank 404s. They
    /// are the news index: the newest articles (each link opens its page) and the categories (each
    /// link opens that category's index).
    @Test func theSitesRootIsItsNewsIndex() async throws {
        try await TestServer.run { client, site in
            try await NewsFixtures.article("Older <story>", in: "general", addDate: site.clock.now - 600, summary: "Before", database: site.database)
            try await NewsFixtures.article("Newest story", in: "technology", addDate: site.clock.now - 60, database: site.database)
            for path in ["/", "/news", "/site/", "/site", "/news/"] {
                let (status, html) = try await client.execute(uri: path, method: .get) { ($0.status, String(buffer: $0.body)) }
                #expect(status == .ok, "\(path): \(status)")
                let newest = try #require(html.range(of: ">Newest story</a>"), "\(path)")
                let older = try #require(html.range(of: ">Older &lt;story&gt;</a>"), "\(path): escaped")
                #expect(newest.lowerBound < older.lowerBound, "newest first")
            }
            let index = try await client.execute(uri: "/news", method: .get) { String(buffer: $0.body) }
            let links = index.matches(of: /href="(\/news[^"]*)"/).map { String($0.1).replacingOccurrences(of: "&amp;", with: "&") }
            #expect(links.count >= 4, "\(links)")
            for link in links {
                let (status, html) = try await client.execute(uri: link, method: .get) { ($0.status, String(buffer: $0.body)) }
                #expect(status == .ok, "\(link) → \(status)")
                if link.contains("category=") && html.contains(#"aria-current="page">Technology"#) {
                    #expect(html.contains(">Newest story</a>") && !html.contains(">Older &lt;story&gt;</a>"), "one category's articles")
                }
            }
        }
    }
}
