import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Media
import NIOCore
import Storage
import TestSupport
import Testing

/// `/var/media` in `content/commandr_fs`: images uploaded as the raw body or as the iOS SDK sends
/// files, checked before anything is stored, served upright and without metadata.
@Suite struct MediaUploadTests {
    @Test(arguments: TestDatabase.engines)
    func anUploadIsStoredOnceAndServedUprightWithoutItsMetadata(engine: DatabaseEngine) async throws {
        try await CommandrFSTests.asAdmin(engine: engine) { fs, client, site in
            let bytes = try ImageFixtures.bytes(ImageFixtures.sidewaysWithGPS)
            let added = try await fs.upload(bytes, as: "Holiday.jpg")
            #expect(added.success == true, "\(added.raw)")
            #expect(added.data["path"] as? String == "/var/media/holiday.jpg")
            let id = try #require(added.data["id"] as? Int)
            let url = try #require(added.data["url"] as? String)
            #expect(url.hasPrefix(site.publicURL + "/media/") && url.hasSuffix("/holiday.jpg"), "\(url)")

            let served = try await client.image(url)
            #expect(served.status == .ok)
            #expect(served.headers[.contentType] == "image/jpeg")
            #expect(served.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(served.headers[.vary] == "Accept")
            let header = try #require(MediaCodec.header(of: served.bytes, as: .jpeg))
            #expect(header.width == 80 && header.height == 120 && header.orientation == 1 && !header.hasMetadata)
            #expect(!ImageFixtures.contains(served.bytes, "Exif") && !ImageFixtures.contains(served.bytes, "SERIAL-0042"))
            #expect(!ImageFixtures.contains(served.bytes, "GPS"))
            let top = try #require(MediaCodec.pixel(of: served.bytes, x: 40, y: 20))
            #expect(top[0] > 150 && top[2] < 100, "red on top: \(top)")

            let tag = try #require(served.headers[.eTag])
            let again = try await client.image(url, headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified && again.bytes.isEmpty)

            let properties = try await fs.read("var/media/holiday.cms")
            #expect(properties["width"] as? Int == 80 && properties["height"] as? Int == 120)
            #expect(properties["bytes"] as? Int == bytes.count && properties["type"] as? String == "jpeg")
            #expect(try await fs.list("var/media").files == ["holiday.cms", "holiday.jpg"])
            // Like every resource: found by `media/<id>` and by its GUID.
            let found = try await fs.query("search", "media/\(id)")
            #expect((found.json["response_data"] as? [String: Any])?["content_hash"] as? String == properties["content_hash"] as? String, "\(found.raw)")

            // The same bytes under another name are the same image.
            let repeated = try await fs.upload(bytes, as: "copy.jpg")
            #expect(repeated.data["id"] as? Int == id && repeated.data["path"] as? String == "/var/media/holiday.jpg", "\(repeated.raw)")
            #expect(try await Self.count(site) == 1)
        }
    }

