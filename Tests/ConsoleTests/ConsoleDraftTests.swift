import EndpointServer
import Foundation
import HTTPTypes
import News
import SQLKit
import Storage
import TestSupport
import Testing

/// Nothing typed in the editor is lost: what a member types is kept on the server as their draft of
/// the article (a new one too), offered back when the editor is opened again — on another device too
/// — restored or discarded, and forgotten when they save; on both engines.
@Suite struct ConsoleDraftTests {
    @Test(arguments: TestDatabase.engines)
    func aNewArticlesDraftComesBackOnAnotherDeviceAndGoesWhenSaved(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            let writerID = try await ConsoleFixtures.editor("writer", services: site)
            try await ConsoleFixtures.editor("colleague", services: site)
            let laptop = ConsoleAgent(client)
            try await laptop.signIn("writer")
            let blank = try await laptop.get("/admin/articles/new")
            #expect(blank.text(ofID: "unsaved-text") == nil, "nothing kept yet")
            #expect(blank.body.contains(#"<p class="hint" id="autosave" role="status" aria-live="polite"></p>"#))

            let typed = "Every word typed so far — «quoted», 東京, and <b>markup</b> & more."
            let kept = try await laptop.post(
                "/admin/articles/new",
                [("title", "Half-written"), ("category", "1"), ("summary", "So far."), ("body", typed), ("format", "markdown"), ("action", "autosave")])
            #expect(kept.status == .ok && kept.body.hasPrefix("Unsaved changes kept at "), "\(kept.status) \(kept.body.prefix(300))")
            #expect(kept.headers[.contentType] == "text/plain; charset=utf-8")

            // Another device of the same member is offered the draft; another member is not.
            let phone = ConsoleAgent(client)
            try await phone.signIn("writer")
            let offered = try await phone.get("/admin/articles/new")
            #expect(offered.text(ofID: "unsaved-text")?.hasPrefix("You have unsaved changes from ") == true, "\(offered.body.prefix(2000))")
            #expect(
                offered.body.contains(#"<textarea id="body" name="body" rows="16" aria-describedby="body-hint image-hint"></textarea>"#), "not restored unasked"
            )
            let colleague = ConsoleAgent(client)
            try await colleague.signIn("colleague")
            #expect(try await colleague.get("/admin/articles/new").text(ofID: "unsaved-text") == nil, "drafts are their writer's own")

            let restorePath = try #require(Self.link("restore-draft", in: offered.body))
            #expect(restorePath == "/admin/articles/new?draft=restore")
            let restored = try await phone.get(restorePath)
            #expect(restored.text(ofID: "notice")?.hasPrefix("Your unsaved changes from ") == true, "\(restored.body.prefix(2000))")
            let escaped = typed.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
                of: ">", with: "&gt;")
            #expect(restored.body.contains(">\(escaped)</textarea>"), "\(restored.body)")
            #expect(restored.body.contains(#"name="title" required maxlength="255" value="Half-written""#))
            #expect(restored.body.contains(">So far.</textarea>"))

            // Saving forgets it, on every device.
            let saved = try await phone.post(
                "/admin/articles/new", [("title", "Half-written"), ("category", "1"), ("summary", "So far."), ("body", typed), ("action", "save")])
            #expect(saved.status == .seeOther, "\(saved.body.prefix(300))")
            #expect(try await laptop.get("/admin/articles/new").text(ofID: "unsaved-text") == nil)
            let draft = try await site.database.withConnection { connection in
                try await ArticleEditor(publicURL: "").draft(of: nil, by: writerID, on: connection)
            }
            #expect(draft == nil)
            let stored = try await site.database.withConnection { try await NewsStore.article(id: 1, on: $0) }
            #expect(stored?.article == typed)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anArticlesDraftIsDiscardedOrRestoredOverAColleaguesSave(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            let writerID = try await ConsoleFixtures.editor("writer", services: site)
            try await ConsoleFixtures.editor("colleague", services: site)
            let id = try await NewsFixtures.article("Tide tables", database: site.database)
            let path = "/admin/articles/\(id)"
            let writer = ConsoleAgent(client)
            try await writer.signIn("writer")
            let opened = try await writer.get(path)
            let version = try #require(opened.hidden("version"))
            let fields = [("title", "Tide tables"), ("category", "1"), ("body", "High water at seven."), ("version", version)]
            #expect(try await writer.post(path, fields + [("action", "autosave")]).status == .ok)

