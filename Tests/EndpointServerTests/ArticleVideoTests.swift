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

/// An article's video, through every face that reads articles, with the real ffmpeg making it: set
/// through commandr_fs before it is made, `content/news` tells its state; once the server's worker
/// made it, the change reaches every answer at once (no stale kept answer), `content/news` gives its
/// playlist, MP4 and poster, the Floki feed lists the article as the clients' movie item, and the
/// article's page plays it in a `<video>`. Every link given is followed.
@Suite struct ArticleVideoTests {
    /// The video worker's first pass comes 5 s after the start (tests' workers start an interval
    /// late): the article is written and read before it.
    static let settings: ServerSettings = {
        var settings = ServerSettings()
        settings.videoPollInterval = .seconds(5)
        return settings
    }()

    /// The path of `url` on this server (the answers' URLs are absolute on the public URL).
    static func path(_ url: String) throws -> String {
        try #require(url.hasPrefix("http://127.0.0.1:8080/") ? String(url.dropFirst("http://127.0.0.1:8080".count)) : nil, "\(url)")
    }

    /// `GET` of `url`'s path; status, content type and body.
    static func fetch(_ url: String, _ client: some TestClientProtocol) async throws -> (HTTPResponse.Status, String?, ByteBuffer) {
        try await client.execute(uri: try Self.path(url), method: .get) { ($0.status, $0.headers[.contentType], $0.body) }
    }

