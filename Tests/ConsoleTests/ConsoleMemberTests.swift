import Auth
import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import SQLKit
import Storage
import TestSupport
import Testing

/// What administrators do to members and groups in the console, and that whatever members wrote is
/// shown as text.
@Suite struct ConsoleMemberTests {
    /// A ban made on one instance ends the member's sessions on another as soon as its announcement
    /// arrives: a banned member's session is never recognised, and the other instance hears of the
    /// change (PostgreSQL, where instances share a database; SQLite's one instance forgets at once).
    @Test(arguments: TestDatabase.engines)
    func aBanEndsTheMembersSessionsAtOnceOnEveryInstance(engine: DatabaseEngine) async throws {
        // Sessions remembered for 300 s: a refusal within the wait below is the announcement's doing.
        try await TestServer.run(engine: engine, config: ["session_cache_seconds": "300"]) { first, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let victim = try await AccountFixtures.member("victim", services: site)
            func onAnotherInstance(_ test: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
                guard engine == .postgres else { return try await test(first) }
                try await TestServer.run(sharing: site.database) { second, _ in try await test(second) }
            }
            try await onAnotherInstance { second in
                let agent = ConsoleAgent(first)
                try await agent.signIn("chief")
                let app = try LoggedIn(try await second.login("victim"))
                #expect(try await second.envelope(AccountFixtures.sessionURI, headers: app.iOSHeaders).success == true, "the other instance knows it")
                let page = try await agent.get("/admin/members/\(victim)")
                #expect(page.body.contains(#"id="sessions""#) && page.body.contains(#"value="end_session""#), "the session is listed")
                // A ban asks first (nothing happens yet), and records why.
                let asked = try await agent.post("/admin/members/\(victim)", [("action", "ban")])
                #expect(asked.status == .ok && asked.text(ofID: "question")?.hasPrefix("Ban victim?") == true, "\(asked.body)")
                #expect(try await second.envelope(AccountFixtures.sessionURI, headers: app.iOSHeaders).success == true, "not banned by asking")
                #expect(try await agent.get(try #require(asked.body.firstMatch(of: /href="([^"]+)" id="back"/).map { String($0.1) })).status == .ok)
                let banned = try await agent.post("/admin/members/\(victim)", [("action", "ban"), ("confirmed", "1"), ("reason", "spam links")])
                #expect(banned.status == .seeOther)
                // The other instance forgets the session when the ban's announcement reaches it, which
                // on a busy machine can come after the next request.
                try await Waiting.until("the ban announced to the other instance", seconds: 10) {
                    try await second.envelope(AccountFixtures.sessionURI, headers: app.iOSHeaders).success == false
                }
                #expect(try await second.login("victim").success == false)
                let after = try await agent.get("/admin/members/\(victim)")
                #expect(after.text(ofID: "banned") == "Yes" && after.body.contains(#"id="no-sessions""#))
                #expect(try await agent.get("/admin").body.contains("banned victim (spam links)"))

                _ = try await agent.post("/admin/members/\(victim)", [("action", "unban")])
                #expect(try await second.login("victim").success == true)
            }
        }
    }

    @Test func oneSessionEndsAndAnAdministratorCannotBanThemselves() async throws {
        try await TestServer.run { client, site in
            let chief = try await AccountFixtures.member("chief", role: .administrators, services: site)
            let member = try await AccountFixtures.member("traveller", services: site)
            let phone = try LoggedIn(try await client.login("traveller"))
            let tablet = try LoggedIn(try await client.login("traveller"))
            let agent = ConsoleAgent(client)
            try await agent.signIn("chief")
            _ = try await agent.get("/admin/members/\(member)")
            let ended = try await agent.post("/admin/members/\(member)", [("action", "end_session"), ("session", phone.sessionID)])
            #expect(ended.status == .seeOther)
            #expect(try await client.envelope(AccountFixtures.sessionURI, headers: phone.iOSHeaders).success == false)
            #expect(try await client.envelope(AccountFixtures.sessionURI, headers: tablet.iOSHeaders).success == true)
            let selfBan = try await agent.post("/admin/members/\(chief)", [("action", "ban")])
            #expect(selfBan.status == .unprocessableContent && selfBan.text(ofID: "error") == "You cannot delete or ban your own account.")
            #expect(try await site.members.find(id: chief)?.banned == false)
        }
    }