    /// The same bytes sent ten times at once, as a retrying client might: one image, every answer
    /// naming it.
    @Test(arguments: TestDatabase.engines)
    func theSameUploadAtOnceIsOneImage(engine: DatabaseEngine) async throws {
        try await CommandrFSTests.asAdmin(engine: engine) { fs, _, site in
            let bytes = try ImageFixtures.bytes(ImageFixtures.landscape)
            let answers = try await withThrowingTaskGroup(of: DecodedEnvelope.self) { group in
                for index in 0..<10 { group.addTask { try await fs.upload(bytes, as: "field-\(index).jpg") } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.allSatisfy { $0.success == true }, "\(answers.map(\.raw))")
            #expect(Set(answers.compactMap { $0.data["id"] as? Int }).count == 1)
            #expect(try await Self.count(site) == 1)
        }
    }

    /// Adding or replacing an image's file answers the same keys whatever the method: a REST `PUT`
    /// once answered without the `path` a `POST` gave.
    @Test(arguments: TestDatabase.engines)
    func everyMethodThatAddsAFileAnswersAlike(engine: DatabaseEngine) async throws {
        try await CommandrFSTests.asAdmin(engine: engine) { fs, _, _ in
            let posted = try await fs.upload(try ImageFixtures.bytes(ImageFixtures.landscape), as: "field.jpg", method: .post)
            let put = try await fs.upload(try ImageFixtures.bytes(ImageFixtures.green), as: "park.webp", method: .put)
            let again = try await fs.upload(try ImageFixtures.bytes(ImageFixtures.green), as: "park.webp", method: .put)
            for answer in [posted, put, again] {
                #expect(answer.success == true, "\(answer.raw)")
                #expect(Set(answer.data.keys) == ["message", "path", "id", "url"], "\(answer.raw)")
            }
            #expect(posted.data["path"] as? String == "/var/media/field.jpg" && put.data["path"] as? String == "/var/media/park.webp")
            #expect(again.data["id"] as? Int == put.data["id"] as? Int && again.data["url"] as? String == put.data["url"] as? String)
        }
    }

    @Test func theIOSSDKsMultipartFileCarriesTheImageAndItsProperties() async throws {
        try await CommandrFSTests.asAdmin { fs, _, _ in
            let added = try await fs.uploadMultipart(
                try ImageFixtures.bytes(ImageFixtures.green), as: "park.webp", properties: #"{"caption": "The park", "credit": "Ann"}"#
            )
            #expect(added.success == true, "\(added.raw)")
            #expect(added.data["path"] as? String == "/var/media/park.webp")
            let properties = try await fs.read("var/media/park.cms")
            #expect(properties["caption"] as? String == "The park" && properties["credit"] as? String == "Ann")
            #expect(properties["width"] as? Int == 64 && properties["type"] as? String == "webp")

            let edited = try await fs.rest(.put, "var/media/park.cms", body: #"{"alt_text": "Trees by a pond"}"#)
            #expect(edited.success == true, "\(edited.raw)")
            #expect(try await fs.read("var/media/park.cms")["alt_text"] as? String == "Trees by a pond")
            let readOnly = try await fs.rest(.put, "var/media/park.cms", body: #"{"width": 10}"#)
            #expect(readOnly.success == false)
        }
    }

    /// Nothing of a refused upload is stored, and the decompression bomb is refused from its header:
    /// the process's peak memory does not grow by the 1.6 GB its pixels would take.
    @Test(arguments: TestDatabase.engines)
    func badUploadsAreRefusedWithASentenceAndNothingStored(engine: DatabaseEngine) async throws {
        try await CommandrFSTests.asAdmin(engine: engine, config: ["media_max_bytes": "100000"]) { fs, _, site in
            let peakBefore = try Self.peakMemoryBytes()
            let bomb = try await fs.upload(ImageFixtures.pngHeader(width: 20_000, height: 20_000), as: "bomb.png")
            #expect(bomb.success == false)
            #expect(bomb.errorDetails == "The image is 20000×20000 pixels; this site accepts at most 50 megapixels.")
            #expect(try Self.peakMemoryBytes() - peakBefore < 100_000_000)

            let truncated = try await fs.upload(try ImageFixtures.truncated(ImageFixtures.landscape), as: "cut.jpg")
            #expect(truncated.errorDetails == "The image is damaged or incomplete. Please upload it again.")
            let text = try await fs.upload(Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8), as: "drawing.svg")
            #expect(text.errorDetails == "Only JPEG, PNG, WebP and GIF images can be uploaded.")
            let large = try await fs.upload([0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0, count: 150_000), as: "large.jpg")
            #expect(large.errorDetails == "The image is 0.2 MB; the largest this site accepts is 0.1 MB.")
            let empty = try await fs.upload([], as: "empty.jpg")
            #expect(empty.errorDetails?.hasPrefix("No image was sent") == true, "\(empty.raw)")
            #expect(try await Self.count(site) == 0)
            #expect(try await fs.list("var/media").files.isEmpty)
        }
    }

    /// What `curl --data-binary @photo.jpg` sends: the bytes labelled a urlencoded form.
    @Test func anUploadLabelledAFormAsCurlDoesIsTheFile() async throws {
        try await CommandrFSTests.asAdmin { fs, client, _ in
            var headers = fs.headers
            headers[.contentType] = "application/x-www-form-urlencoded"
            let added = try await client.execute(
                uri: "/data/endpoint.php/content/commandr_fs/var/media/field.jpg", method: .post, headers: headers,
                body: ByteBuffer(bytes: try ImageFixtures.bytes(ImageFixtures.landscape))
            ) { try DecodedEnvelope($0) }
            #expect(added.success == true && added.data["path"] as? String == "/var/media/field.jpg", "\(added.raw)")
            let form = try await client.execute(
                uri: "/data/endpoint.php/content/commandr_fs/var/news/general/x.cms", method: .post, headers: headers, body: ByteBuffer(string: "data=%zz")
            ) { try DecodedEnvelope($0) }
            #expect(form.status == .badRequest, "a malformed form of text is still refused: \(form.raw)")
        }
    }

    /// Bytes are an image's content only under `/var/media`: anywhere else a body that is no text is
    /// refused as before, and nothing changes.
    @Test func bytesAreNoValueForAnythingButAnImage() async throws {
        try await CommandrFSTests.asAdmin { fs, _, _ in
            let before = try await fs.query("view", "etc/site_name").raw
            let refused = try await fs.upload(try ImageFixtures.bytes(ImageFixtures.landscape), as: "../../etc/site_name", method: .put)
            #expect(refused.status == .badRequest, "\(refused.raw)")
            #expect(try await fs.query("view", "etc/site_name").raw == before)
            let cms = try await fs.upload(try ImageFixtures.bytes(ImageFixtures.landscape), as: "photo.cms")
            #expect(cms.status == .badRequest, "\(cms.raw)")
        }
    }

    @Test func deletingAnImageRemovesItAndItsVersions() async throws {
        try await CommandrFSTests.asAdmin { fs, client, site in
            let added = try await fs.upload(try ImageFixtures.bytes(ImageFixtures.transparent), as: "dot.png")
            let url = try #require(added.data["url"] as? String)
            #expect(try await client.image(url + "?s=75").headers[.contentType] == "image/png")
            #expect(site.media.cache.totalBytes > 0)
            let deleted = try await fs.rest(.delete, "var/media/dot.png")
            #expect(deleted.success == true, "\(deleted.raw)")
            #expect(site.media.cache.totalBytes == 0)
            let gone = try await client.image(url)
            #expect(gone.status == .notFound)
            #expect(try await Self.count(site) == 0)
        }
    }

    static func count(_ site: Site) async throws -> Int {
        try await site.database.withConnection { try await MediaStore.totals(on: $0).images }
    }

    /// The process's peak resident memory (`VmHWM`), in bytes.
    static func peakMemoryBytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { throw TestFailure("no VmHWM in /proc/self/status") }
        return kilobytes * 1024
    }
}
