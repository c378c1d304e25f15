import Auth
import EndpointServer
import Foundation
import News
import SQLKit
import Storage
import TestSupport
import Testing

/// Roles and review, on both engines: a writer (Composr's `submit_highrange_content`) writes and
/// submits; an editor sees it waiting on the dashboard, returns it with a note (mailed through the
/// SMTP server), and publishes it once fixed (mailed too). A writer cannot publish, schedule, or touch
/// another's article by any route — the buttons, direct POSTs, commandr_fs — and an author
/// (`bypass_validation_highrange_content` too) publishes their own.
@Suite struct ConsoleReviewTests {
    @Test(arguments: TestDatabase.engines)
    func aWritersArticleIsReturnedWithANoteThenPublished(engine: DatabaseEngine) async throws {
        try await TestSMTPServer.running { smtp in
            try await TestServer.run(engine: engine, smtp: smtp) { client, site in
                try await Self.member("wren", privileges: [ConsoleAccess.submittingPrivilege], services: site)
                try await ConsoleFixtures.editor("chief", services: site)
                let writer = ConsoleAgent(client)
                try await writer.signIn("wren")
                let blank = try await writer.get("/admin/articles/new")
                #expect(blank.body.contains(#"id="submit-review""#) && !blank.body.contains(#"id="publish""#), "a writer submits, never publishes")
                let fields = [("title", "Harbour hours"), ("category", "1"), ("body", "The harbour opens.")]
                let published = try await writer.post("/admin/articles/new", fields + [("action", "publish")])
                #expect(published.status == .forbidden, "\(published.status)")
                #expect(published.text(ofID: "error")?.hasPrefix("An editor publishes your articles: submit it for review instead.") == true)
                #expect(try await Self.count("news", site) == 0, "nothing written")

                let submitted = try await writer.post("/admin/articles/new", fields + [("action", "submit")])
                #expect(submitted.status == .seeOther, "\(submitted.body.prefix(500))")
                let path = String(try #require(submitted.location).split(separator: "?")[0])
                let id = try #require(Int(path.dropFirst("/admin/articles/".count)))
                #expect(try await writer.get(path).text(ofID: "review-said")?.hasPrefix("Submitted for review by wren on ") == true)

                let editor = ConsoleAgent(client)
                try await editor.signIn("chief")
                let dashboard = try await editor.get("/admin")
                #expect(dashboard.body.contains(#"<li><a href="\#(path)">Harbour hours</a> <span class="meta">Submitted for review by wren on "#))
                let opened = try await editor.get(path)
                #expect(opened.body.contains(#"id="return-review""#) && opened.body.contains(#"id="publish""#))
                let returned = try await editor.post(
                    path, fields + [("version", opened.hidden("version") ?? ""), ("note", "Add the opening hours, please."), ("action", "return")])
                #expect(returned.status == .seeOther, "\(returned.body.prefix(500))")
                let mail = try #require(try await smtp.waitForMessages(1).first)
                #expect(mail.recipient == "wren@example.com")
                #expect(mail.subject == "Your article “Harbour hours” needs changes")
                let text = mail.part("text/plain") ?? ""
                #expect(
                    text.contains("chief returned your article “Harbour hours” with this note:") && text.contains("Add the opening hours, please."), "\(text)")
                #expect(try await editor.get("/admin").text(ofID: "nothing-waiting") == "Nothing is waiting for review.")

                // The writer reads the note, fixes the article and submits it again.
                let back = try await writer.get(path)
                #expect(back.text(ofID: "review-note") == "Add the opening hours, please.")
                #expect(back.text(ofID: "review-said")?.hasPrefix("Returned by chief on ") == true)
                let fixed = [("title", "Harbour hours"), ("category", "1"), ("body", "The harbour opens from nine to six.")]
                #expect(try await writer.post(path, fixed + [("version", back.hidden("version") ?? ""), ("action", "submit")]).status == .seeOther)

                let again = try await editor.get(path)
                let publishedByEditor = try await editor.post(path, fixed + [("version", again.hidden("version") ?? ""), ("action", "publish")])
                #expect(publishedByEditor.status == .seeOther)
                let mails = try await smtp.waitForMessages(2)
                #expect(mails.last?.subject == "Your article “Harbour hours” is published" && mails.last?.recipient == "wren@example.com")
                let stored = try await site.database.withConnection { try await NewsStore.article(id: id, on: $0) }
                #expect(stored?.validated == true && stored?.article == "The harbour opens from nine to six.")
                #expect(try await Self.count("news_reviews", site) == 0, "publishing ends the review")

                // Published: the writer can no longer change or delete it.
                let page = try await writer.get(path)
                #expect(!page.body.contains(#"id="delete""#) && !page.body.contains(#"id="unpublish""#))
                let changed = try await writer.post(path, fixed + [("version", page.hidden("version") ?? ""), ("action", "save")])
                #expect(changed.status == .forbidden)
                #expect(try await writer.post("\(path)/delete", []).status == .forbidden)
                #expect(try await site.database.withConnection { try await NewsStore.article(id: id, on: $0) }?.article == stored?.article)
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aWriterCannotPublishScheduleOrTouchAnothersArticleByAnyRoute(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            try await Self.member("wren", privileges: [ConsoleAccess.submittingPrivilege], services: site)
            try await Self.member(
                "ada", privileges: [ConsoleAccess.submittingPrivilege, ConsoleAccess.publishingPrivilege], services: site)
            let theirs = try await NewsFixtures.article("Someone else's", validated: false, body: "Theirs.", database: site.database)
            let path = "/admin/articles/\(theirs)"
            let writer = ConsoleAgent(client)
            try await writer.signIn("wren")
            let opened = try await writer.get(path)
            #expect(opened.status == .forbidden && opened.text(ofID: "error") == "Only an editor may change someone else’s article.")
            _ = try await writer.get("/admin/articles/new")
            let fields = [("title", "Mine now"), ("category", "1"), ("body", "Overwritten.")]
            for action in ["save", "publish", "submit", "unpublish", "autosave", "discard", "restore"] {
                let answer = try await writer.post(path, fields + [("action", action), ("revision", "1")])
                #expect(answer.status == .forbidden, "\(action): \(answer.status)")
            }
            #expect(try await writer.post("\(path)/delete", []).status == .forbidden)
            let stored = try await site.database.withConnection { try await NewsStore.article(id: theirs, on: $0) }
            #expect(stored?.title == "Someone else's" && stored?.article == "Theirs.")

            // Scheduling is publishing at a later time: refused too.
            let scheduled = try await writer.post(
                "/admin/articles/new", fields + [("publication_time", ConsoleArticleTests.minuteText(site.clock.now + 3600)), ("action", "publish")])
            #expect(scheduled.status == .forbidden)
            // commandr_fs is for administrators: a writer's session is refused there.
            let session = try LoggedIn(try await client.login("wren"))
            let fs = CommandrClient(client: client, headers: session.iOSHeaders)
            let written = try await fs.query("add", "var/news/general/Sneaked in.cms", data: #"{"summary": "S", "validated": 1}"#)
            #expect(written.success != true, "\(written.raw)")
            #expect(try await Self.count("news", site) == 1)

            // An author publishes their own, and still cannot touch another's.
            let author = ConsoleAgent(client)
            try await author.signIn("ada")
            let page = try await author.get("/admin/articles/new")
            #expect(page.body.contains(#"id="publish""#) && !page.body.contains(#"id="submit-review""#))
            let own = try await author.post("/admin/articles/new", [("title", "Ada writes"), ("category", "1"), ("body", "Mine."), ("action", "publish")])
            #expect(own.status == .seeOther, "\(own.body.prefix(300))")
            #expect(try await author.get(path).status == .forbidden)
            #expect(try await author.get("/admin").text(ofID: "waiting-heading") == nil, "only editors review")
            // Their desks list their own articles only: those they may open.
            let listed = try await author.get("/admin/articles").body
            #expect(listed.contains(">Ada writes</a>") && !listed.contains("Someone else"), "\(listed)")
            #expect(!(try await writer.get("/admin/articles").body.contains("Someone else")))
            #expect(!(try await writer.get("/admin").body.contains("Someone else")), "nor the dashboard's drafts")
        }
    }

    /// A member in a group of their own granted `privileges`.
    @discardableResult
    static func member(_ username: String, privileges: [String], services: Site) async throws -> Int {
        let id = try #require(try await ConsoleFixtures.group("Newsroom \(username)", members: [username], services: services).first)
        try await services.database.transaction { connection in
            let group = try #require(
                try await connection.raw("SELECT group_id FROM group_members WHERE member_id = \(bind: id) ORDER BY group_id DESC").first()?.decode(
                    column: "group_id", as: Int.self))
            for privilege in privileges {
                try await connection.raw("INSERT INTO group_privileges (group_id, privilege) VALUES (\(bind: group), \(bind: privilege))").run()
            }
        }
        return id
    }

    static func count(_ table: String, _ site: Site) async throws -> Int {
        try await site.database.withConnection { connection in
            try await connection.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table)").first()?.decode(column: "n", as: Int.self) ?? -1
        }
    }
}
