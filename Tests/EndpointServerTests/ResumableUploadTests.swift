import Auth
import EndpointServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Media
import NIOCore
import Storage
import TestSupport
import Testing

/// Resumable video uploads in the tus 1.0 protocol, through the real server with the real ffprobe:
/// tus.io's own Python client resumes an upload whose connection was cut at 40 %, every refusal the
/// protocol names has its status and a sentence, an expired upload's bytes leave the disk, and an
/// upload begun on one instance finishes on another.
@Suite struct ResumableUploadTests {
    static let tus: HTTPFields = [HTTPField.Name("Tus-Resumable")!: "1.0.0"]

    /// Logs `username` in (made with `role`) and answers its credentials with the tus version header.
    static func uploader(_ username: String, role: GroupRole = .administrators, _ client: some TestClientProtocol, _ site: Site) async throws
        -> (credentials: LoggedIn, headers: HTTPFields)
    {
        try await AccountFixtures.member(username, role: role, services: site)
        let credentials = try LoggedIn(try await client.login(username))
        var headers = credentials.iOSHeaders
        headers.append(contentsOf: Self.tus)
        return (credentials, headers)
    }

    /// `POST /uploads` for `length` bytes; the upload's path.
    static func create(_ length: Int, filename: String = "clip.mp4", _ headers: HTTPFields, _ client: some TestClientProtocol) async throws -> String {
        var headers = headers
        headers[HTTPField.Name("Upload-Length")!] = String(length)
        headers[HTTPField.Name("Upload-Metadata")!] = "filename " + Data(filename.utf8).base64EncodedString()
        return try await client.execute(uri: "/uploads", method: .post, headers: headers) { response in
            #expect(response.status == .created)
            #expect(response.headers[HTTPField.Name("Upload-Offset")!] == "0")
            return try #require(response.headers[.location])
        }
    }

    /// `PATCH` of `bytes` from `offset`; the answer's status, `Upload-Offset`, `Video-ID` and body.
    static func patch(
        _ path: String, _ bytes: ArraySlice<UInt8>, from offset: Int, _ headers: HTTPFields, _ client: some TestClientProtocol,
        contentType: String = "application/offset+octet-stream"
    ) async throws
        -> (status: HTTPResponse.Status, offset: String?, video: String?, body: String)
    {
        var headers = headers
        headers[.contentType] = contentType
        headers[HTTPField.Name("Upload-Offset")!] = String(offset)
        return try await client.execute(uri: path, method: .patch, headers: headers, body: ByteBuffer(bytes: bytes)) { response in
            (
                response.status, response.headers[HTTPField.Name("Upload-Offset")!], response.headers[HTTPField.Name("Video-ID")!],
                String(buffer: response.body)
            )
        }
    }

    static func head(_ path: String, _ headers: HTTPFields, _ client: some TestClientProtocol) async throws -> (HTTPResponse.Status, String?) {
        try await client.execute(uri: path, method: .head, headers: headers) { ($0.status, $0.headers[HTTPField.Name("Upload-Offset")!]) }
    }

