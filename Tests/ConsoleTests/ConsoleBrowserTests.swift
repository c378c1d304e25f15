import Contact
import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Media
import Push
import Storage
import TestSupport
import Testing

/// The console in a real Chromium, as its people use it — the keyboard included — with axe-core
/// checking every page they see: an editor writes, previews and schedules an article with a pasted
/// image; an administrator bans a member, whose sessions end on every instance, and drags the app's
/// tabs into a new order.
///
/// With `ENDPOINT_CONSOLE_SCREENSHOTS` naming a folder, the walks save the screenshots
/// `docs/console.md` shows (`scripts/console-screenshots.sh`).
@Suite struct ConsoleBrowserTests {
    static let screenshots = ProcessInfo.processInfo.environment["ENDPOINT_CONSOLE_SCREENSHOTS"].map { URL(fileURLWithPath: $0) }

    @Test(.enabled(if: BrowserDriver.isEnabled), arguments: TestDatabase.engines)
    func anEditorWritesPreviewsAndSchedulesAnArticleWithAPastedImage(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine, framework: .live) { client, site in
            try await ConsoleFixtures.editor("writer", services: site)
            try await NewsFixtures.article("Earlier story", database: site.database)
            let base = "http://localhost:\(try #require(client.port))"
            let moment = ConsoleArticleTests.minuteText(site.clock.now + 3600)
            let photo = ImageFixtures.url(ImageFixtures.landscape).path
            for (width, height, suffix) in Self.sizes(engine) {
                let walk = try await BrowserDriver.walk(
                    base: base, width: width, height: height, screenshots: Self.screenshots,
                    steps: [
                        ["open": "/admin/sign-in"], ["axe": "sign-in"], ["screenshot": "sign-in" + suffix],
                        ["type": ["username": "writer", "password": "correct horse"]],
                        ["tab_to": "submit"], ["press": "enter"], ["heading": "dashboard"], ["axe": "dashboard"],
                        ["open": "/admin/articles/new"], ["axe": "editor"],
                        ["type": ["title": "Harbour opens\(suffix)", "summary": "The *new* harbour.", "body": ConsoleArticleTests.body]],
                        ["paste": ["into": "body", "path": photo, "type": "image/jpeg", "name": "harbour.jpg"]],
                        ["wait": "#preview-body img"], ["wait": "#preview-body strong"], ["html": "preview-body", "as": "live preview"],
                        ["click": "preview-button"], ["html": "preview-body", "as": "preview"], ["screenshot": "editor" + suffix],
                        ["screenshot": "preview" + suffix, "at": "preview-heading"],
                        ["type": ["publication_time": moment]],
                        ["tab_to": "publish"], ["press": "enter"],
                        ["text": "notice"], ["text": "article-state"], ["axe": "saved"],
                        ["open": "/admin/articles"], ["axe": "articles"], ["screenshot": "articles" + suffix],
                        ["open": "/admin"], ["screenshot": "dashboard" + suffix],
                        ["open": "/admin/members"], ["heading": "members"],
                    ])
                #expect(walk.text("dashboard") == "Dashboard", "signed in with the keyboard")
                let live = try #require(walk.html("live preview"))
                #expect(live.contains("<strong>bold</strong>") && live.contains(#"<a href="https://example.org/more""#), "\(live)")
                #expect(live.contains(#"<img src="/media/"#) && live.contains(#"alt="harbour""#), "the pasted image, from the library: \(live)")
                #expect(walk.html("preview") == live, "the Preview button shows the same rendering without scripts")
                #expect(walk.text("notice") == "Your action was successful.")
                #expect(walk.text("article-state") == "State: Scheduled")
                #expect(walk.text("members") == "Something is not right", "an editor is refused the members")
                for (page, violations) in walk.axe { #expect(violations.isEmpty, "\(page): \(violations)") }
                #expect(walk.axe.count == (BrowserDriver.hasAxe ? 5 : 0))
                #expect(walk.consoleErrors.allSatisfy { $0.contains("/admin/members") && $0.contains("403") }, "\(walk.consoleErrors)")
            }
            // Readers ask an instance of their own on the same database, whose clock the test moves
            // (this one's connections belong to the browser).
            let time = ManualClock()
            try await TestServer.run(sharing: site.database, clock: time.clock) { client, site in
                try await Self.readersSeeTheScheduledArticle(client, site, time)
            }
        }
    }