            // Discarded: the article as stored, nothing offered, nothing kept.
            let offered = try await writer.get(path)
            #expect(offered.text(ofID: "unsaved-text")?.hasPrefix("You have unsaved changes from ") == true)
            let discarded = try await writer.post(path, [("action", "discard")])
            #expect(discarded.status == .seeOther && discarded.location == path, "\(discarded.status) \(discarded.body.prefix(300))")
            #expect(try await writer.get(path).text(ofID: "unsaved-text") == nil)
            #expect(try await site.database.withConnection { try await ArticleEditor(publicURL: "").draft(of: id, by: writerID, on: $0) } == nil)

            // Kept again, then a colleague saves: the restored draft carries the version it was typed
            // on, so saving it is refused as a conflict showing theirs, not a silent overwrite.
            #expect(try await writer.post(path, fields + [("action", "autosave")]).status == .ok)
            let colleague = ConsoleAgent(client)
            try await colleague.signIn("colleague")
            let theirs = try await colleague.get(path)
            let colleagueSaved = try await colleague.post(
                path, [("title", "Tide tables"), ("category", "1"), ("body", "Their text."), ("version", theirs.hidden("version") ?? ""), ("action", "save")])
            #expect(colleagueSaved.status == .seeOther)
            let restored = try await writer.get(path + "?draft=restore")
            #expect(restored.body.contains(">High water at seven.</textarea>"))
            #expect(restored.hidden("version") == version, "the version the draft was typed on")
            let conflict = try await writer.post(
                path, [("title", "Tide tables"), ("category", "1"), ("body", "High water at seven."), ("version", version), ("action", "save")])
            #expect(conflict.status == .conflict && conflict.body.contains(#"id="theirs""#), "\(conflict.status)")
            #expect(try await writer.get(path).text(ofID: "unsaved-text") != nil, "a refused save keeps the draft")

