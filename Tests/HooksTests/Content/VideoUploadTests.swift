import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import Media
import NIOCore
import Storage
import TestSupport
import Testing

/// Videos in `/var/media` of `content/commandr_fs`, through the real HTTP server and the real ffmpeg:
/// a REST body is received as it arrives (a clip far larger than the image upload limit goes in), a
/// multipart file part within that limit; both are checked before anything is kept, named by their
/// content, share one space of names with the images, and show their state in `<name>.cms`.
@Suite struct VideoUploadTests {
    /// The clip's bytes: four seconds at 640×360 with sound, about 1.4 MB.
    static func street(_ clips: VideoClips) throws -> [UInt8] {
        let path = try clips.make(
            "street.mp4",
            ["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30", "-f", "lavfi", "-i", "sine", "-t", "4", "-c:v", "libx264", "-b:v", "3M", "-c:a", "aac"])
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func videoCount(_ site: Site) async throws -> Int {
        try await site.database.withConnection { try await VideoStore.all(on: $0).count }
    }

    /// The files waiting in the media store's `incoming/` (none once every upload was kept or refused).
    static func incoming(_ site: Site) -> [String] {
        let folder = site.mediaStore.root.appendingPathComponent("incoming").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0 != "uploads" }
    }

    @Test(arguments: TestDatabase.engines)
    func aRESTBodyLargerThanTheUploadLimitIsStreamedCheckedMadeAndDescribed(engine: DatabaseEngine) async throws {
        let clips = try VideoClips()
        let bytes = try Self.street(clips)
        let other = Array(try Data(contentsOf: URL(fileURLWithPath: try clips.clip("other.mp4"))))
        // Images may be 200 KB here: a body read whole would be refused long before the clip's end.
        try await CommandrFSTests.asAdmin(engine: engine, config: ["media_max_bytes": "200000"], framework: .live) { fs, client, site in
            #expect(bytes.count > 1_000_000)
            let added = try await fs.upload(bytes, as: "Street.mov", method: .put)
            #expect(added.success == true, "\(added.raw)")
            // Named by its content (an MP4), not by what the caller called it.
            #expect(added.data["path"] as? String == "/var/media/street.mp4")
            let id = try #require(added.data["id"] as? Int)
            let video = try #require(try await site.database.withConnection { try await VideoStore.find(id: id, on: $0) })
            let original = site.mediaStore.folder(ofVideo: video.contentHash).appendingPathComponent("original.mp4")
            #expect(Array(try Data(contentsOf: original)) == bytes, "the kept original is the body, byte for byte")
            #expect(Self.incoming(site).isEmpty)

            #expect(try await fs.list("var/media").files == ["street.cms", "street.mp4"])
            let found = try await fs.query("search", "video/\(id)")
            #expect((found.json["response_data"] as? [String: Any])?["content_hash"] as? String == video.contentHash, "\(found.raw)")

            // The same bytes again are the same video; other bytes under its name are refused.
            let repeated = try await fs.upload(bytes, as: "street.mp4", method: .put)
            #expect(repeated.success == true && repeated.data["id"] as? Int == id, "\(repeated.raw)")
            let clash = try await fs.upload(other, as: "street.mp4", method: .put)
            #expect(clash.success == false && clash.errorDetails?.contains("already exists") == true, "\(clash.raw)")
            // The refused bytes were checked, so stored, first: recorded for no video, their folder goes with
            // the maintenance pass once it is an hour old; the video's own stays, however old.
            let videosFolder = site.mediaStore.root.appendingPathComponent("videos")
            let unrecorded = try FileManager.default.contentsOfDirectory(atPath: videosFolder.path).filter { $0 != video.contentHash }
            #expect(unrecorded.count == 1, "\(unrecorded)")
            try await Maintenance.pass(for: site, logger: quietLogger)
            #expect(try FileManager.default.contentsOfDirectory(atPath: videosFolder.path).count == 2, "an hour's grace")
            for hash in unrecorded + [video.contentHash] {
                let hourAndMore = Date(timeIntervalSinceNow: -3_700)
                try FileManager.default.setAttributes([.modificationDate: hourAndMore], ofItemAtPath: videosFolder.appendingPathComponent(hash).path)
            }
            try await Maintenance.pass(for: site, logger: quietLogger)
            #expect(try FileManager.default.contentsOfDirectory(atPath: videosFolder.path) == [video.contentHash])

            // Its caption and credit are written through its properties; the rest is read-only.
            let described = try await fs.rest(.put, "var/media/street.cms", body: JSONValue.json(["caption": "Rush hour", "credit": "Desk"]))
            #expect(described.success == true, "\(described.raw)")
            let readOnly = try await fs.rest(.put, "var/media/street.cms", body: JSONValue.json(["state": "ready"]))
            #expect(readOnly.success == false, "\(readOnly.raw)")

            // Images and videos share names: an image called Street is street_2.
            let image = try await fs.upload(try ImageFixtures.bytes(ImageFixtures.sidewaysWithGPS), as: "Street.jpg")
            #expect(image.data["path"] as? String == "/var/media/street_2.jpg", "\(image.raw)")

            // The server's own worker makes it; its properties then say where the apps get it.
            var properties: [String: Any] = [:]
            try await Waiting.until("the video is ready", seconds: 120) {
                properties = try await fs.read("var/media/street.cms")
                return properties["state"] as? String == "ready"
            }
            #expect(properties["caption"] as? String == "Rush hour" && properties["credit"] as? String == "Desk")
            #expect(properties["width"] as? Int == 640 && properties["height"] as? Int == 360 && properties["has_sound"] as? Bool == true)
            #expect(properties["type"] as? String == "video/mp4" && properties["bytes"] as? Int == bytes.count)
            #expect(properties["progress"] as? Int == 100 && properties["reference"] as? String == "video:\(id)")
            let master = try #require(properties["hls_url"] as? String)
            try await client.execute(uri: master, method: .get) { response in
                #expect(response.status == .ok && String(buffer: response.body).hasPrefix("#EXTM3U"), "\(master)")
            }
            let mp4 = try #require(properties["mp4_url"] as? String)
            try await client.execute(uri: mp4, method: .get) { response in
                #expect(response.status == .ok && response.headers[.contentType] == "video/mp4" && response.body.readableBytes > 10_000, "\(mp4)")
            }
            let poster = try #require(properties["poster"] as? String)
            let served = try await client.image(poster)
            #expect(served.status == .ok && served.headers[.contentType] == "image/jpeg", "\(poster)")

            // While an article shows it, it stays, and a sentence says why.
            let article = try await fs.rest(.post, "var/news/general/harbour.cms", body: #"{"label": "Harbour", "video": "video:\#(id)"}"#)
            try #require(article.success == true, "\(article.raw)")
            let refused = try await fs.rest(.delete, "var/media/street.mp4")
            #expect(refused.success == false, "\(refused.raw)")
            #expect(refused.errorDetails == "This video is shown by the article ‘Harbour’; remove it from the article first.")
            #expect(try await Self.videoCount(site) == 1)

            // Once no article shows it, deleting either file deletes it with everything made for it.
            #expect(try await fs.rest(.put, "var/news/general/harbour.cms", body: #"{"video": ""}"#).success == true)
            let deleted = try await fs.rest(.delete, "var/media/street.cms")
            #expect(deleted.success == true, "\(deleted.raw)")
            #expect(try await Self.videoCount(site) == 0)
            #expect(!FileManager.default.fileExists(atPath: site.mediaStore.folder(ofVideo: video.contentHash).path))
            #expect(try await fs.list("var/media").files == ["street_2.cms", "street_2.jpg"], "its poster went with it, the image stayed")
            for gone in [master, mp4] {
                try await client.execute(uri: gone, method: .get) { response in #expect(response.status == .notFound, "\(gone)") }
            }
            #expect(try await client.image(poster).status == .notFound)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func multipartUploadsAndRefusedFilesKeepNothingButWhatPassed(engine: DatabaseEngine) async throws {
        let clips = try VideoClips()
        let small = Array(try Data(contentsOf: URL(fileURLWithPath: try clips.clip("corner.mp4", size: "160x120", seconds: 1))))
        let street = try Self.street(clips)
        let config = ["media_max_bytes": "100000", "video_max_bytes": "600000"]
        try await CommandrFSTests.asAdmin(engine: engine, config: config, framework: .live) { fs, _, site in
            // As the iOS SDK sends a file, with properties beside it.
            let multipart = try await fs.uploadMultipart(small, as: "Corner.mov", properties: JSONValue.json(["caption": "A corner"]))
            #expect(multipart.success == true && multipart.data["path"] as? String == "/var/media/corner.mp4", "\(multipart.raw)")
            #expect(try await fs.read("var/media/corner.cms")["caption"] as? String == "A corner")

            // A playlist naming a local file, sent as a video's body: refused by its content.
            let playlist = Array("#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n".utf8)
            let hostile = try await fs.upload(playlist, as: "evil.mp4", method: .put)
            #expect(hostile.success == false, "\(hostile.raw)")
            #expect(hostile.errorDetails == "Only MP4, QuickTime (MOV), Matroska (MKV) and WebM videos can be uploaded.")

            // Past `video_max_bytes` as it arrives.
            let large = try await fs.upload(street, as: "street.mp4", method: .put)
            #expect(large.success == false && large.errorDetails?.hasPrefix("The video is ") == true, "\(large.raw)")
            // And as a multipart form's file part.
            let largeForm = try await fs.uploadMultipart(street, as: "street.mp4")
            #expect(largeForm.success == false && largeForm.errorDetails?.hasPrefix("The video is ") == true, "\(largeForm.raw)")

            #expect(try await Self.videoCount(site) == 1)
            #expect(try await fs.list("var/media").files == ["corner.cms", "corner.mp4"])
            #expect(Self.incoming(site).isEmpty, "nothing of a refused upload is left")

            // A video kept before videos had names gets one when the folder is listed.
            try await site.database.withConnection { try await $0.raw("DELETE FROM resource_ids WHERE resource_type = 'video'").run() }
            #expect(try await fs.list("var/media").files == ["corner.cms", "corner.mp4"])
        }
    }
}
