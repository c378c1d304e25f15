import AsyncHTTPClient
import EndpointServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Media
import Routes
import Storage
import TestSupport
import Testing

/// A checked video is made into what the apps play by the server's own video worker, with the real
/// ffmpeg: an HLS ladder that two real HLS clients from Debian play to the end (ffmpeg's HLS demuxer
/// and GStreamer's), a progressive MP4 whose index comes first, and a poster in the image library.
@Suite struct VideoMakingTests {
    static let settings: ServerSettings = {
        var settings = ServerSettings()
        settings.videoPollInterval = .milliseconds(100)
        return settings
    }()

    /// Adds the file at `path` as the server's uploads would, and waits until its worker made it.
    static func addAndWait(_ path: String, name: String, site: Site) async throws -> VideoRecord {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let uploads = VideoUploads(database: site.database, config: site.config, folder: site.mediaStore)
        let chunks = AsyncStream<[UInt8]> { stream in
            stream.yield(bytes)
            stream.finish()
        }
        let added = try await uploads.add(chunks, name: name, caption: "A test", credit: "ffmpeg", addedBy: nil)
        #expect(added.created && added.video.state == .queued)
        var made: VideoRecord?
        try await Waiting.until("the video is made", seconds: 120) {
            made = try await site.database.withConnection { try await VideoStore.find(id: added.video.id, on: $0) }
            return made?.state == .ready || made?.state == .failed
        }
        let video = try #require(made)
        try #require(video.state == .ready, "failed: \(video.failure)")
        return video
    }

