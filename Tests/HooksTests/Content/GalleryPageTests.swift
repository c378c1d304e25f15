import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Storage
import TestSupport
import Testing

/// A gallery's web page on both engines, through the real HTTP server: its words, the way back, the
/// galleries inside it, its items with their alt text and captions a page at a time (every link
/// followed); refusals are pages saying why; the Composr site's gallery addresses redirect to it;
/// and in Chromium at a phone's 320 px and a desktop's 1280 px it fits and axe-core finds nothing.
@Suite struct GalleryPageTests {
    @Test(arguments: TestDatabase.engines)
    func aGalleryIsAPageEveryBrowserCanUse(engine: DatabaseEngine) async throws {
        try await CommandrFSTests.asAdmin(engine: engine, framework: .live) { fs, client, _ in
            let harbour = try #require(try await fs.upload(try ImageFixtures.bytes(ImageFixtures.landscape), as: "harbour.jpg").data["id"] as? Int)
            let green = try #require(try await fs.upload(try ImageFixtures.bytes(ImageFixtures.wideGreenCentre), as: "green.png").data["id"] as? Int)
            try #require(try await fs.rest(.put, "var/media/harbour.cms", body: #"{"alt_text": "Boats at dawn"}"#).success == true)
            try #require(try await fs.rest(.post, "var/galleries/root/_folder.cms", body: #"{"label": "Photos", "description": "All we saw"}"#).success == true)
            try #require(
                try await fs.rest(.post, "var/galleries/summer/_folder.cms", body: #"{"label": "Summer", "parent": "root", "cover": "media:\#(harbour)"}"#)
                    .success == true)
            try #require(
                try await fs.rest(.post, "var/galleries/summer/new.cms", body: #"{"media": "media:\#(harbour)", "caption": "Harbour", "credit": "Ann"}"#)
                    .success == true)
            for _ in 0..<24 {
                try #require(try await fs.rest(.post, "var/galleries/summer/new.cms", body: #"{"media": "media:\#(green)"}"#).success == true)
            }
            func page(_ uri: String) async throws -> (status: HTTPResponse.Status, body: String, headers: HTTPFields) {
                try await client.execute(uri: uri, method: .get) { ($0.status, String(buffer: $0.body), $0.headers) }
            }

            let root = try await page("/galleries/root")
            #expect(root.status == .ok && root.body.contains(#"<h1 id="title">Photos</h1>"#) && root.body.contains("All we saw"), "\(root.body)")
            #expect(root.body.contains(#"<a href="/galleries/summer" id="gallery-summer">Summer</a> (25)"#), "\(root.body)")
            #expect(root.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
            let summer = try await page("/galleries/summer")
            #expect(summer.status == .ok && summer.body.contains(#"<a href="/galleries/root" id="parent">Back to Photos</a>"#), "\(summer.body)")
            #expect(summer.body.contains(#"alt="Boats at dawn""#) && summer.body.contains(#"<figcaption>Harbour <span class="credit">Ann</span></figcaption>"#))
            let source = try #require(summer.body.firstMatch(of: /<img src="([^"]+)"/)?.1)
            #expect(try await client.image(String(source)).status == .ok, "the image's link is followed")
            #expect(summer.body.components(separatedBy: "<figure").count - 1 == 24, "a page of 24")
            let next = try #require(summer.body.firstMatch(of: /<a href="([^"]+)" id="next"/)?.1)
            let second = try await page(String(next).replacingOccurrences(of: "&amp;", with: "&"))
            #expect(second.status == .ok && second.body.components(separatedBy: "<figure").count - 1 == 1 && !second.body.contains(#"id="next""#))

            let unknown = try await page("/galleries/nowhere")
            #expect(unknown.status == .notFound && unknown.body.contains("There is no gallery ‘nowhere’."), "\(unknown.body)")
            #expect(try await page("/galleries/summer?cursor=zz").status == .badRequest)
            // Composr's addresses of a gallery redirect for good; one of an entry never imported is a page saying so.
            for old in ["/index.php?page=galleries&type=browse&id=summer", "/site/galleries/browse/summer.htm"] {
                let moved = try await page(old)
                #expect(moved.status == .movedPermanently && moved.headers[.location] == "/galleries/summer", "\(old)")
            }
            let gone = try await page("/galleries/image/99.htm")
            #expect(gone.status == .notFound && gone.body.contains("Nothing of the galleries is at this old address any more."), "\(gone.body)")

            guard engine == .sqlite, BrowserDriver.isEnabled else { return }
            let base = "http://localhost:\(try #require(client.port))"
            for width in [320, 1280] {
                let walk = try await BrowserDriver.walk(
                    base: base, width: width, height: 900,
                    steps: [
                        ["open": "/galleries/root"], ["axe": "root"], ["measure": "root width"], ["click": "gallery-summer"], ["heading": "summer heading"],
                        ["axe": "summer"], ["measure": "summer width"], ["click": "next"], ["axe": "next page"], ["click": "parent"],
                        ["heading": "back heading"],
                    ])
                #expect(walk.text("summer heading") == "Summer" && walk.text("back heading") == "Photos", "\(walk.texts)")
                for key in ["root width", "summer width"] {
                    let numbers = (walk.text(key) ?? "").split(separator: " ").compactMap { Int($0) }
                    #expect(numbers.count == 2 && numbers[0] <= numbers[1] && numbers[1] == width, "\(key) at \(width): \(walk.text(key) ?? "")")
                }
                for (step, violations) in walk.axe { #expect(violations.isEmpty, "\(step) at \(width): \(violations)") }
                #expect(walk.consoleErrors.isEmpty, "\(walk.consoleErrors)")
            }
        }
    }
}
