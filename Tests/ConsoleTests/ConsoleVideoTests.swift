import EndpointServer
import Foundation
import Media
import Storage
import TestSupport
import Testing

/// A video through the console as an editor meets it, in Chromium with axe-core at a phone's 320 px
/// and a desktop's 1280 px: chosen on the media page, sent through the tus protocol by the page's own
/// script with its progress, listed with its state until the server's worker made it, then chosen in
/// the article editor and published; the article's page plays it.
@Suite struct ConsoleVideoTests {
    static let settings: ServerSettings = {
        var settings = ServerSettings()
        settings.videoPollInterval = .milliseconds(100)
        return settings
    }()

    @Test(.enabled(if: BrowserDriver.isEnabled), arguments: TestDatabase.engines)
    func anEditorUploadsAVideoSeesItMadeAndPublishesItWithAnArticle(engine: DatabaseEngine) async throws {
        let clips = try VideoClips()
        let clip = try clips.clip("harbour film.mp4", size: "640x360", seconds: 3)
        let folder = clips.folder
        try await TestServer.run(engine: engine, settings: Self.settings, framework: .live) { client, site in
            try await ConsoleFixtures.editor("writer", services: site)
            let base = "http://localhost:\(try #require(client.port))"
            for width in [320, 1280] {
                let (uploaded, made) = (folder.appendingPathComponent("uploaded-\(width)").path, folder.appendingPathComponent("made-\(width)").path)
                let title = "Harbour film at \(width)"
                async let walked = BrowserDriver.walk(
                    base: base, width: width, height: 900,
                    steps: ConsoleDayOneBrowserTests.signingIn("writer") + [
                        ["open": "/admin/media"], ["axe": "media"], ["files": ["id": "videos", "paths": [clip]]],
                        ["script": "document.getElementById('upload-videos').click(); return 'sent';", "as": "sent"],
                        ["wait": "#notice"], ["text": "notice"], ["touch": uploaded], ["wait_file": made],
                        ["open": "/admin/media"], ["script": "return document.querySelector('#video-library [data-state]').dataset.state;", "as": "state"],
                        ["measure": "media width"], ["axe": "media with a video"],
                        ["open": "/admin/articles/new"], ["type": ["title": title, "body": "Boats at rest."]],
                        ["script": "const v = document.querySelector('#video-picker input[value^=\"video:\"]'); v.click(); return v.value;", "as": "picked"],
                        ["axe": "editor with videos"], ["click": "publish"], ["text": "notice", "as": "published"],
                    ])
                try await Waiting.until("the upload sent from the browser", seconds: 120) { FileManager.default.fileExists(atPath: uploaded) }
                let video = try #require(try await site.database.withConnection { try await VideoStore.all(on: $0) }.first)
                #expect(video.name == "harbourfilm" && video.width == 640 && video.height == 360)
                try await Waiting.until("the video is made", seconds: 120) {
                    try await site.database.withConnection { try await VideoStore.find(id: video.id, on: $0) }?.state == .ready
                }
                #expect(FileManager.default.createFile(atPath: made, contents: nil))
                let walk = try await walked
                #expect(walk.text("notice") == "1 video uploaded; the apps’ versions are being made.", "\(walk.texts)")
                #expect(walk.text("state") == "ready")
                #expect(walk.text("picked") == "video:\(video.id)")
                #expect(walk.text("published") == "Your action was successful.", "\(walk.texts)")
                #expect(ConsoleDayOneBrowserTests.fits(walk.text("media width"), width), "\(walk.text("media width") ?? "")")
                for (page, violations) in walk.axe { #expect(violations.isEmpty, "\(page) at \(width): \(violations)") }
                #expect(walk.consoleErrors.isEmpty, "\(walk.consoleErrors)")

                let listed = try await client.news("articles", "fields=title,video")
                let article = try #require((listed.data["articles"] as? [[String: Any]])?.first { $0["title"] as? String == title })
                #expect((article["video"] as? [String: Any])?["state"] as? String == "ready")
            }
        }
    }
}
