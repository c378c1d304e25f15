import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import News
import SQLKit
import Storage
import TestSupport
import Testing

/// The reader's preview and share links, through the real server on both engines: what an editor
/// has typed, unsaved, is the article's public page in two frames only this site may frame; shared,
/// it is that page for anyone holding the link — not indexed, not stored — until revoked or expired;
/// the article as readers see it does not change.
@Suite struct ConsoleShareLinkTests {
    @Test(arguments: TestDatabase.engines)
    func anUnsavedDraftIsPreviewedAsTheReadersPageSharedRevokedAndExpired(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            try await ConsoleFixtures.editor("chief", services: site)
            let id = try await NewsFixtures.article(
                "Harbour", summary: "Boats.", body: "The harbour at dawn.", author: "Ana Reporter", database: site.database)
            let agent = ConsoleAgent(client)
            try await agent.signIn("chief")
            let editor = try await agent.get("/admin/articles/\(id)")
            #expect(editor.body.contains(#"id="reader-button""#))
            let version = try #require(editor.hidden("version"))

            // The editor's button keeps what is typed as the member's draft and opens the preview.
            let typed: [(String, String)] = [
                ("title", "Harbour at night"), ("category", "1"), ("author", "Ana Reporter, chief"), ("summary", "Lanterns & the water."),
                ("body", "The **lanterns** are lit."),
                ("format", "markdown"), ("version", version),
            ]
            let opened = try await agent.post("/admin/articles/\(id)", typed + [("action", "reader")])
            #expect(opened.status == .seeOther && opened.location == "/admin/articles/\(id)/reader", "\(opened.status) \(opened.body.prefix(300))")
            let preview = try await agent.get("/admin/articles/\(id)/reader")
            #expect(preview.status == .ok, "\(preview.body.prefix(500))")
            let frame = "/admin/articles/\(id)/reader/page"
            #expect(preview.body.contains(#"<iframe src="\#(frame)" title="On a phone, 320 pixels wide" id="reader-phone""#), "\(preview.body)")
            #expect(preview.body.contains(#"<iframe src="\#(frame)" title="On a computer, 1280 pixels wide" id="reader-desktop""#))
            #expect(preview.headers[HTTPField.Name("Content-Security-Policy")!]?.contains("frame-src 'self'") == true)

            // The frame is the public page's own template and headers, framed by this site only.
            let framed = try await agent.get(frame)
            #expect(framed.status == .ok)
            #expect(framed.headers[HTTPField.Name("X-Frame-Options")!] == "SAMEORIGIN")
            #expect(framed.headers[HTTPField.Name("Content-Security-Policy")!]?.contains("frame-ancestors 'self'") == true)
            #expect(framed.headers[HTTPField.Name("X-Robots-Tag")!] == "noindex, nofollow, noarchive")
            Self.expectDraftPage(framed.body)

            // Readers still see the article as saved.
            let published = try await client.execute(uri: "/news/\(id)", method: .get) { String(buffer: $0.body) }
            #expect(published.contains("<h1 id=\"title\">Harbour</h1>") && !published.contains("lanterns"))

            // Another editor's draft is theirs: they preview the article as saved.
            try await ConsoleFixtures.editor("colleague", services: site)
            let colleague = ConsoleAgent(client)
            try await colleague.signIn("colleague")
            #expect(try await colleague.get(frame).body.contains("<h1 id=\"title\">Harbour</h1>"))

            // Shared: the link is shown once; anyone holding it reads the draft's page without signing in.
            _ = try await agent.get("/admin/articles/\(id)/reader")
            let shared = try await agent.post("/admin/articles/\(id)/reader", [("action", "share")])
            #expect(shared.text(ofID: "notice") == "Share link made. Copy it now: it is shown only once.", "\(shared.body.prefix(1500))")
            let link = try #require(Self.value(ofID: "share-url", in: shared.body))
            let path = try #require(URLComponents(string: link)?.path)
            #expect(path.hasPrefix("/news/shared/") && path.count == "/news/shared/".count + 64, "\(link)")
            #expect(shared.body.contains("‘Harbour at night’, shared "), "listed with its title and expiry")
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[HTTPField.Name("X-Robots-Tag")!] == "noindex, nofollow, noarchive")
                #expect(response.headers[.cacheControl] == "no-store" && response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
                #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
                Self.expectDraftPage(String(buffer: response.body))
            }
            let token = String(path.dropFirst("/news/shared/".count))
            let stored = try await site.database.withConnection { connection in
                try await connection.sql.raw("SELECT key FROM news_share_links").all().map { try $0.decode(column: "key", as: String.self) }
            }
            #expect(stored.count == 1 && stored[0] != token, "only the token's hash is kept")
            // A wrong token, however close, is the same 404 as none.
            let wrong = String(token.dropLast()) + (token.hasSuffix("0") ? "1" : "0")
            for missing in ["/news/shared/\(wrong)", "/news/shared/short"] {
                try await client.execute(uri: missing, method: .get) { response in
                    #expect(response.status == .notFound && String(buffer: response.body).contains("This preview link has expired or was withdrawn"))
                }
            }

            // Revoked: it stops working at once; only its maker may revoke it.
            let key = try #require(shared.hidden("key"))
            _ = try await colleague.get("/admin/articles/\(id)/reader")
            let refused = try await colleague.post("/admin/articles/\(id)/reader", [("action", "revoke"), ("key", key)])
            #expect(refused.status == .notFound)
            try await client.execute(uri: path, method: .get) { #expect($0.status == .ok) }
            _ = try await agent.get("/admin/articles/\(id)/reader")
            let revoked = try await agent.post("/admin/articles/\(id)/reader", [("action", "revoke"), ("key", key)])
            #expect(revoked.status == .seeOther && revoked.location == "/admin/articles/\(id)/reader?revoked=1")
            #expect(try await agent.get(revoked.location ?? "").text(ofID: "notice") == "The share link was revoked; it no longer works.")
            try await client.execute(uri: path, method: .get) { #expect($0.status == .notFound) }

            // Expired: it stops working when its time is up, and the maintenance sweep forgets it.
            _ = try await agent.get("/admin/articles/\(id)/reader")
            let again = try await agent.post("/admin/articles/\(id)/reader", [("action", "share")])
            let secondLink = try #require(Self.value(ofID: "share-url", in: again.body))
            let second = try #require(URLComponents(string: secondLink)?.path)
            try await client.execute(uri: second, method: .get) { #expect($0.status == .ok) }
            try await site.database.withConnection { connection in
                try await connection.sql.raw("UPDATE news_share_links SET expires_at = \(bind: UnixTime.now - 1)").run()
            }
            try await client.execute(uri: second, method: .get) { #expect($0.status == .notFound) }
            let swept = try #require(try await Maintenance.sweep(site.database, config: site.config, clock: site.clock))
            #expect(swept.counts.first { $0.table == "news_share_links" }?.count == 1)
        }
    }

    /// The draft's page: its typed title, summary and body rendered, the saved byline, asking not to
    /// be indexed and naming no address of its own.
    static func expectDraftPage(_ html: String) {
        #expect(html.contains("<h1 id=\"title\">Harbour at night</h1>"), "\(html)")
        #expect(html.contains("<strong>lanterns</strong>") && html.contains("Lanterns &amp; the water."))
        #expect(html.contains("By Ana Reporter, chief, "))
        #expect(html.contains(#"<meta name="robots" content="noindex, nofollow, noarchive">"#))
        #expect(!html.contains("rel=\"canonical\"") && !html.contains("og:url"))
    }

    /// The `value` of the element with `id` in `html`.
    static func value(ofID id: String, in html: String) -> String? {
        guard let start = html.range(of: "id=\"\(id)\""), let value = html[start.upperBound...].range(of: "value=\"") else { return nil }
        return html[value.upperBound...].prefix { $0 != "\"" }.replacingOccurrences(of: "&amp;", with: "&")
    }
}