    @Test(arguments: TestDatabase.engines)
    func anArticlesVideoReachesTheAPITheFlokiFeedAndThePage(engine: DatabaseEngine) async throws {
        let clips = try VideoClips()
        let clip = try clips.clip("harbour.mp4", size: "640x360", seconds: 3)
        try await TestServer.run(engine: engine, settings: Self.settings) { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let fs = CommandrClient(client: client, headers: try LoggedIn(try await client.login("chief")).iOSHeaders)
            let uploads = VideoUploads(database: site.database, config: site.config, folder: site.mediaStore)
            let added = try await uploads.add(FileChunks(path: clip), name: "harbour", caption: "The harbour", credit: "ffmpeg", addedBy: nil)

            #expect(
                try await fs.rest(.post, "var/news/general/harbour.cms", body: #"{"label": "Harbour", "validated": 1, "video": "video:999"}"#).success == false)
            let created = try await fs.rest(
                .post, "var/news/general/harbour.cms", body: #"{"label": "Harbour", "summary": "Boats.", "validated": 1, "video": "video:\#(added.video.id)"}"#)
            try #require(created.success == true, "\(created.raw.prefix(300))")
            #expect(try await fs.read("var/news/general/harbour.cms")["video"] as? String == "video:\(added.video.id)")

            // Before it is made: its state, no file yet; the feed's item is the article's page.
            let queued = try #require((try await client.news("articles/harbour").data["article"] as? [String: Any])?["video"] as? [String: Any])
            #expect(queued["state"] as? String == "queued" && queued["hls_url"] is NSNull && queued["mp4_url"] is NSNull)
            #expect(queued["width"] as? Int == 640 && queued["height"] as? Int == 360 && queued["duration"] as? Int == 3)
            let sync = try #require(try await client.news("articles", "fields=id").data["sync"] as? String)
            let before = try #require(try await client.news("feed/all", "response_type=floki").json["items"] as? [[String: Any]])
            #expect(before.first?["class_type"] == nil)

            // The server's worker makes it; the articles showing it change with it (the answer kept
            // above is not served again).
            try await Waiting.until("the video is made", seconds: 120) {
                try await site.database.withConnection { try await VideoStore.find(id: added.video.id, on: $0) }?.state == .ready
            }
            let ready = try #require((try await client.news("articles/harbour").data["article"] as? [String: Any])?["video"] as? [String: Any])
            #expect(ready["state"] as? String == "ready")
            // An app refreshing since then gets the article again, with its video playable.
            let refreshed = try await client.news("changes", "since=\(sync)").data["upserted"] as? [[String: Any]]
            #expect(refreshed?.compactMap { ($0["video"] as? [String: Any])?["state"] as? String } == ["ready"], "\(refreshed ?? [])")
            let master = try #require(ready["hls_url"] as? String)
            let mp4 = try #require(ready["mp4_url"] as? String)
            let poster = try #require(ready["poster"] as? String)
            let playlist = try await Self.fetch(master, client)
            #expect(playlist.0 == .ok && String(buffer: playlist.2).hasPrefix("#EXTM3U"))
            let movie = try await Self.fetch(mp4, client)
            #expect(movie.0 == .ok && movie.1 == "video/mp4" && movie.2.readableBytes > 10_000)
            let picture = try await Self.fetch(poster, client)
            #expect(picture.0 == .ok && picture.1 == "image/jpeg")

            // The Floki feed's item, as both clients read it (FLContent_item/FLMovie_view_controller on
            // iOS: a known class_type, `url` handed over as `main_url`, an HLS playlist it plays; the
            // Android facade: `url` or `data.progressive_file`, the poster `data.preview_url`).
            let items = try #require(try await client.news("feed/all", "response_type=floki&d=2").json["items"] as? [[String: Any]])
            let item = try #require(items.first)
            #expect(item["class_type"] as? String == "Movie_view_controller")
            let mainURL = FlokiClient.mangle(try #require(item["url"] as? String))
            #expect(mainURL.hasPrefix("http://") && mainURL.hasSuffix(".m3u8"), "iOS plays main_url: an absolute HLS playlist")
            #expect(try await Self.fetch(mainURL, client).0 == .ok)
            let data = try #require(item["data"] as? [String: Any])
            let progressive = FlokiClient.mangle(try #require(data["progressive_file"] as? String))
            let progressiveType = try await Self.fetch(progressive, client).1
            #expect(progressive.hasSuffix(".mp4") && progressiveType == "video/mp4")
            let preview = FlokiClient.mangle(try #require(data["preview_url"] as? String))
            #expect(try await Self.fetch(preview, client).1 == "image/jpeg")
            #expect((data["preview_width"] as? Int ?? 0) >= 30 && (data["preview_height"] as? Int ?? 0) >= 30)
            #expect(data["title"] as? String == "Harbour" && data["text"] as? String == "Boats.")

            // Another article links the video by its lasting link: a browser following it gets the
            // MP4; the iOS client matches it with the News tab's `videos_regex` and opens the movie
            // controller with the first item `videos_url` answers (`process_response`).
            let linking = try await fs.rest(
                .post, "var/news/general/quay.cms",
                body: #"{"label": "Quay", "validated": 1, "format": "markdown", "article": "See [the harbour](/video/\#(added.video.contentHash))."}"#)
            try #require(linking.success == true, "\(linking.raw.prefix(300))")
            let body = try #require((try await client.news("articles/quay").data["article"] as? [String: Any])?["body_html"] as? String)
            let link = try #require(body.firstMatch(of: #/href="([^"]+)"/#).map { String($0.output.1) }, "\(body)")
            let (masterPath, mp4Path) = (try Self.path(master), try Self.path(mp4))
            let followed = try await client.execute(uri: try Self.path(link), method: .get) { ($0.status, $0.headers[.location]) }
            #expect(followed.0 == .found && followed.1 == mp4Path)
            let appData = try #require(
                try await client.execute(uri: "/floki/v1/appdata", method: .get) {
                    try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any]
                })
            let newsTab = try #require((appData["tabs"] as? [[String: Any]])?.first { $0["class_type"] as? String == "News_view_controller" })
            let tabData = try #require(newsTab["data"] as? [String: Any])
            let patterns = try #require(tabData["videos_regex"] as? [String])
            let opened = try #require(
                FlokiClient.capturedAddress(following: link, patterns: patterns, address: tabData["videos_url"] as? String, language: "en"), "\(link)")
            let answered = try await Self.fetch(opened, client)
            let videoItems = try #require((try JSONSerialization.jsonObject(with: Data(buffer: answered.2)) as? [String: Any])?["items"] as? [[String: Any]])
            let first = try #require(videoItems.first)
            let movieData = try #require(first["data"] as? [String: Any], "iOS needs the item's data")
            let movieURL = FlokiClient.mangle(try #require(first["url"] as? String))
            #expect(movieURL.hasSuffix(".m3u8") && movieData["progressive_file"] as? String == mp4)
            #expect(try await Self.fetch(movieURL, client).0 == .ok)

            // The page plays it: HLS first (Safari), the MP4 for every other browser, the poster.
            try await client.execute(uri: "/news/harbour", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(page.contains(#"<video id="video" controls playsinline preload="metadata" poster=""#))
                #expect(page.contains(#"<source src="\#(masterPath)" type="application/vnd.apple.mpegurl"><source src="\#(mp4Path)" type="video/mp4">"#))
                #expect(page.contains(#"<figcaption id="video-caption">The harbour <span class="credit">ffmpeg</span></figcaption>"#))
                #expect(response.headers[.contentSecurityPolicy]?.contains("media-src 'self' https:") == true)
            }
        }
    }
}

extension ArticleVideoTests {
    /// The page's `<video>` as a reader's browser meets it: Chromium, at a phone's 320 px and a
    /// desktop's 1280 px, loads enough of it to play (`readyState` ≥ 2) from the files the server
    /// made, within the window's width, with nothing in the console.
    @Test(.enabled(if: BrowserDriver.isEnabled))
    func chromiumPlaysThePagesVideoOnAPhoneAndADesktop() async throws {
        let clips = try VideoClips()
        let clip = try clips.clip("quay.mp4", size: "1280x720", seconds: 3)
        try await TestServer.run(settings: VideoMakingTests.settings, framework: .live) { client, site in
            let port = try #require(client.port)
            let video = try await VideoMakingTests.addAndWait(clip, name: "quay", site: site)
            let id = try await NewsFixtures.article("The quay", summary: "Boats at rest.", database: site.database)
            try await NewsFixtures.edit(id, database: site.database) { $0.videoID = .some(video.id) }
            for width in [320, 1280] {
                let playing = try await BrowserDriver.playVideo("http://localhost:\(port)/news/\(id)", width: width)
                #expect(playing.readyState >= 2, "\(width) px: \(playing)")
                #expect(playing.currentSrc.contains("/video/\(video.contentHash)/"), "\(playing.currentSrc)")
                #expect(playing.videoWidth == 1280 || playing.videoWidth == 960 || playing.videoWidth == 640, "a made rendition: \(playing.videoWidth)")
                #expect(playing.widthFits && playing.shownWidth <= Double(width), "\(width) px: \(playing.shownWidth)")
                #expect(playing.consoleErrors.isEmpty, "\(playing.consoleErrors)")
            }
        }
    }
}