            // Refused keeps keep nothing: another session's token, or an article that is not there.
            #expect(try await writer.post(path, fields + [("action", "autosave")], token: .some(nil)).status == .forbidden)
            #expect(try await writer.post("/admin/articles/999999", fields + [("action", "autosave")]).status == .notFound)
            // Deleting the article forgets every draft of it.
            #expect(try await writer.post("\(path)/delete", []).status == .seeOther)
            let left = try await site.database.withConnection { connection in
                try await connection.raw("SELECT COUNT(*) AS n FROM news_drafts").first()?.decode(column: "n", as: Int.self)
            }
            #expect(left == 0)
            let fieldsLeft = try await site.database.withConnection { connection in
                try await connection.raw("SELECT COUNT(*) AS n FROM news_draft_texts").first()?.decode(column: "n", as: Int.self)
            }
            #expect(fieldsLeft == 0, "a draft's fields go with it")
        }
    }

    /// An autosave after the first sends what changed since the keep the server numbered: a word
    /// typed in a long body as the span it replaces (counted in Unicode scalars: accents, CJK, an
    /// emoji and its skin tone), fields changed whole, a box unticked as removed, the rest as kept. A
    /// change made on a keep the draft has moved on from (another device kept it since), a span that
    /// does not fit the kept text or a field the draft lacks is refused with 412 and keeps nothing; a
    /// malformed one (or one keeping or removing more than 2,000 fields) is a 400; a NUL is kept as
    /// U+FFFD on both engines.
    @Test(arguments: TestDatabase.engines)
    func anAutosaveCarriesWhatChangedSinceTheKeepItNames(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            let writerID = try await ConsoleFixtures.editor("writer", services: site)
            let laptop = ConsoleAgent(client)
            try await laptop.signIn("writer")
            _ = try await laptop.get("/admin/articles/new")
            let body = String(repeating: "Ébène 東京 👍🏽 harbour\n", count: 200)
            let whole = [("title", "Harbour"), ("category", "1"), ("summary", "So far."), ("body", body), ("featured", "1"), ("action", "autosave")]
            let first = try await laptop.post("/admin/articles/new", whole)
            #expect(first.status == .ok && first.headers[HTTPField.Name("Draft-Kept")!] == "1", "\(first.status) \(first.body)")

            // "Ébène 東京 " is 9 scalars; the thumbs-up and its tone are two more: replace the tone.
            let length = body.unicodeScalars.count
            let change = [
                ("draft_kept", "1"), ("splice.body", "10,11,\(length)"), ("body", "🏿 and ships"), ("title", "Harbour lights"),
                ("splice.summary", "7,7,7"), ("summary", ""), ("category", "1"), ("draft_removed", "featured"), ("action", "autosave"),
            ]
            let second = try await laptop.post("/admin/articles/new", change)
            #expect(second.status == .ok && second.headers[HTTPField.Name("Draft-Kept")!] == "2", "\(second.status) \(second.body)")
            let expected = "Ébène 東京 👍🏿 and ships" + body.dropFirst("Ébène 東京 👍🏽".count)
            func kept() async throws -> ArticleDraft? {
                try await site.database.withConnection { try await ArticleEditor(publicURL: "").draft(of: nil, by: writerID, on: $0) }
            }
            let afterSecond = try #require(try await kept())
            #expect(afterSecond.kept == 2)
            #expect(afterSecond.fields == ["title": "Harbour lights", "category": "1", "summary": "So far.", "body": expected], "\(afterSecond.fields.keys)")
            #expect(try await laptop.get("/admin/articles/new?draft=restore").body.contains(">\(expected)</textarea>"))

            // Refused, nothing kept: made on an earlier keep; a span past the kept text; a field not kept.
            for refused in [
                [("draft_kept", "1"), ("title", "Stale")],
                [("draft_kept", "2"), ("splice.body", "0,1,\(length)"), ("body", "X"), ("title", "Stale")],
                [("draft_kept", "2"), ("splice.gallery", "0,0,0"), ("gallery", "x"), ("title", "Stale")],
            ] {
                let answer = try await laptop.post("/admin/articles/new", refused + [("action", "autosave")])
                #expect(answer.status == .preconditionFailed, "\(refused) \(answer.status)")
                #expect(answer.body == "The draft kept on the server has changed since this page last kept it; this page keeps its form whole.")
                #expect(try await kept() == afterSecond, "\(refused)")
            }
            for malformed in [
                [("draft_kept", "two"), ("title", "Bad")], [("draft_kept", "2"), ("splice.body", "5,2,\(length)"), ("body", "x")],
                [("draft_kept", "2"), ("splice.body", "1,2"), ("body", "x")], [("splice.body", "0,0,\(length)"), ("body", "x")],
                [("draft_kept", "2"), ("splice.body", "0,0,\(ArticleDraft.fieldMaximum - 1)"), ("body", "xx")],
                (0...2_000).map { ("also_in_\($0)", "1") },
                [("draft_kept", "2"), ("draft_removed", (0...2_000).map { "also_in_\($0)" }.joined(separator: " "))],
            ] {
                let answer = try await laptop.post("/admin/articles/new", malformed + [("action", "autosave")])
                #expect(answer.status == .badRequest, "\(malformed) \(answer.status)")
                #expect(try await kept() == afterSecond, "\(malformed)")
            }

            // Another device keeps the form whole; the laptop's next change, made on keep 2, is refused.
            let phone = ConsoleAgent(client)
            try await phone.signIn("writer")
            _ = try await phone.get("/admin/articles/new")
            let phoneKept = try await phone.post("/admin/articles/new", [("title", "From\u{0}the phone"), ("category", "1"), ("action", "autosave")])
            #expect(phoneKept.headers[HTTPField.Name("Draft-Kept")!] == "3")
            #expect(
                try await laptop.post("/admin/articles/new", [("draft_kept", "2"), ("title", "Late"), ("action", "autosave")]).status == .preconditionFailed)
            #expect(try await kept()?.fields == ["title": "From\u{FFFD}the phone", "category": "1"])
        }
    }

    @Test func aSpliceIsThreeNumbersInOrderWithinTheLimit() {
        #expect(DraftSplice(field: "body", range: "0,0,0", text: "") != nil)
        #expect(DraftSplice(field: "body", range: "2,5,9", text: "abc")?.end == 5)
        for range in ["", "1", "1,2", "1,2,3,4", "-1,2,3", "3,2,4", "1,5,4", "a,b,c", "1,,3", " 1,2,3"] {
            #expect(DraftSplice(field: "body", range: range, text: "x") == nil, "\(range)")
        }
        let limit = ArticleDraft.fieldMaximum
        #expect(DraftSplice(field: "body", range: "0,0,\(limit - 1)", text: "é") != nil)
        #expect(DraftSplice(field: "body", range: "0,0,\(limit - 1)", text: "éé") == nil)
        #expect(DraftSplice(field: "body", range: "0,2,\(limit)", text: "👍🏽") != nil, "two scalars for two")
    }

    /// Two editors on one article: the second is told who is editing it since when; taking it over is
    /// explicit and recorded, and the first learns it at their next autosave — what they typed kept.
    @Test(arguments: TestDatabase.engines)
    func twoEditorsOnOneArticleSeeTheLockAndATakeOver(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            let annaID = try await ConsoleFixtures.editor("anna", services: site)
            try await ConsoleFixtures.editor("ben", services: site)
            let id = try await NewsFixtures.article("Shared", body: "First draft.", database: site.database)
            let path = "/admin/articles/\(id)"
            let anna = ConsoleAgent(client)
            let ben = ConsoleAgent(client)
            try await anna.signIn("anna")
            try await ben.signIn("ben")
            let annas = try await anna.get(path)
            #expect(annas.text(ofID: "lock-text") == nil, "nobody else is editing it")
            let fields = [("title", "Shared"), ("category", "1"), ("body", "Anna's words."), ("version", annas.hidden("version") ?? "")]
            #expect(try await anna.post(path, fields + [("action", "autosave")]).status == .ok)

            let bens = try await ben.get(path)
            #expect(bens.text(ofID: "lock-text")?.hasPrefix("anna has been editing this article since ") == true, "\(bens.body.prefix(1500))")
            #expect(try await anna.get(path).text(ofID: "lock-text") == nil, "her own lock is no warning to her")
            _ = try await ben.get(path)
            #expect(try await ben.post(path, [("action", "take_over")]).status == .seeOther)
            #expect(try await ben.get(path).text(ofID: "lock-text") == nil, "he holds it now")
            #expect(try await ben.get("/admin").body.contains("took over editing ‘Shared’"), "recorded")

            let told = try await anna.post(path, fields + [("action", "autosave")])
            #expect(told.status == .conflict && told.body.hasPrefix("ben took over this article at "), "\(told.status) \(told.body)")
            #expect(told.body.hasSuffix("What you typed is kept as your draft."))
            let kept = try await site.database.withConnection { try await ArticleEditor(publicURL: "").draft(of: id, by: annaID, on: $0) }
            #expect(kept?.fields["body"] == "Anna's words.")
            #expect(try await anna.get(path).text(ofID: "lock-text")?.hasPrefix("ben has been editing this article since ") == true)
        }
    }

    /// The address of the link with `id` on a page.
    static func link(_ id: String, in body: String) -> String? {
        guard let anchor = body.range(of: "id=\"\(id)\""),
            let start = body.range(of: "<a href=\"", options: .backwards, range: body.startIndex..<anchor.lowerBound)
        else { return nil }
        return String(body[start.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
    }
}