    static func uploadFolders(_ site: Site) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: site.mediaStore.root.appendingPathComponent("incoming/uploads").path)) ?? []
    }

    @Test(.enabled(if: PythonTools.enabled), arguments: TestDatabase.engines)
    func tuspyResumesAnUploadCutAt40PercentToTheSameBytes(engine: DatabaseEngine) async throws {
        let clips = try VideoClips()
        let clip = try clips.make(
            "street.mp4",
            ["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30", "-f", "lavfi", "-i", "sine", "-t", "4", "-c:v", "libx264", "-b:v", "3M", "-c:a", "aac"])
        try await TestServer.run(engine: engine, excluding: ["video 1"], framework: .live) { client, site in
            let (credentials, _) = try await Self.uploader("editor", client, site)
            let port = try #require(client.port)
            let run = try await PythonTools.runInBackground(
                "media/tus_resume.py", ["http://127.0.0.1:\(port)", clip, credentials.memberID, credentials.token, "0.4"])
            try #require(run.status == 0, "\(run.errors)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            let size = try #require(report["size"] as? Int)
            #expect(size > 500_000, "a clip worth cutting")
            #expect(report["first_failed"] as? Bool == true, "the cut broke the first uploader off: \(run.errors)")
            // The server kept the bytes that arrived before the cut, in the middle of tuspy's second
            // chunk (25 % each): the resumed uploader was told 40 %, not 25 % and not 0.
            let resumedFrom = try #require(report["resumed_from"] as? Int)
            #expect(resumedFrom == report["cut_at"] as? Int, "resumed from \(resumedFrom) of \(size)")
            #expect(report["status"] as? Int == 200)
            let headers = try #require(report["headers"] as? [String: String])
            #expect(headers["Upload-Offset"] == String(size) && headers["Upload-Length"] == String(size))
            let videoID = try #require(headers["Video-ID"].flatMap { Int($0) })
            let video = try #require(try await site.database.withConnection { try await VideoStore.find(id: videoID, on: $0) })
            #expect(video.contentHash == report["sha256"] as? String, "the video is the file's bytes, exactly")
            #expect(video.name == "resumedclip" && video.width == 640 && video.height == 360)
            let original = site.mediaStore.folder(ofVideo: video.contentHash).appendingPathComponent("original.mp4").path
            #expect(try Data(contentsOf: URL(fileURLWithPath: original)) == Data(contentsOf: URL(fileURLWithPath: clip)))
            #expect(Self.uploadFolders(site).isEmpty, "the parts went once the video was kept")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func everyRefusalHasItsStatusAndASentence(engine: DatabaseEngine) async throws {
        let clips = try VideoClips()
        let clip = Array(try Data(contentsOf: URL(fileURLWithPath: try clips.clip("small.mp4"))))
        try await TestServer.run(engine: engine, config: ["video_max_bytes": "5000000"], excluding: ["video 1"]) { client, site in
            let (_, headers) = try await Self.uploader("editor", client, site)

            try await client.execute(uri: "/uploads", method: .options) { response in
                #expect(response.status == .noContent)
                #expect(response.headers[HTTPField.Name("Tus-Version")!] == "1.0.0")
                #expect(response.headers[HTTPField.Name("Tus-Extension")!] == "creation,termination,expiration")
                #expect(response.headers[HTTPField.Name("Tus-Max-Size")!] == "5000000")
            }
            // No version, no member, a member who may not upload, too long, a bad header.
            var unversioned = headers
            unversioned[HTTPField.Name("Tus-Resumable")!] = "0.2.2"
            try await client.execute(uri: "/uploads", method: .post, headers: unversioned) { response in
                #expect(response.status == .preconditionFailed && response.headers[HTTPField.Name("Tus-Version")!] == "1.0.0")
                #expect(String(buffer: response.body).contains("version 1.0.0 of the tus protocol"))
            }
            try await client.execute(uri: "/uploads", method: .post, headers: Self.tus) { #expect($0.status == .unauthorized) }
            let (_, reader) = try await Self.uploader("reader", role: .members, client, site)
            try await client.execute(uri: "/uploads", method: .post, headers: reader) { #expect($0.status == .forbidden) }
            var tooLong = headers
            tooLong[HTTPField.Name("Upload-Length")!] = "5000001"
            try await client.execute(uri: "/uploads", method: .post, headers: tooLong) { response in
                #expect(response.status == .contentTooLarge && String(buffer: response.body).contains("the largest this site accepts is 5.0 MB"))
            }
            var badMetadata = headers
            badMetadata[HTTPField.Name("Upload-Length")!] = "10"
            badMetadata[HTTPField.Name("Upload-Metadata")!] = "filename !!!"
            try await client.execute(uri: "/uploads", method: .post, headers: badMetadata) { response in
                #expect(response.status == .badRequest && String(buffer: response.body).contains("Upload-Metadata"))
            }

            // A wrong offset is 409 and says where the upload is; other bytes types are 415; more
            // than the length is 413; the upload is only its creator's.
            let path = try await Self.create(clip.count, headers, client)
            #expect(path.hasPrefix("/uploads/") && path.count == "/uploads/".count + 64)
            let half = clip.count / 2
            #expect(try await Self.patch(path, clip[..<half], from: 0, headers, client).offset == String(half))
            let wrong = try await Self.patch(path, clip[half...], from: 0, headers, client)
            #expect(wrong.status == .conflict && wrong.body.contains("has received \(half) bytes"))
            #expect(try await Self.patch(path, clip[half...], from: half, headers, client, contentType: "video/mp4").status == .unsupportedMediaType)
            #expect(try await Self.patch(path, clip[half...] + [0], from: half, headers, client).status == .contentTooLarge)
            let (_, other) = try await Self.uploader("other", client, site)
            #expect(try await Self.head(path, other, client).0 == .notFound)
            #expect(try await Self.patch(path, clip[half...], from: half, other, client).status == .notFound)
            let (status, offset) = try await Self.head(path, headers, client)
            #expect(status == .ok && offset == String(half), "nothing of the refused requests was recorded: \(offset ?? "") of \(half)")

            // Termination removes the upload and its bytes.
            try await client.execute(uri: path, method: .delete, headers: headers) { #expect($0.status == .noContent) }
            #expect(try await Self.head(path, headers, client).0 == .notFound)
            #expect(Self.uploadFolders(site).isEmpty)

            // A file that is really an HLS playlist is refused once whole, and nothing is kept.
            let playlist = Array("#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:10.0,\n/etc/passwd\n#EXT-X-ENDLIST\n".utf8)
            let hostile = try await Self.create(playlist.count, filename: "film.mp4", headers, client)
            let refused = try await Self.patch(hostile, playlist[...], from: 0, headers, client)
            #expect(refused.status == .unsupportedMediaType && refused.body.contains("Only MP4, QuickTime (MOV), Matroska (MKV) and WebM"))
            #expect(try await Self.head(hostile, headers, client).0 == .notFound)
            #expect(Self.uploadFolders(site).isEmpty)
            let videos = try await site.database.withConnection {
                try await $0.raw("SELECT count(*) AS n FROM videos").first()?.decode(column: "n", as: Int.self)
            }
            #expect(videos == 0)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anUploadLeftAloneExpiresAndItsBytesLeaveTheDisk(engine: DatabaseEngine) async throws {
        let time = ManualClock()
        try await TestServer.run(engine: engine, config: ["media_upload_hours": "24"], excluding: ["video 1"], clock: time.clock) { client, site in
            let (_, headers) = try await Self.uploader("editor", client, site)
            let path = try await Self.create(1000, headers, client)
            let kept = try await Self.create(1000, headers, client)
            #expect(try await Self.patch(path, [UInt8](repeating: 7, count: 400)[...], from: 0, headers, client).offset == "400")
            time.advance(seconds: 23 * 3600)
            #expect(try await Self.patch(kept, [UInt8](repeating: 7, count: 400)[...], from: 0, headers, client).offset == "400")
            time.advance(seconds: 2 * 3600)
            #expect(Self.uploadFolders(site).count == 2)
            try await Maintenance.pass(for: site, logger: quietLogger)
            #expect(Self.uploadFolders(site).count == 1, "the upload silent for 25 hours is gone from disk; the other stays")
            #expect(try await Self.head(path, headers, client).0 == .notFound)
            #expect(try await Self.head(kept, headers, client) == (.ok, "400"))
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anUploadBegunOnOneInstanceFinishesOnAnother(engine: DatabaseEngine) async throws {
        let clips = try VideoClips()
        let clip = Array(try Data(contentsOf: URL(fileURLWithPath: try clips.clip("shared.mp4"))))
        var shared = ServerSettings()
        shared.mediaStoreDirectory = clips.path("store")
        let settings = shared
        try await TestServer.run(engine: engine, settings: settings, excluding: ["video 1"]) { first, firstSite in
            let (credentials, headers) = try await Self.uploader("editor", first, firstSite)
            let path = try await Self.create(clip.count, headers, first)
            let cut = clip.count * 2 / 5
            #expect(try await Self.patch(path, clip[..<cut], from: 0, headers, first).offset == String(cut))
            try await TestServer.run(sharing: firstSite.database, settings: settings, excluding: ["video 1"]) { second, secondSite in
                var headers = credentials.iOSHeaders
                headers.append(contentsOf: Self.tus)
                #expect(try await Self.head(path, headers, second) == (.ok, String(cut)))
                let finished = try await Self.patch(path, clip[cut...], from: cut, headers, second)
                #expect(finished.status == .noContent && finished.offset == String(clip.count))
                let videoID = try #require(finished.video.flatMap { Int($0) })
                let video = try #require(try await secondSite.database.withConnection { try await VideoStore.find(id: videoID, on: $0) })
                #expect(video.byteCount == clip.count && video.state == .queued)
            }
        }
    }
}