    /// Runs `program` with `arguments`; its status and everything it printed.
    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try Subprocess.run(URL(fileURLWithPath: program), arguments)
        return (result.status, result.output + result.errors)
    }

    /// The top-level boxes of an MP4 file, in order.
    static func boxes(_ path: String) throws -> [String] {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        var boxes: [String] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            boxes.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            guard size >= 8 else { break }
            offset += size
        }
        return boxes
    }

    @Test(arguments: TestDatabase.engines)
    func aClipBecomesALadderAnMP4AndAPosterThatRealClientsPlay(engine: DatabaseEngine) async throws {
        let clips = try VideoClips()
        let clip = try clips.clip("street.mp4", size: "1280x720", seconds: 4)
        try await TestServer.run(engine: engine, settings: Self.settings, framework: .live) { client, site in
            let video = try await Self.addAndWait(clip, name: "street", site: site)
            let folder = try #require(video.madeFolder)
            let made = site.mediaStore.folder(ofVideo: video.contentHash).appendingPathComponent(folder).path
            let files = try await site.database.withConnection { try await VideoStore.files(ofVideo: video.id, on: $0) }
            #expect(files["\(folder)/hls/master.m3u8"] != nil && files["\(folder)/video.mp4"] != nil)
            #expect(
                files.keys.allSatisfy { !$0.contains("work-") && !$0.contains("ffmpeg-master") }, "only whole files, and only what is served")
            for (path, bytes) in files {
                let onDisk = try FileManager.default.attributesOfItem(atPath: site.mediaStore.folder(ofVideo: video.contentHash).path + "/" + path)
                #expect(onDisk[.size] as? Int == bytes, "\(path) recorded at its size")
            }

            // The ladder: 360p, 540p and 720p (none larger than the source), each variant with every
            // attribute a player chooses by.
            let master = try String(contentsOfFile: made + "/hls/master.m3u8", encoding: .utf8)
            let variants = master.split(separator: "\n").filter { $0.hasPrefix("#EXT-X-STREAM-INF:") }
            #expect(variants.count == 3, "\(master)")
            for (variant, resolution) in zip(variants, ["640x360", "960x540", "1280x720"]) {
                #expect(variant.contains("RESOLUTION=\(resolution)"), "\(variant)")
                #expect(variant.contains("CODECS=\"avc1.64") && variant.contains(",mp4a.40.2\""), "\(variant)")
                #expect(variant.contains("FRAME-RATE=30.000"), "\(variant)")
                let bandwidth = try #require(variant.firstMatch(of: /[^-]BANDWIDTH=(\d+)/).flatMap { Int($0.1) })
                let average = try #require(variant.firstMatch(of: /AVERAGE-BANDWIDTH=(\d+)/).flatMap { Int($0.1) })
                #expect(average > 100_000 && average <= bandwidth, "\(variant)")
            }
            let rendition = try String(contentsOfFile: made + "/hls/2/index.m3u8", encoding: .utf8)
            #expect(rendition.contains("#EXT-X-PLAYLIST-TYPE:VOD") && rendition.contains("#EXT-X-ENDLIST"))

            // Two real HLS clients play the master playlist to the end.
            let ffmpeg = try Self.run("/usr/bin/ffmpeg", ["-nostdin", "-v", "error", "-i", made + "/hls/master.m3u8", "-map", "0", "-f", "null", "-"])
            #expect(ffmpeg.status == 0 && ffmpeg.output.isEmpty, "ffmpeg's HLS demuxer: \(ffmpeg.output)")
            let gstreamer = try Self.run(
                "/usr/bin/gst-launch-1.0", ["-q", "playbin", "uri=file://\(made)/hls/master.m3u8", "video-sink=fakesink", "audio-sink=fakesink"])
            #expect(gstreamer.status == 0 && !gstreamer.output.contains("ERROR"), "GStreamer's hlsdemux: \(gstreamer.output)")

            // The same ladder played through the server, over HTTP.
            let base = "http://127.0.0.1:\(try #require(client.port))"
            let masterURL = base + (try #require(VideoLinks.master(of: video))).target
            let overHTTP = try Self.run("/usr/bin/ffmpeg", ["-nostdin", "-v", "error", "-i", masterURL, "-map", "0", "-f", "null", "-"])
            #expect(overHTTP.status == 0 && overHTTP.output.isEmpty, "ffmpeg over HTTP: \(overHTTP.output)")
            let gstreamerOverHTTP = try Self.run(
                "/usr/bin/gst-launch-1.0", ["-q", "playbin", "uri=\(masterURL)", "video-sink=fakesink", "audio-sink=fakesink"])
            #expect(gstreamerOverHTTP.status == 0 && !gstreamerOverHTTP.output.contains("ERROR"), "GStreamer over HTTP: \(gstreamerOverHTTP.output)")
            try await VideoServingChecks.check(video, madeFolder: made, client: client)

            // The MP4: its index before its data, H.264 and AAC at 720p.
            let boxes = try Self.boxes(made + "/video.mp4")
            #expect(try #require(boxes.firstIndex(of: "moov")) < #require(boxes.firstIndex(of: "mdat")), "\(boxes)")
            let probed = try Self.run(
                "/usr/bin/ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,width,height", "-of", "csv=p=0", made + "/video.mp4"])
            #expect(probed.output.contains("h264,1280,720") && probed.output.contains("aac"), "\(probed.output)")

            // The poster: an image of the library, served at each device's size.
            let posterID = try #require(video.posterMediaID)
            let poster = try #require(try await site.database.withConnection { try await MediaStore.find(id: posterID, on: $0) })
            #expect((poster.width, poster.height, poster.name, poster.caption) == (1280, 720, "street-poster", "A test"))
            for version in ["", "?d=0", "?d=1", "?d=2", "?s=75&d=2"] {
                let status = try await client.execute(uri: MediaLinks.path(of: poster) + version, method: .get) { $0.status }
                #expect(status == .ok, "poster\(version)")
            }
        }
    }

    @Test func aPhonesUprightSilentClipStaysUpright() async throws {
        let clips = try VideoClips()
        let stored = try clips.clip("stored.mp4", size: "640x360", seconds: 3, sound: false)
        let phone = try clips.make("phone.mp4", ["-i", stored, "-c", "copy", "-metadata:s:v:0", "rotate=90"])
        try await TestServer.run(settings: Self.settings) { client, site in
            let video = try await Self.addAndWait(phone, name: "phone", site: site)
            #expect((video.width, video.height, video.hasSound) == (360, 640, false))
            let made = site.mediaStore.folder(ofVideo: video.contentHash).appendingPathComponent(try #require(video.madeFolder)).path
            let master = try String(contentsOfFile: made + "/hls/master.m3u8", encoding: .utf8)
            #expect(master.contains("RESOLUTION=360x640") && !master.contains("mp4a"), "one portrait rendition, no sound: \(master)")
            let ffmpeg = try Self.run("/usr/bin/ffmpeg", ["-nostdin", "-v", "error", "-i", made + "/hls/master.m3u8", "-f", "null", "-"])
            #expect(ffmpeg.status == 0 && ffmpeg.output.isEmpty, "\(ffmpeg.output)")
            let probed = try Self.run(
                "/usr/bin/ffprobe", ["-v", "error", "-show_entries", "stream=width,height:stream_side_data=rotation", "-of", "csv=p=0", made + "/video.mp4"])
            #expect(probed.output.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("360,640"), "upright in its pixels: \(probed.output)")
            let poster = try #require(try await site.database.withConnection { try await MediaStore.find(id: video.posterMediaID ?? 0, on: $0) })
            #expect((poster.width, poster.height) == (360, 640))
        }
    }
}

