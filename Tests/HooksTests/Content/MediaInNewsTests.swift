import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Media
import SiteStore
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
            for (device, size) in [("2", 150), ("0", 75), ("1", 75)] {
                let feed = try await client.execute(uri: NewsFixtures.uri("feed/all", "response_type=floki&d=\(device)"), method: .get) {
                    try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any] ?? [:]
                }
                let image = try #require((feed["items"] as? [[String: Any]])?.first?["image"] as? String)
                #expect(image.hasPrefix(site.publicURL + "/media/") && image.hasSuffix("/green-field.jpg?s=\(size)"), "d=\(device): \(image)")
                let fetched = try await client.image(FlokiClient.mangle(image))
                let header = try #require(MediaCodec.header(of: fetched.bytes, as: .jpeg), "\(fetched.status)")
                #expect(header.width == size && header.height == size)
            }
        }
    }
}