    /// After its publication time, the article the editor scheduled is in `content/news` with its
    /// image at the phone's size, in the Floki feed and in the MIT stories.
    static func readersSeeTheScheduledArticle(_ client: any TestClientProtocol, _ site: Site, _ time: ManualClock) async throws {
        #expect((try await client.news("articles", "fields=title").data["articles"] as? [[String: Any]])?.count == 1, "scheduled: not yet")
        time.advance(seconds: 3700)
        _ = try await site.newsClock.tick()
        let listed = try await client.news("articles", "fields=id,title")
        let scheduled = try #require((listed.data["articles"] as? [[String: Any]])?.first { ($0["title"] as? String)?.hasPrefix("Harbour") == true })
        let id = try #require(scheduled["id"] as? Int)
        let article = try #require(try await client.news("articles/\(id)", "d=0").data["article"] as? [String: Any])
        let html = try #require(article["body_html"] as? String)
        #expect(html.contains("<strong>bold</strong>"), "\(html)")
        let source = try #require(html.range(of: #"src=""#).map { String(html[$0.upperBound...].prefix { $0 != "\"" }) })
        #expect(source.hasSuffix("/harbour.jpg?d=0"), "\(source)")
        #expect(MediaCodec.header(of: try await client.image(source).bytes, as: .jpeg)?.width == 320, "at the phone's size")
        let feed = try await client.execute(uri: NewsFixtures.uri("feed/all", "response_type=floki&d=0"), method: .get) {
            try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any] ?? [:]
        }
        #expect((feed["items"] as? [[String: Any]])?.contains { ($0["title"] as? String)?.hasPrefix("Harbour") == true } == true, "\(feed)")
        let stories = try await client.execute(uri: "/apis/news/stories/", method: .get) {
            try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [[String: Any]] ?? []
        }
        let story = try #require(stories.first { "\($0["id"] ?? "")" == "\(id)" }, "\(stories)")
        #expect((story["body_html"] as? String)?.contains("/harbour.jpg") == true, "\(story)")
    }

    @Test(.enabled(if: BrowserDriver.isEnabled), arguments: TestDatabase.engines)
    func anAdministratorBansAMemberAndDragsTheAppsTabs(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine, framework: .live) { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let victim = try await AccountFixtures.member("victim", services: site)
            try await ConsoleFixtures.editor("writer", services: site)
            let base = "http://localhost:\(try #require(client.port))"
            func onAnotherInstance(_ test: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
                guard engine == .postgres else { return try await test(client) }
                try await TestServer.run(sharing: site.database) { other, _ in try await test(other) }
            }
            try await NewsFixtures.article("Harbour news", database: site.database)
            let tabs = try await ConsoleAppTests.tabIDs(client)
            let version = try await ConsoleAppTests.beacon(client)
            try await onAnotherInstance { other in
                let app = try LoggedIn(try await other.login("victim"))
                #expect(try await other.envelope(AccountFixtures.sessionURI, headers: app.iOSHeaders).success == true)
                for (width, height, suffix) in Self.sizes(engine) {
                    let walk = try await BrowserDriver.walk(
                        base: base, width: width, height: height, screenshots: Self.screenshots,
                        steps: [
                            ["open": "/admin/sign-in"], ["type": ["username": "chief", "password": "correct horse"]], ["click": "submit"],
                            ["open": "/admin/members"], ["axe": "members"], ["screenshot": "members" + suffix],
                            ["open": "/admin/members/\(victim)"], ["axe": "member"], ["screenshot": "member" + suffix],
                            ["open": "/admin/groups"], ["axe": "groups"],
                            ["open": "/admin"], ["axe": "dashboard"], ["open": "/admin/messages"], ["axe": "messages"],
                            ["open": "/admin/push"], ["axe": "push"], ["open": "/admin/settings"], ["axe": "settings"],
                            ["screenshot": "settings" + suffix], ["open": "/admin/media"], ["axe": "media"], ["screenshot": "media" + suffix],
                            ["open": "/admin/members/new"], ["axe": "new member"],
                            ["screenshot": "push" + suffix],
                            ["open": "/admin/app"], ["axe": "app"], ["screenshot": "app" + suffix],
                            ["drag": ["from": "#tabs li:first-child .tab-title", "to": "#tabs li:nth-child(2)"]],
                            ["wait": "#order-form:not([hidden])"], ["click": "save-order"], ["text": "notice", "as": "app notice"],
                            ["open": "/admin/members/\(victim)"], ["tab_to": suffix.isEmpty ? "ban" : "unban"], ["press": "enter"],
                        ] + (suffix.isEmpty ? [["axe": "ban question"], ["type": ["reason": "spam"]], ["tab_to": "confirm"], ["press": "enter"]] : []) + [
                            ["text": "notice"], ["text": "banned"],
                        ])
                    #expect(walk.text("notice") == "Your action was successful.")
                    #expect(walk.text("app notice") == "Your action was successful.", "the dragged order was saved")
                    #expect(walk.axe.count == (BrowserDriver.hasAxe ? (suffix.isEmpty ? 11 : 10) : 0), "the ban asks first, a page of its own")
                    #expect(walk.text("banned") == (suffix.isEmpty ? "Yes" : "No"))
                    for (page, violations) in walk.axe { #expect(violations.isEmpty, "\(page): \(violations)") }
                    #expect(walk.consoleErrors.isEmpty, "\(walk.consoleErrors)")
                    let session = try await other.envelope(AccountFixtures.sessionURI, headers: app.iOSHeaders)
                    #expect(session.success == false, "banned, then ended: the session never comes back")
                }
            }
            let dragged = try await ConsoleAppTests.tabIDs(client)
            let expectedFirst = Self.sizes(engine).count % 2 == 1 ? tabs[1] : tabs[0]
            #expect(dragged.first == expectedFirst && Set(dragged) == Set(tabs), "the first tab was dragged below the second: \(tabs) → \(dragged)")
            // `v` follows the app data: dragged back (two sizes), the app is the one it was.
            #expect((try await ConsoleAppTests.beacon(client) != version) == (dragged != tabs))
        }
    }

    @Test(.enabled(if: BrowserDriver.isEnabled), arguments: TestDatabase.engines)
    func anAdministratorAnswersAMessageAndPushesToAGroup(engine: DatabaseEngine) async throws {
        let services = try await PushServices()
        defer { Task { await services.stop() } }
        let keys = FileManager.default.temporaryDirectory.appendingPathComponent("push-keys-\(UUID())")
        defer { try? FileManager.default.removeItem(at: keys) }
        let settings = try services.serverSettings(keysIn: keys)
        try await TestSMTPServer.running { smtp in
            try await TestServer.run(engine: engine, settings: settings, smtp: smtp, framework: .live) { client, site in
                try await AccountFixtures.member("chief", role: .administrators, services: site)
                let sailors = try await ConsoleFixtures.group("Sailors", members: ["alice", "bob"], services: site)
                let carol = try await AccountFixtures.member("carol", services: site)
                try await PushDevices.register(PushTokens.named("alice"), .ios, member: sailors[0], database: site.database)
                try await PushDevices.register(PushTokens.named("bob"), .android, member: sailors[1], database: site.database)
                try await PushDevices.register(PushTokens.named("carol"), .ios, member: carol, database: site.database)
                let article = try await NewsFixtures.article("Old news", database: site.database)
                let sent = try await client.postForm(
                    "/data/endpoint.php?hook_type=misc&hook=contact_us",
                    [("title", "Opening hours"), ("post", "When?"), ("name", "Marie"), ("email", "marie@example.org")])
                #expect(sent.success == true)
                let message = try await site.database.withConnection { try await StaffMessageStore.newest(1, on: $0).first?.id }
                let walk = try await BrowserDriver.walk(
                    base: "http://localhost:\(try #require(client.port))",
                    steps: [
                        ["open": "/admin/sign-in"], ["type": ["username": "chief", "password": "correct horse"]], ["click": "submit"],
                        ["open": "/admin/messages/\(try #require(message))"], ["axe": "message"],
                        ["type": ["reply": "From nine, every day."]], ["click": "send-reply"], ["text": "notice", "as": "reply notice"],
                        ["open": "/admin/push"], ["type": ["title": "Regatta", "body": "Starts at ten"]], ["choose": ["group": "Sailors"]],
                        ["click": "review"], ["text": "reach"], ["axe": "push review"], ["tab_to": "send"], ["press": "enter"],
                        ["open": "/admin/articles/\(article)/delete"], ["axe": "delete"],
                    ])
                #expect(walk.text("reply notice") == "Your reply is in the mail outbox and will leave shortly.")
                #expect(walk.text("reach") == "This notification will reach 2 devices.")
                for (page, violations) in walk.axe { #expect(violations.isEmpty, "\(page): \(violations)") }
                #expect(walk.consoleErrors.isEmpty, "\(walk.consoleErrors)")

                let reply = try #require(try await smtp.waitForMessages(2).first { $0.recipient == "marie@example.org" })
                #expect(reply.subject == "Re: Opening hours" && reply.part("text/plain")?.hasPrefix("From nine, every day.") == true)
                try await Waiting.until("the sailors' phones reached", seconds: 20) { services.apns.requests.count + services.fcm.requests.count >= 2 }
                #expect(services.apns.requests.map(\.path) == ["/3/device/" + PushTokens.named("alice")], "carol's phone is not a sailor's")
                #expect(services.fcm.requests.count == 1 && services.problems.withLockedValue { $0 } == [])
            }
        }
    }

    /// A phone's window (320 px, the narrowest phones and WCAG's reflow width), and also a desktop's when
    /// screenshots are being made.
    static func sizes(_ engine: DatabaseEngine) -> [(Int, Int, String)] {
        guard Self.screenshots != nil, engine == .sqlite else { return [(320, 844, "")] }
        return [(320, 844, ""), (1280, 900, "-desktop")]
    }
}
