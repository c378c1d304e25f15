import Auth
import EndpointServer
import Foundation
import News
import Storage
import TestSupport
import Testing

/// A newsroom's day in Chromium, with axe-core on every page, at a phone's 320 px on SQLite and a
/// desktop's 1280 px on PostgreSQL: a writer types an article and the tab is killed (DevTools'
/// `Page.crash`: no unload, no beacon); in a new browser they restore every word and submit it; an
/// editor finds it waiting on the dashboard and returns it with a note (mailed through the SMTP
/// server); the writer reads the note, fixes the article and submits again; the editor previews a change
/// as readers will see it (the public page framed at both widths), shares that preview, publishes, and
/// reads what changed since the writer's first revision.
@Suite struct ConsoleNewsroomBrowserTests {
    @Test(.enabled(if: BrowserDriver.isEnabled), arguments: TestDatabase.engines)
    func aKilledTabLosesNothingAndTheArticleGoesOutThroughReview(engine: DatabaseEngine) async throws {
        try await TestSMTPServer.running { smtp in
            try await TestServer.run(engine: engine, smtp: smtp, framework: .live) { client, site in
                let writerID = try await ConsoleReviewTests.member("wren", privileges: [ConsoleAccess.submittingPrivilege], services: site)
                try await ConsoleFixtures.editor("chief", services: site)
                let base = "http://localhost:\(try #require(client.port))"
                let (width, height) = engine == .sqlite ? (320, 844) : (1280, 900)
                let suffix = width == 320 ? "" : "-desktop"
                func walk(_ username: String, _ steps: [[String: Any]]) async throws -> BrowserDriver.Walk {
                    try await BrowserDriver.walk(
                        base: base, width: width, height: height, screenshots: ConsoleBrowserTests.screenshots,
                        steps: [
                            ["open": "/admin/sign-in"], ["type": ["username": username, "password": "correct horse"]], ["tab_to": "submit"],
                            ["press": "enter"],
                        ] + steps)
                }
                let title = "Harbour reopens after the storm"
                let summary = "Boats are back, café owners relieved."
                let typed =
                    "The harbour reopened on Monday.\nFishermen said the naïve forecasts were wrong.\n\n東京 sent a delegation — and *everyone* came."
                    + "\n\n" + String(repeating: "Boats came back one by one. ", count: 40)
                let lyme = "The harbour of Lyme" + typed.dropFirst("The harbour".count)
                let body = lyme + " Sailing resumed."

                // The first keep sends the form whole; the next, after words typed in the long body,
                // only those words and where they go (the page's requests are watched). Then the same
                // member keeps a draft from a phone: the page's next change, made on its own keep, is
                // refused (412) and the page sends its form whole.
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("newsroom-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: folder) }
                let (keptTwice, phoneKept) = (folder.appendingPathComponent("kept-twice").path, folder.appendingPathComponent("phone-kept").path)
                async let walked = walk(
                    "wren",
                    [
                        ["open": "/admin/articles/new"],
                        [
                            "script":
                                "window.sentDrafts = []; const send = window.fetch; window.fetch = (to, options) => { if (options && options.body) sentDrafts.push(String(options.body)); return send(to, options); }; return 'watching';",
                            "as": "watching",
                        ],
                        ["type": ["title": title, "summary": summary, "body": typed]], ["wait": "#autosave[data-state=kept]"],
                        ["insert": ["into": "body", "at": "The harbour".count, "text": " of Lyme"]], ["wait": "#autosave[data-state=kept]"],
                        ["touch": keptTwice], ["wait_file": phoneKept],
                        ["insert": ["into": "body", "at": lyme.utf16.count, "text": " Sailing resumed."]], ["wait": "#autosave[data-state=kept]"],
                        ["script": "return sentDrafts.join('\\n');", "as": "sent"], ["text": "autosave"], ["axe": "typing"], ["kill": true],
                    ])
                try await Waiting.until("two keeps made in the browser", seconds: 60) { FileManager.default.fileExists(atPath: keptTwice) }
                let phone = ConsoleAgent(client)
                try await phone.signIn("wren")
                _ = try await phone.get("/admin/articles/new")
                #expect(try await phone.post("/admin/articles/new", [("title", "From the phone"), ("category", "1"), ("action", "autosave")]).status == .ok)
                #expect(FileManager.default.createFile(atPath: phoneKept, contents: nil))
                let typing = try await walked
                #expect(typing.text("autosave")?.hasPrefix("Unsaved changes kept at ") == true, "\(typing.texts)")
                #expect(typing.url == nil, "the tab was killed")
                let sent = try #require(typing.text("sent")?.split(separator: "\n").map(String.init), "\(typing.texts)").filter {
                    $0.contains("action=autosave")
                }
                func fields(_ sent: String?) -> [String: String] {
                    (sent.flatMap { URLComponents(string: "?" + $0.replacingOccurrences(of: "+", with: "%20"))?.queryItems } ?? [])
                        .reduce(into: [String: String]()) { $0[$1.name] = $1.value }
                }
                #expect(sent.first?.contains("title=Harbour+reopens") == true && sent.first?.contains("draft_kept") == false, "\(sent)")
                // The words typed and where, as the kept text and the typed one first differ: "The harbour " is
                // as kept, then "of Lyme " inserted before "reopened".
                let change = fields(sent.first { $0.contains("of+Lyme") })
                #expect(change["draft_kept"].flatMap { Int($0) } != nil && change["body"] == "of Lyme ", "\(change)")
                #expect(change["splice.body"] == "12,12,\(typed.unicodeScalars.count)" && change["title"] == nil && change["summary"] == nil, "\(change)")
                let (refused, whole) = (fields(sent.dropLast().last), fields(sent.last))
                #expect(refused["draft_kept"] != nil && refused["body"] == " Sailing resumed.", "the change after the phone's keep: \(refused)")
                #expect(whole["draft_kept"] == nil && whole["body"] == body && whole["title"] == title, "then the form whole: \(whole.keys)")

                let restored = try await walk(
                    "wren",
                    [
                        ["open": "/admin/articles/new"], ["text": "unsaved-text"], ["axe": "offered"], ["screenshot": "draft-offered" + suffix],
                        ["measure": "offered width"],
                        ["click": "restore-draft"], ["text": "notice"], ["value": "title"], ["value": "summary"], ["value": "body"],
                        ["axe": "restored"], ["click": "submit-review"], ["text": "notice", "as": "submitted"], ["text": "review-said"],
                        ["open": "/admin/articles/new"], ["text": "unsaved-text", "as": "after saving"],
                    ])
                #expect(restored.text("unsaved-text")?.hasPrefix("You have unsaved changes from ") == true, "\(restored.texts)")
                #expect(restored.text("notice")?.hasPrefix("Your unsaved changes from ") == true)
                #expect(restored.text("title") == title && restored.text("summary") == summary)
                #expect(restored.text("body") == body, "every word: \(restored.text("body") ?? "")")
                #expect(restored.text("submitted") == "Your action was successful.")
                #expect(restored.text("review-said")?.hasPrefix("Submitted for review by wren on ") == true)
                #expect(restored.text("after saving") == nil, "saved: nothing left to restore")
                let page = try #require(restored.text("offered width")?.split(separator: " ").compactMap { Int($0) })
                #expect(page.count == 2 && page[0] <= page[1], "nothing wider than the window: \(page)")
                let id = try #require(try await site.database.withConnection { try await NewsReviewStore.waiting(limit: 5, on: $0) }.first?.articleID)
                #expect(try await site.database.withConnection { try await ArticleEditor(publicURL: "").draft(of: nil, by: writerID, on: $0) } == nil)

                let returned = try await walk(
                    "chief",
                    [
                        ["text": "waiting"], ["axe": "queue"], ["screenshot": "review-queue" + suffix], ["open": "/admin/articles/\(id)"], ["axe": "review"],
                        ["type": ["note": "Add the opening hours, please."]], ["click": "return-review"], ["text": "review-note"],
                    ])
                #expect(returned.text("waiting")?.contains("Harbour reopens after the storm") == true, "\(returned.texts)")
                #expect(returned.text("waiting")?.contains("Submitted for review by wren on ") == true)
                #expect(returned.text("review-note") == "Add the opening hours, please.")
                let mail = try #require(try await smtp.waitForMessages(1).first)
                #expect(mail.recipient == "wren@example.com" && mail.subject == "Your article “\(title)” needs changes")

                let resubmitted = try await walk(
                    "wren",
                    [
                        ["open": "/admin/articles/\(id)"], ["text": "review-note"], ["axe": "returned"], ["screenshot": "review-returned" + suffix],
                        ["type": ["body": body + "\nOpen from nine to six."]], ["click": "submit-review"], ["text": "review-said"],
                    ])
                #expect(resubmitted.text("review-note") == "Add the opening hours, please.")
                #expect(resubmitted.text("review-said")?.hasPrefix("Submitted for review by wren on ") == true)

                // The editor previews an unsaved change as readers will see it, at both widths, and shares it.
                let previewed = try await walk(
                    "chief",
                    [
                        ["open": "/admin/articles/\(id)"], ["type": ["title": title + " (updated)"]], ["click": "reader-button"],
                        ["frame_text": "reader-phone", "of": "title", "as": "phone title"],
                        ["frame_text": "reader-desktop", "of": "body", "as": "desktop body"], ["axe": "reader preview"], ["measure": "reader width"],
                        ["screenshot": "reader-preview" + suffix], ["click": "share"], ["value": "share-url", "as": "link"], ["axe": "shared"],
                    ])
                #expect(previewed.text("phone title") == title + " (updated)", "\(previewed.texts)")
                #expect(previewed.text("desktop body")?.contains("Open from nine to six.") == true)
                let reader = try #require(previewed.text("reader width")?.split(separator: " ").compactMap { Int($0) })
                #expect(reader.count == 2 && reader[0] <= reader[1], "nothing wider than the window: \(reader)")
                let shared = try #require(previewed.text("link"))
                let link = try #require(URLComponents(string: shared))
                try await client.execute(uri: link.path, method: .get) { response in
                    #expect(response.status == .ok && String(buffer: response.body).contains(title + " (updated)"))
                }

                // Published, then compared with the writer's first revision on a page of its own, and back.
                let first = try #require(try await site.database.withConnection { try await NewsRevisionStore.list(articleID: id, on: $0) }.last)
                let published = try await walk(
                    "chief",
                    [
                        ["open": "/admin/articles/\(id)"], ["click": "publish"], ["text": "article-state"], ["click": "compare-\(first.id)"],
                        ["text": "difference-heading"], ["html": "difference", "as": "difference"], ["axe": "difference"],
                        ["measure": "difference width"], ["screenshot": "revision-difference" + suffix], ["click": "back-to-editor"],
                        ["text": "article-state", "as": "back"],
                    ])
                #expect(published.text("article-state") == "State: Published")
                #expect(published.text("difference-heading")?.hasPrefix("What changed since the revision of ") == true, "\(published.texts)")
                #expect(published.html("difference")?.contains("nine to six.</ins>") == true, "\(published.html("difference") ?? "")")
                let compared = try #require(published.text("difference width")?.split(separator: " ").compactMap { Int($0) })
                #expect(compared.count == 2 && compared[0] <= compared[1], "nothing wider than the window: \(compared)")
                #expect(published.text("back") == "State: Published", "back in the editor")
                #expect(try await smtp.waitForMessages(2).last?.subject == "Your article “\(title)” is published")
                let stored = try await site.database.withConnection { try await NewsStore.article(id: id, on: $0) }
                // A browser sends a text area's line breaks as CR LF.
                #expect(stored?.validated == true && stored?.title == title && stored?.summary == summary)
                #expect(stored?.article.replacingOccurrences(of: "\r\n", with: "\n") == body + "\nOpen from nine to six.")

                let walks = [typing, restored, returned, resubmitted, previewed, published]
                // Chromium logs the refused change (the 412 after the phone's keep) as a failed load: that one only.
                let refusedChange = typing.consoleErrors.filter { $0.hasSuffix("status of 412 (Precondition Failed)") }
                #expect(refusedChange.count == 1, "\(typing.consoleErrors)")
                for walk in walks {
                    for (name, violations) in walk.axe { #expect(violations.isEmpty, "\(name): \(violations)") }
                    #expect(walk.consoleErrors.filter { !refusedChange.contains($0) }.isEmpty, "\(walk.consoleErrors)")
                }
                #expect(walks.map(\.axe.count).reduce(0, +) == (BrowserDriver.hasAxe ? 9 : 0))
            }
        }
    }
}
