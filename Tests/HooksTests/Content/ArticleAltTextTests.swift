import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Media
import News
import Storage
import TestSupport
import Testing

/// Alternative text is said once per library image, in the console's media library or through
/// commandr_fs, and shown wherever the image is: the article page's picture and gallery (read where
/// it is kept) and its body (rendered again when the text changes). With `news_require_alt_text` on,
/// an article showing an undescribed image is not published by any face, and nothing is saved.
@Suite struct ArticleAltTextTests {
    @Test(arguments: TestDatabase.engines)
    func anImageIsDescribedOnceAndPublishingWaitsForIt(engine: DatabaseEngine) async throws {
        try await CommandrFSTests.asAdmin(engine: engine, config: ["news_require_alt_text": "1"], framework: .live) { fs, client, site in
            let uploaded = try await fs.upload(try ImageFixtures.bytes(ImageFixtures.landscape), as: "quay.jpg")
            let id = try #require(uploaded.data["id"] as? Int)
            let agent = ConsoleAgent(client)
            #expect(try await agent.signIn("root").status == .seeOther)
            _ = try await agent.get("/admin/articles/new")
            let fields = [
                ("title", "Quay at dawn"), ("category", "1"), ("body", "Boats came in.\n\n![](media:\(id))"), ("image", "media:\(id)"),
                ("gallery", "media:\(id) | The quay | Ana"),
            ]
            let refused = try await agent.post("/admin/articles/new", fields + [("action", "publish")])
            #expect(refused.status == .unprocessableContent, "\(refused.status)")
            #expect(
                refused.text(ofID: "error") == "The image ‘quay’ has no alternative text: describe it in the media library before publishing it.",
                "\(refused.body.prefix(3000))")
            #expect(try await Self.articleCount(site) == 0, "nothing saved")
            // commandr_fs publishes through the same door.
            let byCommandr = try await fs.rest(
                .post, "var/news/general/quay.cms",
                body: JSONValue.json(["label": "Quay", "article": "![](media:\(id))", "format": "markdown", "validated": 1]))
            #expect(byCommandr.success == false && byCommandr.errorDetails?.contains("has no alternative text") == true, "\(byCommandr.raw)")
            #expect(try await Self.articleCount(site) == 0)

            // A draft may show it.
            _ = try await agent.get("/admin/articles/new")
            let draft = try await agent.post("/admin/articles/new", fields + [("action", "save")])
            #expect(draft.status == .seeOther, "\(draft.body.prefix(2000))")
            let path = String(try #require(draft.location).split(separator: "?")[0])

            // Described in the library, once.
            let library = try await agent.get("/admin/media")
            #expect(library.text(ofID: "no-alt-\(id)") == "No alternative text yet.")
            let described = try await agent.post(
                "/admin/media", [("action", "describe"), ("image", String(id)), ("alt_text", " Fishing boats moored at the quay at dawn ")])
            #expect(described.status == .seeOther && described.location == "/admin/media?described=\(id)#image-\(id)")
            let after = try await agent.get("/admin/media?described=\(id)")
            #expect(after.text(ofID: "notice") == "The alternative text of ‘quay’ is saved; every article showing it shows it.")
            #expect(after.text(ofID: "no-alt-\(id)") == nil && after.body.contains(">Fishing boats moored at the quay at dawn</textarea>"))
            let tooLong = try await agent.post(
                "/admin/media", [("action", "describe"), ("image", String(id)), ("alt_text", String(repeating: "é", count: 1001))])
            #expect(tooLong.status == .unprocessableContent, "\(tooLong.status)")

            let editor = try await agent.get(path)
            let published = try await agent.post(path, fields + [("version", editor.hidden("version") ?? ""), ("action", "publish")])
            #expect(published.status == .seeOther, "\(published.body.prefix(2000))")
            let articleID = try #require(Int(path.dropFirst("/admin/articles/".count)))
            let page = try await Self.page(articleID, client)
            #expect(Self.alts(page) == Array(repeating: "Fishing boats moored at the quay at dawn", count: 3), "picture, body and gallery: \(page)")

            // Said again through commandr_fs: the picture and gallery at once, the body once rendered again.
            let changed = try await fs.rest(.put, "var/media/quay.cms", body: JSONValue.json(["alt_text": "Boats at the quay"]))
            #expect(changed.success == true, "\(changed.raw)")
            // What the news clock does every few seconds, done now (it may have done it already).
            _ = try await site.database.withConnection {
                try await ArticleWriter(publicURL: site.publicURL).renderDue(limit: 10, on: $0, now: site.clock.now)
            }
            #expect(Self.alts(try await Self.page(articleID, client)) == Array(repeating: "Boats at the quay", count: 3))
        }
    }

    static func articleCount(_ site: Site) async throws -> Int {
        try await site.database.withConnection { try await $0.raw("SELECT COUNT(*) AS n FROM news").first()?.decode(column: "n", as: Int.self) ?? -1 }
    }

    static func page(_ id: Int, _ client: any TestClientProtocol) async throws -> String {
        try await client.execute(uri: "/news/\(id)", method: .get) { String(buffer: $0.body) }
    }

    /// The `alt` of every `<img>` in the page's article, in order.
    static func alts(_ html: String) -> [String] {
        html.components(separatedBy: "<img ").dropFirst().compactMap { tag in
            guard let start = tag.range(of: #"alt=""#) else { return nil }
            return String(tag[start.upperBound...].prefix { $0 != "\"" })
        }
    }
}
