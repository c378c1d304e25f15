import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Storage
import TestSupport
import Testing

/// An article's byline and what search engines and link previews see of it, written through
/// commandr_fs and the console, on both engines: the byline in `content/news`, the Floki feed's footer,
/// the MIT story and the page; the SEO title and description and the social image in the page's
/// `<title>`, description, Open Graph and Twitter cards (read by Chromium as a link preview's reader
/// does), the article's own title staying the page's heading.
@Suite struct ArticleBylineAndSEOTests {
    @Test(arguments: TestDatabase.engines)
    func bylinesAndSEOReachEveryReader(engine: DatabaseEngine) async throws {
        try await CommandrFSTests.asAdmin(engine: engine, framework: .live) { fs, client, site in
            let image = try await fs.upload(try ImageFixtures.bytes(ImageFixtures.landscape), as: "quay.jpg")
            let imageID = try #require(image.data["id"] as? Int)
            // What is not a library image or a web address is no social image.
            for refused in ["media:999", "javascript:alert(1)", "quay.jpg"] {
                let answer = try await fs.rest(
                    .post, "var/news/general/refused.cms", body: JSONValue.json(["label": "Refused", "social_image": refused]))
                #expect(answer.success == false, "\(refused): \(answer.raw)")
            }
            let created = try await fs.rest(
                .post, "var/news/general/harbour.cms",
                body: JSONValue.json([
                    "label": "Harbour reopens", "summary": "The summary.", "article": "The harbour at dawn.", "author": "Ana Reporter, root",
                    "seo_title": "Harbour reopens after the storm | Coast News", "seo_description": "Boats are back & cafés relieved.",
                    "social_image": "media:\(imageID)",
                ]))
            try #require(created.success == true, "\(created.raw)")
            let file = String(try #require(created.data["path"] as? String).dropFirst())
            let properties = try await fs.read(file)
            #expect(properties["author"] as? String == "Ana Reporter, root")
            #expect(properties["seo_title"] as? String == "Harbour reopens after the storm | Coast News")
            let social = try #require(properties["social_image"] as? String)
            #expect(social.hasPrefix("/media/") && social.hasSuffix("/quay.jpg"), "kept as the library's path: \(social)")

            let article = try #require(try await client.news("articles/harbour-reopens").data["article"] as? [String: Any])
            #expect(article["author"] as? String == "Ana Reporter, root")
            // Each name of the byline; root's links the member root (by username, in any case), the other is free text.
            let submitter = try #require(properties["submitter"] as? [String: Any], "written by root: \(properties)")
            let rootID = try #require((submitter["id"] as? String).flatMap { Int($0) })
            let authors = try #require(article["authors"] as? [[String: Any]])
            #expect(authors.map { $0["name"] as? String } == ["Ana Reporter", "root"], "\(authors)")
            #expect(authors.first?["member_id"] is NSNull && authors.last?["member_id"] as? Int == rootID, "\(authors)")
            #expect(article["seo_title"] as? String == "Harbour reopens after the storm | Coast News")
            #expect(article["seo_description"] as? String == "Boats are back & cafés relieved.")
            let feed = try #require(try await client.news("feed/all", "response_type=floki").json["items"] as? [[String: Any]])
            #expect((feed.first?["footer"] as? String)?.hasPrefix("By Ana Reporter, root, ") == true, "\(feed.first ?? [:])")
            let id = try #require(article["id"] as? Int)
            let story = try await client.execute(uri: "/apis/news/stories/\(id)", method: .get) {
                try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any]
            }
            #expect(story?["author"] as? String == "Ana Reporter, root")

            let webURL = try #require(article["web_url"] as? String)
            let path = try #require(URLComponents(string: webURL)?.path)
            let html = try await client.execute(uri: path, method: .get) { String(buffer: $0.body) }
            #expect(html.contains("<h1 id=\"title\">Harbour reopens</h1>") && html.contains("By Ana Reporter, root, "), "\(html)")
            #expect(html.contains("<title>Harbour reopens after the storm | Coast News · "))
            #expect(html.contains(#"<meta name="description" content="Boats are back &amp; cafés relieved.">"#))
            #expect(html.contains(#"<meta name="twitter:card" content="summary_large_image">"#))
            if BrowserDriver.isEnabled {
                let port = try #require(client.port)
                let page = try await BrowserDriver.read("http://localhost:\(port)" + path)
                #expect(page.meta["og:title"] == "Harbour reopens after the storm | Coast News", "\(page.meta)")
                #expect(page.meta["og:description"] == "Boats are back & cafés relieved.")
                #expect(page.meta["twitter:title"] == page.meta["og:title"] && page.meta["twitter:description"] == page.meta["og:description"])
                let shared = try #require(page.meta["og:image"])
                #expect(shared.contains(social) && page.meta["twitter:image"] == shared, "\(shared)")
                let sharedPath = try #require(URLComponents(string: shared)?.path)
                try await client.execute(uri: sharedPath + "?d=1", method: .get) {
                    #expect($0.status == .ok && $0.headers[.contentType] == "image/jpeg", "the preview's image is served")
                }
                #expect(page.heading == "Harbour reopens")
            }

            // Emptied, each falls back to the article's own.
            let emptied = try await fs.rest(
                .put, file, body: JSONValue.json(["seo_title": "", "seo_description": "", "social_image": ""]))
            #expect(emptied.success == true, "\(emptied.raw)")
            let plain = try await client.execute(uri: path, method: .get) { String(buffer: $0.body) }
            #expect(plain.contains("<title>Harbour reopens · ") && plain.contains(#"<meta property="og:description" content="The summary.">"#))
            #expect(plain.contains(#"<meta name="twitter:card" content="summary">"#) && !plain.contains("og:image"))

            // "Guest" is a name, not the guest member.
            try #require(try await fs.rest(.put, file, body: JSONValue.json(["author": "Guest"])).success == true)
            let guest = try #require(try await client.news("articles/harbour-reopens").data["article"] as? [String: Any])
            let guestAuthors = guest["authors"] as? [[String: Any]]
            #expect(guestAuthors?.count == 1 && guestAuthors?.first?["name"] as? String == "Guest" && guestAuthors?.first?["member_id"] is NSNull)
        }
    }
}