/// A server killed with SIGKILL in the middle of making a video: its `ffmpeg` dies with it, the next
/// server takes the job back and finishes it once, and only whole files are ever listed.
@Suite struct VideoMakingCrashTests {
    /// Whether any process's command line names `text`.
    static func processNaming(_ text: String) -> Bool {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return processes.filter { Int($0) != nil }.contains { pid in
            let line = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))).map { String(decoding: $0, as: UTF8.self) } ?? ""
            return line.contains(text)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aKilledServersJobIsTakenBackAndFinishedOnce(engine: DatabaseEngine) async throws {
        let clips = try VideoClips()
        let store = clips.folder.appendingPathComponent("store").path
        let database = try await TestDatabase.freshURL(engine).connectionString
        let clip = try clips.clip("long.mp4", size: "1280x720", seconds: 12)
        #expect(try EndpointProcess.run(["media", "add", clip, "--media-store", store], database: database).status == 0)
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let port = try await EndpointProcess.freePort()
        let environment = ["ENDPOINT_MEDIA_STORE": store]
        func video() async throws -> VideoRecord? {
            try await TestDatabase.withOpen(try DatabaseURL(parsing: database)) { opened in
                try await opened.withConnection { try await VideoStore.find(id: 1, on: $0) }
            }
        }

        let first = try await EndpointProcess.serve(port: port, database: database, environment: environment, client: client)
        try await Waiting.until("the first server makes the video", seconds: 30) { try await video()?.state == .processing }
        try await Waiting.until("its ffmpeg runs", seconds: 30) { Self.processNaming(store + "/videos/") }
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        try await Waiting.until("its ffmpeg dies with it", seconds: 10) { !Self.processNaming(store) }

        let second = try await EndpointProcess.serve(port: port, database: database, environment: environment, client: client)
        try await Waiting.until("the second server finishes the video", seconds: 120) { try await video()?.state == .ready }
        #expect(EndpointProcess.stop(second))

        let made = try #require(try await video())
        try await TestDatabase.withOpen(try DatabaseURL(parsing: database)) { opened in
            try await opened.withConnection { connection in
                let jobs = try await connection.raw("SELECT status, attempts, lease_owner FROM video_jobs").all()
                #expect(jobs.count == 1)
                #expect(try jobs.first?.decode(column: "status", as: String.self) == "sent")
                #expect(try jobs.first?.decode(column: "attempts", as: Int.self) == 1, "finished once; the killed attempt never counted as one")
                let files = try await VideoStore.files(ofVideo: made.id, on: connection)
                let folder = URL(fileURLWithPath: store).appendingPathComponent("videos/\(made.contentHash)")
                #expect(!files.isEmpty && files.keys.allSatisfy { $0.hasPrefix((made.madeFolder ?? "?") + "/") })
                for (path, bytes) in files {
                    #expect(try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)[.size] as? Int == bytes, "\(path)")
                }
                let folders = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                #expect(folders.sorted() == [made.madeFolder ?? "?", "original.mp4"], "one made folder, the killed attempt's work gone: \(folders)")
            }
        }
    }
}

