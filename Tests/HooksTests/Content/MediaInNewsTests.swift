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

/// Articles showing uploaded images: named as `media:<id>` or by the upload's URL, listed with the
/// versions the server makes, picked per device class, offered to browsers as `srcset`, and kept
/// from deletion while shown.
@Suite struct MediaInNewsTests {
    @Test(arguments: TestDatabase.engines)
    func anArticleShowsTheVersionsOfItsUploadedImages(engine: DatabaseEngine) async throws {
        try await CommandrFSTests.asAdmin(engine: engine) { fs, client, site in
            let photo = try await fs.upload(try ImageFixtures.bytes(ImageFixtures.landscape), as: "field.jpg")
            let photoID = try #require(photo.data["id"] as? Int)
            let square = try await fs.upload(try ImageFixtures.bytes(ImageFixtures.wideGreenCentre), as: "wide.png")
            let squareURL = try #require(square.data["url"] as? String)
            let article = JSONValue.json([
                "label": "Harvest", "summary": "In the field", "image": "media:\(photoID)", "image_caption": "The field",
                "gallery": [["url": squareURL, "caption": "Green"]],
            ])
            let added = try await fs.rest(.post, "var/news/general/harvest.cms", body: article)
            #expect(added.success == true, "\(added.raw)")

            let listed = try await client.news("articles", "d=2")
            let first = try #require((listed.data["articles"] as? [[String: Any]])?.first, "\(listed.raw)")
            let image = try #require(first["image"] as? [String: Any])
            #expect(image["width"] as? Int == 1200 && image["height"] as? Int == 900 && image["caption"] as? String == "The field")
            let url = try #require(image["url"] as? String)
            #expect(url.hasPrefix(site.publicURL + "/media/") && url.hasSuffix("/field.jpg?d=2"), "the phone_2x version for d=2: \(url)")
            let variants = try #require(image["variants"] as? [[String: Any]])
            let byName = Dictionary(uniqueKeysWithValues: variants.map { ($0["name"] as? String ?? "", $0) })
            #expect(Set(byName.keys) == ["phone", "phone_2x", "tablet", "square_75", "square_150", "square_300"])
            #expect(byName["tablet"]?["width"] as? Int == 768 && byName["tablet"]?["height"] as? Int == 576)
            #expect(byName["square_75"]?["width"] as? Int == 75 && byName["square_75"]?["height"] as? Int == 75)
            for variant in variants {
                let fetched = try await client.image(try #require(variant["url"] as? String))
                let header = try #require(MediaCodec.header(of: fetched.bytes, as: .jpeg))
                #expect(header.width == variant["width"] as? Int && header.height == variant["height"] as? Int, "\(variant)")
            }
            let gallery = try #require((first["gallery"] as? [[String: Any]])?.first)
            #expect(gallery["caption"] as? String == "Green" && gallery["width"] as? Int == 300 && gallery["height"] as? Int == 100)

            let page = try await client.execute(uri: "/news/harvest", method: .get) { String(buffer: $0.body) }
            #expect(page.contains(#"/field.jpg?d=0 320w, "#) && page.contains("/field.jpg 1200w"), "\(page)")

            let refused = try await fs.rest(.delete, "var/media/field.jpg")
            #expect(refused.success == false)
            #expect(refused.errorDetails == "This image is shown by the article ‘Harvest’; remove it from the article first.")
            #expect(try await fs.rest(.delete, "var/media/wide.png").success == false)

            let replaced = try await fs.rest(.put, "var/news/general/harvest.cms", body: #"{"image": "https://cdn.example.com/other.jpg", "gallery": []}"#)
            #expect(replaced.success == true, "\(replaced.raw)")
            let properties = try await fs.read("var/news/general/harvest.cms")
            #expect((properties["image_variants"] as? [String: Any])?.isEmpty == true && properties["image_width"] is NSNull)
            #expect(try await fs.rest(.delete, "var/media/field.jpg").success == true)
            #expect(try await fs.rest(.delete, "var/media/wide.png").success == true)
        }
    }

    @Test func anArticleNamingNoStoredImageIsRefused() async throws {
        try await CommandrFSTests.asAdmin { fs, _, _ in
            let refused = try await fs.rest(.post, "var/news/general/x.cms", body: #"{"label": "X", "image": "media:42"}"#)
            #expect(refused.success == false)
            #expect(refused.errorDetails == "There is no uploaded image ‘media:42’.")
        }
    }

    /// A Floki item's `image` is the square thumbnail that covers the news cell (30 × 38 points) at
    /// the device class: 75 pixels, 150 on a double-resolution phone; and it opens as the clients
    /// mangle it (`-` → `%2d`).
    @Test func flokiThumbnailsCoverTheCell() async throws {
        try await CommandrFSTests.asAdmin { fs, client, site in
            let photo = try await fs.upload(try ImageFixtures.bytes(ImageFixtures.landscape), as: "green-field.jpg")
            let photoID = try #require(photo.data["id"] as? Int)
            let added = try await fs.rest(.post, "var/news/general/harvest.cms", body: #"{"label": "Harvest", "image": "media:\#(photoID)"}"#)
            #expect(added.success == true, "\(added.raw)")
            // In points, and `d` for a double-resolution phone: the square is then twice the pixels.
            for (device, query, size) in [("2", "s=75&d=2", 150), ("0", "s=75", 75), ("1", "s=75", 75)] {
                let feed = try await client.execute(uri: NewsFixtures.uri("feed/all", "response_type=floki&d=\(device)"), method: .get) {
                    try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any] ?? [:]
                }
                let image = try #require((feed["items"] as? [[String: Any]])?.first?["image"] as? String)
                #expect(image.hasPrefix(site.publicURL + "/media/") && image.hasSuffix("/green-field.jpg?\(query)"), "d=\(device): \(image)")
                let fetched = try await client.image(FlokiClient.mangle(image))
                let header = try #require(MediaCodec.header(of: fetched.bytes, as: .jpeg), "\(fetched.status)")
                #expect(header.width == size && header.height == size)
            }
        }
    }

    /// Every image URL a Floki feed or gallery gives, fetched as the iOS client fetches it (mangled,
    /// then its `d`, and the `l` and `h` of what it holds, appended: `prettify_request_url`), answers
    /// 200 with an image of the size the URL names: a square of `s` points at the device's density,
    /// or the device class's width. Every thumbnail failed on an iPhone: `?s=150&d=2` was refused.
    @Test func everyImageURLOfAFeedOpensAsTheIOSClientAsksForIt() async throws {
        try await CommandrFSTests.asAdmin { fs, client, _ in
            let field = try #require(try await fs.upload(try ImageFixtures.bytes(ImageFixtures.landscape), as: "green-field.jpg").data)
            let fieldURL = try #require(field["url"] as? String)
            let added = try await fs.rest(
                .post, "var/news/general/harvest.cms",
                body: #"{"label": "Harvest", "image": "media:\#(try #require(field["id"] as? Int))", "gallery": [{"url": "\#(fieldURL)"}]}"#)
            #expect(added.success == true, "\(added.raw)")
            var fetched = 0
            for device in [0, 1, 2] {
                for resource in ["feed/all", "gallery", "gallery/harvest"] {
                    let uri = FlokiClient.requestURL(NewsFixtures.uri(resource, "response_type=floki"), device: device, holding: [])
                    let document = try await client.execute(uri: uri, method: .get) {
                        try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any] ?? [:]
                    }
                    let items = (document["items"] as? [[String: Any]] ?? []) + (document["thumbs"] as? [[String: Any]] ?? [])
                    let held = items.compactMap { FlokiClient.Item($0) }
                    #expect(!held.isEmpty, "\(resource) d=\(device)")
                    for item in items {
                        for key in ["image", "url"] {
                            guard let url = item[key] as? String, url.contains("/media/") else { continue }
                            let asked = FlokiClient.requestURL(FlokiClient.mangle(url), device: device, holding: held)
                            let image = try await client.image(asked)
                            #expect(image.status == .ok, "\(asked)")
                            let header = try #require(MediaCodec.header(of: image.bytes, as: .jpeg), "\(asked)")
                            let expected = try Self.expectedSize(of: url, device: device)
                            #expect(header.width == expected.width && header.height == expected.height, "\(asked): \(header.width) × \(header.height)")
                            fetched += 1
                        }
                    }
                }
            }
            #expect(fetched >= 12, "thumbnails and full versions of feeds and galleries")
        }
    }

    /// The size the 1200 × 900 fixture has in the version `url` names, on a device of class `device`.
    static func expectedSize(of url: String, device: Int) throws -> (width: Int, height: Int) {
        let query = Dictionary(uniqueKeysWithValues: (URLComponents(string: url)?.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        if let points = query["s"].flatMap(Int.init) {
            let side = points * (device == 2 ? 2 : 1)
            return (side, side)
        }
        let width = [0: 320, 1: 768, 2: 640][Int(query["d"] ?? "") ?? device] ?? 320
        return (width, width * 900 / 1200)
    }

    /// The gallery item protocol: an article's gallery all at once (`gallery/<article>`), and the
    /// Gallery tab (`gallery`), each image a valid item by iOS's rule (`FLGallery_item.m`: an image, a
    /// width and a height), its thumbnail covering the 75-point gallery cell, its `url` the version for
    /// the device with that version's size; the app data offers the tab once a gallery exists.
    @Test(arguments: TestDatabase.engines)
    func galleriesFollowTheGalleryItemProtocol(engine: DatabaseEngine) async throws {
        try await CommandrFSTests.asAdmin(engine: engine) { fs, client, site in
            func floki(_ uri: String) async throws -> [String: Any] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri): \(String(buffer: response.body))")
                    return try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any] ?? [:]
                }
            }
            let appBefore = try await floki("/floki/v1/appdata")
            #expect((appBefore["tabs"] as? [[String: Any]])?.contains { $0["class_type"] as? String == "Gallery_view_controller" } == false)

            let field = try #require(try await fs.upload(try ImageFixtures.bytes(ImageFixtures.landscape), as: "green-field.jpg").data["url"] as? String)
            let wide = try #require(try await fs.upload(try ImageFixtures.bytes(ImageFixtures.wideGreenCentre), as: "wide.png").data["url"] as? String)
            let gallery =
                #"[{"url": "\#(field)", "caption": "The field", "credit": "Ann"}, {"url": "\#(wide)"}, "#
                + #"{"url": "https://cdn.example.com/far.jpg", "width": 800, "height": 600}, {"url": "https://cdn.example.com/unknown.jpg"}]"#
            let added = try await fs.rest(.post, "var/news/general/harvest.cms", body: #"{"label": "Harvest", "gallery": \#(gallery)}"#)
            #expect(added.success == true, "\(added.raw)")
            let article = try #require(
                try await site.database.withConnection { try await NewsFeedStore.article("harvest", now: UnixTime.now, on: $0) }?.article.id)

            let own = try await floki(NewsFixtures.uri("gallery/harvest", "response_type=floki&d=2"))
            let thumbs = try #require(own["thumbs"] as? [[String: Any]])
            #expect(thumbs.compactMap { $0["id"] as? Int } == [article * 100, article * 100 + 1, article * 100 + 2], "the unknown size is left out")
            #expect(own["has_older"] as? Bool == false && (own["to_delete"] as? [Int]) == [])
            let first = try #require(thumbs.first)
            #expect(first["caption_text"] as? String == "The field — Ann" && first["title"] as? String == "Harvest" && first["max_zoom"] as? Int == 2)
            #expect(first["width"] as? Int == 640 && first["height"] as? Int == 480, "the size of the d=2 version")
            #expect((first["url"] as? String)?.hasSuffix("/green-field.jpg?d=2") == true && (first["image"] as? String)?.hasSuffix("?s=75&d=2") == true)
            #expect(thumbs[2]["url"] as? String == "https://cdn.example.com/far.jpg" && thumbs[2]["width"] as? Int == 800)
            for thumb in thumbs.prefix(2) {
                for key in ["url", "image"] {
                    let fetched = try await client.image(FlokiClient.mangle(try #require(thumb[key] as? String)))
                    #expect(fetched.status == .ok, "\(key)")
                }
            }
            let square = try await client.image(FlokiClient.mangle(try #require(first["image"] as? String)))
            let header = try #require(MediaCodec.header(of: square.bytes, as: .jpeg))
            #expect(header.width == 150 && header.height == 150)

            let app = try await floki("/floki/v1/appdata")
            let tab = try #require((app["tabs"] as? [[String: Any]])?.last)
            #expect(tab["class_type"] as? String == "Gallery_view_controller" && tab["unique_id"] as? Int == 2)
            let english = try #require((app["langs"] as? [[String: [String: String]]])?.first?["en"])
            #expect(english[String(try #require(tab["long_title"] as? Int))] == "Gallery")
            let mainURL = try #require((tab["data"] as? [String: Any])?["main_url"] as? String)
            let tabFeed = try await floki(
                String(FlokiClient.requestURL(FlokiClient.mangle(mainURL) + "en", device: 0, holding: []).dropFirst(site.publicURL.count)))
            let tabThumbs = try #require(tabFeed["thumbs"] as? [[String: Any]])
            #expect(tabThumbs.count == 3 && (tabThumbs.first?["image"] as? String)?.hasSuffix("?s=75") == true && tabFeed["has_older"] as? Bool == false)

            let shrunk = try await fs.rest(.put, "var/news/general/harvest.cms", body: #"{"gallery": [{"url": "\#(field)"}]}"#)
            #expect(shrunk.success == true, "\(shrunk.raw)")
            let refreshed = try await floki(NewsFixtures.uri("gallery", "response_type=floki&l=\(article * 100)&h=\(article * 100 + 2)"))
            #expect(refreshed["to_delete"] as? [Int] == [article * 100 + 1, article * 100 + 2], "the images no longer in the gallery")
            #expect((refreshed["thumbs"] as? [[String: Any]])?.count == 1)
            try await client.execute(uri: NewsFixtures.uri("gallery/nowhere", "response_type=floki"), method: .get) {
                #expect($0.status == .notFound)
            }
        }
    }
}