    /// A member's edits have one door (`MemberAdministration`): the console and commandr_fs refuse
    /// the same edit with the same sentence, and neither writes anything.
    @Test func theConsoleAndCommandrFSRefuseAMembersEditAlike() async throws {
        try await TestServer.run { client, site in
            let chief = try await AccountFixtures.member("chief", role: .administrators, services: site)
            let member = try await AccountFixtures.member("traveller", services: site)
            let agent = ConsoleAgent(client)
            try await agent.signIn("chief")
            let fs = CommandrClient(client: client, headers: try LoggedIn(try await client.login("chief")).iOSHeaders)
            let before = try await AccountFixtures.storedHash(member, services: site)

            _ = try await agent.get("/admin/members/\(chief)")
            let consoleBan = try await agent.post("/admin/members/\(chief)", [("action", "ban")]).text(ofID: "error")
            let commandrBan = try await fs.rest(.put, "var/groups/administrators/chief.cms", body: #"{"is_perm_banned": 1}"#).errorDetails
            #expect(consoleBan != nil && consoleBan == commandrBan, "\(consoleBan ?? "") / \(commandrBan ?? "")")

            _ = try await agent.get("/admin/members/\(member)")
            let consoleWeak = try await agent.post(
                "/admin/members/\(member)", [("action", "set_password"), ("new_password", "short"), ("your_password", "correct horse")]
            ).text(ofID: "error")
            let commandrWeak = try await fs.rest(.put, "var/groups/members/traveller.cms", body: #"{"password": "short"}"#).errorDetails
            #expect(consoleWeak != nil && consoleWeak == commandrWeak, "\(consoleWeak ?? "") / \(commandrWeak ?? "")")

            #expect(try await site.members.find(id: chief)?.banned == false)
            #expect(try await AccountFixtures.storedHash(member, services: site) == before, "no password was written")
        }
    }

    @Test func theSensitiveChangesAskForTheAdministratorsPasswordAgain() async throws {
        try await TestServer.run { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let member = try await AccountFixtures.member("deputy", services: site)
            try await AccountFixtures.update(member, "validated = \(false), email_confirmed = \(false)", services: site)
            let agent = ConsoleAgent(client)
            try await agent.signIn("chief")
            let path = "/admin/members/\(member)"
            _ = try await agent.get(path)
            #expect(try await agent.post(path, [("action", "validate")]).status == .seeOther)
            #expect(try await agent.post(path, [("action", "confirm_email")]).status == .seeOther)
            let page = try await agent.get(path)
            #expect(page.text(ofID: "validated") == "Yes" && page.text(ofID: "email-confirmed") == "Yes")
            let before = try LoggedIn(try await client.login("deputy"))

            let wrong = try await agent.post(path, [("action", "set_password"), ("new_password", "a brand new phrase"), ("your_password", "guess")])
            #expect(wrong.status == .unprocessableContent && wrong.text(ofID: "error") != nil)
            #expect(try await client.login("deputy", "a brand new phrase").success == false)
            let weak = try await agent.post(path, [("action", "set_password"), ("new_password", "short"), ("your_password", "correct horse")])
            #expect(weak.status == .unprocessableContent && weak.text(ofID: "error")?.contains("8") == true, "\(weak.text(ofID: "error") ?? "")")
            let set = try await agent.post(path, [("action", "set_password"), ("new_password", "a brand new phrase"), ("your_password", "correct horse")])
            #expect(set.status == .seeOther)
            #expect(try await client.login("deputy", "a brand new phrase").success == true)
            #expect(try await client.envelope(AccountFixtures.sessionURI, headers: before.iOSHeaders).success == false, "old sessions end")

            let deputy = ConsoleAgent(client)
            #expect(try await deputy.signIn("deputy", "a brand new phrase").status == .forbidden)
            _ = try await agent.get(path)
            #expect(try await agent.post(path, [("action", "make_admin"), ("your_password", "")]).status == .unprocessableContent)
            #expect(try await agent.post(path, [("action", "make_admin"), ("your_password", "correct horse")]).status == .seeOther)
            #expect(try await deputy.signIn("deputy", "a brand new phrase").status == .seeOther)
            #expect(try await deputy.get("/admin/members").status == .ok, "an administrator now")

            let reset = try await agent.post(path, [("action", "reset")])
            #expect(try await agent.get(try #require(reset.location)).text(ofID: "notice") == "A reset link is on its way to the member’s address.")
            // A member without an address is told so, not that a link is on its way.
            try await AccountFixtures.update(member, "email = ''", services: site)
            _ = try await agent.get(path)
            let noAddress = try await agent.post(path, [("action", "reset")])
            #expect(noAddress.status == .unprocessableContent && noAddress.text(ofID: "error")?.hasPrefix("This member has no e-mail address") == true)
            #expect(try await agent.get("/admin").body.contains("made deputy an administrator"))
        }
    }

    @Test func anAdministratorAddsAMemberByTheJoiningRules() async throws {
        try await TestServer.run { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let agent = ConsoleAgent(client)
            try await agent.signIn("chief")
            _ = try await agent.get("/admin/members/new")
            let members = try await site.groups.groupID(for: .members)
            let taken = try await agent.post(
                "/admin/members/new", [("username", "chief"), ("email", "new@example.com"), ("password", "a long passphrase"), ("group", String(members))])
            #expect(taken.status == .unprocessableContent && taken.text(ofID: "error")?.isEmpty == false)
            let added = try await agent.post(
                "/admin/members/new", [("username", "newcomer"), ("email", "new@example.com"), ("password", "a long passphrase"), ("group", String(members))])
            #expect(added.status == .seeOther)
            #expect(try await client.login("newcomer", "a long passphrase").success == true, "validated and confirmed")
            #expect(try await agent.get("/admin").body.contains("added the member newcomer"))

            // A member made straight into the Administrators (or a group editing news) makes staff:
            // the administrator's password again first, and nothing is made without it.
            let administrators = try await site.groups.groupID(for: .administrators)
            let deputy = [("username", "deputy"), ("email", "deputy@example.com"), ("password", "a long passphrase"), ("group", String(administrators))]
            _ = try await agent.get("/admin/members/new")
            let unconfirmed = try await agent.post("/admin/members/new", deputy + [("your_password", "not mine")])
            #expect(unconfirmed.status == .unprocessableContent && unconfirmed.text(ofID: "error")?.isEmpty == false, "\(unconfirmed.body)")
            #expect(try await client.login("deputy", "a long passphrase").success == false, "not made")
            let confirmed = try await agent.post("/admin/members/new", deputy + [("your_password", "correct horse")])
            #expect(confirmed.status == .seeOther)
            #expect(try await client.login("deputy", "a long passphrase").data["admin_status"] as? Bool == true)
        }
    }

    @Test func aGroupGivenAConsoleRoleMayUseTheConsoleAsThat() async throws {
        try await TestServer.run { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            try await AccountFixtures.member("reporter", services: site)
            let reporter = ConsoleAgent(client)
            #expect(try await reporter.signIn("reporter").status == .forbidden, "a member of the seeded Members group is no writer")

            let chief = ConsoleAgent(client)
            try await chief.signIn("chief")
            let groups = try await chief.get("/admin/groups")
            let membersGroup = try await site.groups.groupID(for: .members)
            #expect(groups.body.contains(#"<option value="none" selected>None</option>"#), "\(groups.body)")
            #expect(groups.body.contains(#"id="set-role-\#(membersGroup)""#))
            // A role makes every member of the group staff: the password again first.
            let unconfirmed = try await chief.post("/admin/groups", [("group", String(membersGroup)), ("role", "writer")])
            #expect(unconfirmed.status == .unprocessableContent && unconfirmed.text(ofID: "error")?.isEmpty == false, "\(unconfirmed.body)")
            #expect(try await reporter.signIn("reporter").status == .forbidden, "nothing granted")
            let writers = try await chief.post("/admin/groups", [("group", String(membersGroup)), ("role", "writer"), ("your_password", "correct horse")])
            #expect(writers.status == .seeOther)
            #expect(try await chief.get("/admin/groups").body.contains(#"<option value="writer" selected>Writer: submits their articles for review</option>"#))
            #expect(try await reporter.signIn("reporter").status == .seeOther)
            let asWriter = try await reporter.get("/admin/articles/new")
            #expect(asWriter.body.contains(#"id="submit-review""#) && !asWriter.body.contains(#"id="publish""#))

            _ = try await chief.get("/admin/groups")
            let editors = try await chief.post("/admin/groups", [("group", String(membersGroup)), ("role", "editor"), ("your_password", "correct horse")])
            #expect(editors.status == .seeOther)
            #expect(try await reporter.get("/admin/articles/new").body.contains(#"id="publish""#), "an editor at the next request")
            // Giving less asks nothing; none takes the console away at the next request.
            _ = try await chief.get("/admin/groups")
            #expect(try await chief.post("/admin/groups", [("group", String(membersGroup)), ("role", "none")]).status == .seeOther)
            #expect(try await reporter.get("/admin/articles/new").status == .seeOther, "taken away at the next request")
            #expect(try await chief.get("/admin").body.contains("set the console role of Members: None"))
            let bad = try await chief.post("/admin/groups", [("group", String(membersGroup)), ("role", "administrator")])
            #expect(bad.status == .badRequest)
        }
    }

    @Test func everyPageShowsWhatMembersWroteAsText() async throws {
        try await TestServer.run { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let scripted = try await AccountFixtures.member("<script>alert(1)</script>", services: site)
            let title = #""><img src=x onerror=alert(1)>"#
            let id = try await NewsFixtures.article(title, validated: false, database: site.database)
            try await site.database.withConnection { connection in
                try await connection.raw(
                    """
                    INSERT INTO staff_messages (member_id, name, email, title, category, post, ip, created_at, status)
                    VALUES (NULL, '<b>Eve</b>', 'eve@example.com', '<img src=y onerror=alert(2)>', '', 'x', '', 1, 'new')
                    """
                ).run()
            }
            let agent = ConsoleAgent(client)
            try await agent.signIn("chief")
            _ = try await agent.get("/admin/articles/\(id)")
            #expect(
                try await agent.post("/admin/articles/\(id)", [("title", title), ("category", "1"), ("body", "x"), ("version", ""), ("action", "save")]).status
                    == .conflict)
            let version = try #require(try await agent.get("/admin/articles/\(id)").hidden("version"))
            _ = try await agent.post("/admin/articles/\(id)", [("title", title), ("category", "1"), ("body", "x"), ("version", version), ("action", "save")])
            let pages = ["/admin", "/admin/articles", "/admin/articles/\(id)", "/admin/articles/\(id)/delete", "/admin/members", "/admin/members/\(scripted)"]
            for path in pages {
                let body = try await agent.get(path).body
                #expect(!body.contains("<script>alert") && !body.contains("<img src=x") && !body.contains("<img src=y") && !body.contains("<b>Eve"), "\(path)")
            }
            #expect(try await agent.get("/admin/members").body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(try await agent.get("/admin/articles").body.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
            #expect(try await agent.get("/admin").body.contains("&lt;img src=y onerror=alert(2)&gt;"))
        }
    }
}
