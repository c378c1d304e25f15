import Foundation
import Media
import SQLKit
import Storage
import TestSupport
import Testing

/// What a newsroom met on its first day, in a real Chromium at a desktop's 1280 px and a phone's
/// 320 px: images uploaded from the media library with scripts on are stored, a 2,400 px image in a
/// body widens neither the article's page nor its Floki item page, and the push review's "go back"
/// needs no password.
@Suite struct ConsoleDayOneBrowserTests {
    @Test(.enabled(if: BrowserDriver.isEnabled), arguments: TestDatabase.engines)
    func theLibraryUploadsAndWideImagesFitTheWindow(engine: DatabaseEngine) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("day-one-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await TestServer.run(engine: engine, framework: .live) { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let base = "http://localhost:\(try #require(client.port))"
            for (width, round) in [(1280, 0), (320, 1)] {
                // Two new images each round (the library keeps one copy of the same bytes).
                let wide = folder.appendingPathComponent("wide-\(round).png")
                try Data(ImageFixtures.noisePNG(width: 2_400, height: 300 + round)).write(to: wide)
                let small = folder.appendingPathComponent("small-\(round).png")
                try Data(ImageFixtures.noisePNG(width: 400, height: 300 + round)).write(to: small)
                let upload = try await BrowserDriver.walk(
                    base: base, width: width, height: 900,
                    steps: [
                        ["open": "/admin/sign-in"], ["type": ["username": "chief", "password": "correct horse"]], ["click": "submit"],
                        ["open": "/admin/settings"], ["measure": "settings width"], ["open": "/admin/articles"], ["measure": "articles width"],
                        ["open": "/admin/members"], ["measure": "members width"], ["open": "/admin/app"], ["measure": "app width"],
                        ["open": "/admin/media"], ["measure": "media width"],
                        ["files": ["id": "images", "paths": [small.path, wide.path]]],
                        ["click": "upload"], ["wait": "#notice"], ["url": "after uploading"], ["text": "notice"], ["axe": "media"],
                        ["open": "/admin/articles/new"], ["measure": "editor width"], ["axe": "editor with the picker"],
                        ["script": "return document.querySelectorAll('#image-picker img').length;", "as": "thumbnails"],
                        ["open": "/admin/push"], ["type": ["title": "Regatta", "body": "Starts at ten"]], ["click_stay": "audience-everyone"],
                        ["click": "review"], ["text": "reach"], ["click": "edit"], ["value": "title", "as": "title after going back"],
                    ])
                #expect(upload.text("after uploading")?.hasSuffix("/admin/media?uploaded=2") == true, "\(upload.text("after uploading") ?? "")")
                #expect(upload.text("notice")?.isEmpty == false)
                #expect(upload.text("title after going back") == "Regatta", "back at the form, nothing lost, no password asked")
                #expect(upload.text("thumbnails") == String(2 + 2 * round), "each library image offered with its thumbnail")
                for page in ["settings", "articles", "members", "app", "media", "editor"] {
                    #expect(Self.fits(upload.text(page + " width"), width), "the \(page) page at \(width): \(upload.text(page + " width") ?? "")")
                }
                for (page, violations) in upload.axe { #expect(violations.isEmpty, "\(page): \(violations)") }
                #expect(upload.consoleErrors.isEmpty, "\(upload.consoleErrors)")
                let stored = try await site.database.withConnection { connection in
                    try await connection.sql.raw("SELECT id, width FROM media ORDER BY id").all().map {
                        (try $0.decode(column: "id", as: Int.self), try $0.decode(column: "width", as: Int.self))
                    }
                }
                #expect(stored.count == 2 + 2 * round, "both files stored: \(stored)")
                let wideID = try #require(stored.last { $0.1 == 2_400 }?.0)

                let agent = ConsoleAgent(client)
                try await agent.signIn("chief")
                _ = try await agent.get("/admin/articles/new")
                let saved = try await agent.post(
                    "/admin/articles/new",
                    [
                        ("title", "Wide view \(round)"), ("category", "1"), ("format", "markdown"),
                        ("body", "Before.\n\n![The bay](media:\(wideID))\n\nAfter."),
                        ("action", "publish"),
                    ])
                #expect(saved.status == .seeOther, "\(saved.body.prefix(300))")
                let id = try #require(saved.location?.split(separator: "/").last.flatMap { Int($0.prefix { $0.isNumber }) })
                let pages = try await BrowserDriver.walk(
                    base: base, width: width, height: 900,
                    steps: [
                        ["open": "/news/\(id)"], ["measure": "page"], ["axe": "page"], ["open": "/news/\(id)?d=2"], ["measure": "Floki item"],
                        ["open": "/"], ["measure": "home"], ["axe": "home"],
                    ])
                #expect(Self.fits(pages.text("page"), width), "the article's page at \(width): \(pages.text("page") ?? "")")
                #expect(Self.fits(pages.text("Floki item"), width), "the Floki item page at \(width): \(pages.text("Floki item") ?? "")")
                #expect(Self.fits(pages.text("home"), width), "the site's home at \(width): \(pages.text("home") ?? "")")
                for (page, violations) in pages.axe { #expect(violations.isEmpty, "\(page): \(violations)") }
            }
        }
    }

    /// The app's tabs reordered by a click, then a category added: its tab appears after the kept
    /// order, and "back to the generated app" restores the site's own order, at 1280 and 320 px.
    @Test(.enabled(if: BrowserDriver.isEnabled), arguments: TestDatabase.engines)
    func aReorderedAppStillGetsANewCategorysTab(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine, framework: .live) { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            try await NewsFixtures.article("Harbour news", database: site.database)
            let fs = CommandrClient(client: client, headers: try LoggedIn(try await client.login("chief")).iOSHeaders)
            let base = "http://localhost:\(try #require(client.port))"
            let signIn = Self.signingIn("chief") + [["open": "/admin/app"]]
            for (round, width) in [1280, 320].enumerated() {
                let moved = try await BrowserDriver.walk(
                    base: base, width: width, height: 900, steps: signIn + [Self.tabTitles(as: "before"), ["click": "down-1"], Self.tabTitles(as: "after")])
                let before = Self.titles(moved.text("before"))
                let after = Self.titles(moved.text("after"))
                #expect(before.count >= 2 && after == [before[1], before[0]] + before.dropFirst(2), "\(before) → \(after)")
                let name = ["Regatta", "Lighthouse"][round]
                #expect(try await fs.rest(.post, "var/news/\(name.lowercased())/_folder.cms", body: #"{"label": "\#(name)"}"#).success == true)
                #expect(try await fs.query("add", "var/news/\(name.lowercased())/First.cms", data: #"{"summary": "One", "validated": 1}"#).success == true)
                let seen = try await BrowserDriver.walk(
                    base: base, width: width, height: 900,
                    steps: signIn + [
                        Self.tabTitles(as: "with the category"), ["text": "app-origin"], ["measure": "app width"], ["axe": "app"],
                        ["click": "back-to-generated"], Self.tabTitles(as: "generated"),
                    ])
                #expect(Self.titles(seen.text("with the category")) == after + [name], "\(seen.text("with the category") ?? "")")
                #expect(seen.text("app-origin")?.contains("in your tab order") == true)
                #expect(Self.titles(seen.text("generated")).first == before.first, "the generated order again")
                #expect(Self.fits(seen.text("app width"), width), "\(seen.text("app width") ?? "")")
                for (page, violations) in seen.axe { #expect(violations.isEmpty, "\(page): \(violations)") }
            }
        }
    }

    /// The steps signing `username` in to the console (password "correct horse").
    static func signingIn(_ username: String) -> [[String: Any]] {
        [["open": "/admin/sign-in"], ["type": ["username": username, "password": "correct horse"]], ["click": "submit"]]
    }

    /// A walk's step recording the titles of the console's list of tabs, in order, as `key`.
    static func tabTitles(as key: String) -> [String: Any] {
        ["script": "return [...document.querySelectorAll('#tabs .tab-title')].map(e => e.textContent).join('|');", "as": key]
    }

    static func titles(_ text: String?) -> [String] {
        (text ?? "").split(separator: "|").map(String.init)
    }

    /// In Chromium at 1280 and 320 px: a draft saved a week ago and published now is first in
    /// `content/news` and the Floki feed; an edit conflict is resolved from its page (their version
    /// shown, *Save* again keeps this editor's text).
    @Test(.enabled(if: BrowserDriver.isEnabled), arguments: TestDatabase.engines)
    func aDraftFromLastWeekLeadsOncePublishedAndAConflictIsResolved(engine: DatabaseEngine) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conflict-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let time = ManualClock()
        try await TestServer.run(engine: engine, framework: .live, clock: time.clock) { client, site in
            try await ConsoleFixtures.editor("writer", services: site)
            try await ConsoleFixtures.editor("other", services: site)
            let base = "http://localhost:\(try #require(client.port))"
            for (round, width) in [1280, 320].enumerated() {
                let title = "Slow story \(round)"
                let agent = ConsoleAgent(client)
                try await agent.signIn("writer")
                _ = try await agent.get("/admin/articles/new")
                let draft = try await agent.post("/admin/articles/new", [("title", title), ("category", "1"), ("body", "Draft."), ("action", "save")])
                let path = String(try #require(draft.location).split(separator: "?")[0])
                time.advance(seconds: 3 * 86_400)
                try await NewsFixtures.article("Midweek news \(round)", addDate: site.clock.now, database: site.database)
                time.advance(seconds: 4 * 86_400)

                let published = try await BrowserDriver.walk(
                    base: base, width: width, height: 900,
                    steps: Self.signingIn("writer") + [
                        ["open": path], ["value": "publication_time", "as": "draft's time"], ["click": "publish"], ["text": "notice"],
                        ["measure": "editor width"], ["axe": "published"],
                    ])
                #expect(published.text("draft's time") == "", "a draft's time is empty until set")
                #expect(published.text("notice") == "Your action was successful.", "\(published.texts)")
                let listed = try await client.news("articles", "fields=title")
                #expect((listed.data["articles"] as? [[String: Any]])?.first?["title"] as? String == title, "\(listed.raw)")
                let feed = try await client.execute(uri: NewsFixtures.uri("feed/all", "response_type=floki&keep_lang=en"), method: .get) {
                    try JSONSerialization.jsonObject(with: Data(String(buffer: $0.body).utf8)) as? [String: Any]
                }
                #expect((feed?["items"] as? [[String: Any]])?.first?["title"] as? String == title, "first in the Floki feed")

                let (opened, saved) = (folder.appendingPathComponent("opened-\(round)").path, folder.appendingPathComponent("saved-\(round)").path)
                async let walked = BrowserDriver.walk(
                    base: base, width: width, height: 900,
                    steps: Self.signingIn("writer") + [
                        ["open": path], ["touch": opened], ["wait_file": saved], ["type": ["body": "Mine \(round)."]], ["click": "save"],
                        ["text": "error"], ["text": "theirs", "as": "their version"], ["measure": "conflict width"], ["axe": "conflict"],
                        ["click": "save"], ["text": "notice"],
                    ])
                try await Waiting.until("the editor open in the browser", seconds: 60) { FileManager.default.fileExists(atPath: opened) }
                let other = ConsoleAgent(client)
                try await other.signIn("other")
                let theirs = try await other.get(path)
                let overwritten = try await other.post(
                    path, [("title", title), ("category", "1"), ("body", "Theirs \(round)."), ("version", theirs.hidden("version") ?? ""), ("action", "save")])
                #expect(overwritten.status == .seeOther)
                #expect(FileManager.default.createFile(atPath: saved, contents: nil))
                let walk = try await walked
                #expect(walk.text("error")?.hasPrefix("Someone else saved this article after you opened it.") == true, "\(walk.texts)")
                #expect(walk.text("their version")?.contains("Theirs \(round).") == true, "theirs shown")
                #expect(walk.text("notice") == "Your action was successful.", "saved over theirs: \(walk.texts)")
                #expect(Self.fits(walk.text("conflict width"), width), "the conflict at \(width): \(walk.text("conflict width") ?? "")")
                #expect(Self.fits(published.text("editor width"), width), "the editor at \(width): \(published.text("editor width") ?? "")")
                for (page, violations) in Array(published.axe) + Array(walk.axe) { #expect(violations.isEmpty, "\(page): \(violations)") }
                let stored = try await site.database.withConnection { connection in
                    try await connection.sql.raw("SELECT article FROM news WHERE title = \(bind: title)").first()?.decode(column: "article", as: String.self)
                }
                #expect(stored == "Mine \(round).", "this editor's text, saved over theirs")
            }
        }
    }

    /// The console session ends while an article is being written (the idle limit passes): *Save*
    /// asks for the password in place, signs in again and saves the article with every word typed;
    /// leaving the changed form would have asked first.
    @Test(.enabled(if: BrowserDriver.isEnabled), arguments: TestDatabase.engines)
    func aSaveAfterTheSessionEndedKeepsEveryWord(engine: DatabaseEngine) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("idle-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (typed, ended) = (folder.appendingPathComponent("typed").path, folder.appendingPathComponent("ended").path)
        let time = ManualClock()
        try await TestServer.run(engine: engine, framework: .live, clock: time.clock) { client, site in
            try await ConsoleFixtures.editor("writer", services: site)
            let body = (1...200).map { "Word\($0)" }.joined(separator: " ")
            let base = "http://localhost:\(try #require(client.port))"
            async let walked = BrowserDriver.walk(
                base: base, width: 320, height: 800,
                steps: [
                    ["open": "/admin/sign-in"], ["type": ["username": "writer", "password": "correct horse"]], ["click": "submit"],
                    ["open": "/admin/articles/new"], ["type": ["title": "Written slowly", "body": body]],
                    [
                        "script": "const e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e); return e.defaultPrevented;",
                        "as": "leaving asks",
                    ],
                    ["touch": typed], ["wait_file": ended],
                    ["click_stay": "save"], ["wait": "#session-ended[open]"], ["axe": "password in place"],
                    ["type": ["session-password": "correct horse"]], ["click": "session-continue"], ["text": "notice"], ["url": "saved at"],
                ])
            try await Waiting.until("the article typed", seconds: 60) { FileManager.default.fileExists(atPath: typed) }
            time.advance(seconds: 31 * 60)  // past console_idle_minutes (30)
            FileManager.default.createFile(atPath: ended, contents: nil)
            let walk = try await walked
            #expect(walk.text("leaving asks") == "True", "leaving the changed form asks first")
            #expect(walk.text("notice") == "Your action was successful.", "\(walk.texts)")
            #expect(walk.text("saved at")?.contains("/admin/articles/") == true, "\(walk.text("saved at") ?? "")")
            for (page, violations) in walk.axe { #expect(violations.isEmpty, "\(page): \(violations)") }
            let stored = try await site.database.withConnection { connection in
                try await connection.sql.raw("SELECT article FROM news WHERE title = 'Written slowly'").first()?.decode(column: "article", as: String.self)
            }
            #expect(stored == body, "every word saved")
        }
    }

    /// Whether "scrollWidth innerWidth" says the page is no wider than the window, a window as wide
    /// as asked (`width`: headless Chromium takes a phone's 320 px).
    static func fits(_ measure: String?, _ width: Int) -> Bool {
        let numbers = (measure ?? "").split(separator: " ").compactMap { Int($0) }
        return numbers.count == 2 && numbers[0] <= numbers[1] && numbers[1] == width
    }
}