/// What a CDN's answers for the files of a ready video look like, through the server.
enum VideoServingChecks {
    /// `madeFolder`: where the video's files are on disk.
    static func check(_ video: VideoRecord, madeFolder: String, client: any TestClientProtocol) async throws {
        let mp4 = try #require(VideoLinks.progressive(of: video)).target
        let whole = try await client.execute(uri: mp4, method: .get) { $0 }
        #expect(whole.status == .ok)
        #expect(whole.headers[.contentType] == "video/mp4" && whole.headers[.acceptRanges] == "bytes")
        #expect(whole.headers[.cacheControl] == "public, max-age=31536000, immutable")
        let size = whole.body.readableBytes
        let bytes = Array(buffer: whole.body)
        // Sent from the file by the connection (sendfile): every byte, at every offset, and the answers
        // after it on the same connection still whole.
        #expect(bytes == Array(try Data(contentsOf: URL(fileURLWithPath: madeFolder + "/video.mp4"))), "the MP4 as made, byte for byte")
        #expect(size > 200_000, "larger than a chunk read into memory")
        let long = try await client.execute(uri: mp4, method: .get, headers: [.range: "bytes=70001-\(size - 3)"]) { $0 }
        #expect(long.status == .partialContent && Array(buffer: long.body) == Array(bytes[70_001...(size - 3)]))
        let tag = try #require(whole.headers[.eTag])
        #expect(tag.hasPrefix("\"") && !tag.hasPrefix("W/"), "a strong validator")

        let part = try await client.execute(uri: mp4, method: .get, headers: [.range: "bytes=100-199"]) { $0 }
        #expect(part.status == .partialContent && part.headers[.contentRange] == "bytes 100-199/\(size)")
        #expect(Array(buffer: part.body) == Array(bytes[100...199]))
        let suffix = try await client.execute(uri: mp4, method: .get, headers: [.range: "bytes=-10"]) { $0 }
        #expect(suffix.status == .partialContent && Array(buffer: suffix.body) == Array(bytes[(size - 10)...]))
        let open = try await client.execute(uri: mp4, method: .get, headers: [.range: "bytes=\(size - 5)-"]) { $0 }
        #expect(open.headers[.contentRange] == "bytes \(size - 5)-\(size - 1)/\(size)" && open.body.readableBytes == 5)
        let past = try await client.execute(uri: mp4, method: .get, headers: [.range: "bytes=\(size)-"]) { $0 }
        #expect(past.status == .rangeNotSatisfiable && past.headers[.contentRange] == "bytes */\(size)")
        let stale = try await client.execute(uri: mp4, method: .get, headers: [.range: "bytes=0-9", .ifRange: "\"another\""]) { $0 }
        #expect(stale.status == .ok && stale.body.readableBytes == size, "If-Range naming another version: the whole file")
        let current = try await client.execute(uri: mp4, method: .get, headers: [.range: "bytes=0-9", .ifRange: tag]) { $0 }
        #expect(current.status == .partialContent && current.body.readableBytes == 10)
        let revalidated = try await client.execute(uri: mp4, method: .get, headers: [.ifNoneMatch: tag]) { $0 }
        #expect(revalidated.status == .notModified && revalidated.body.readableBytes == 0)
        let head = try await client.execute(uri: mp4, method: .head) { $0 }
        #expect(head.status == .ok && head.headers[.contentLength] == String(size) && head.body.readableBytes == 0)

        let playlist = try await client.execute(uri: try #require(VideoLinks.master(of: video)).target, method: .get) { $0 }
        #expect(playlist.headers[.contentType] == "application/vnd.apple.mpegurl")
        // Only listed files: not the original, not what ffmpeg wrote and the server replaced.
        let folder = try #require(video.madeFolder)
        for file in ["original.mp4", "\(folder)/hls/ffmpeg-master.m3u8", "\(folder)/poster.jpg", "made-0/video.mp4"] {
            let refused = try await client.execute(uri: SiteRoute.video(hash: video.contentHash, file: file).target, method: .get) { $0 }
            #expect(refused.status == .notFound, "\(file)")
            #expect(String(buffer: refused.body).contains("There is no video file"), "\(file): \(String(buffer: refused.body))")
        }
    }
}
