import Auth
import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Messages
import SQLKit
import Storage
import TestSupport
import Testing

/// Who gets into the console, and how: the session cookie's flags and limits, the form token and the
/// origin check on every change, the login throttle shared with `account/login`, the headers every
/// page sends, and what each role may reach.
@Suite struct ConsoleAccessTests {
    @Test func signingInSetsAStrictSessionCookieAndOpensTheDashboard() async throws {
        try await TestServer.run { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let agent = ConsoleAgent(client)
            let form = try await agent.get("/admin/sign-in")
            #expect(form.status == .ok)
            #expect(form.headers[values: .setCookie].contains { $0.hasPrefix("endpoint_console_form=") && $0.contains("SameSite=Strict") })
            let signedIn = try await agent.post("/admin/sign-in", [("username", "chief"), ("password", "correct horse")])
            #expect(signedIn.status == .seeOther && signedIn.location == "/admin")
            let cookie = try #require(signedIn.headers[values: .setCookie].first { $0.hasPrefix("endpoint_console=") })
            #expect(cookie.contains("; Path=/admin; HttpOnly; SameSite=Strict") && !cookie.contains("Secure") && !cookie.contains("Max-Age"))
            let token = try #require(agent.cookies["endpoint_console"]?.split(separator: ".", maxSplits: 1).last.map(String.init))
            let stored = try await site.database.withConnection { connection in
                try await connection.raw("SELECT token_hash FROM device_sessions").all().map { try $0.decode(column: "token_hash", as: String.self) }
            }
            #expect(stored == [SessionToken.storageHash(of: token)], "the database keeps only the token's hash")

            let dashboard = try await agent.get("/admin")
            #expect(dashboard.status == .ok)
            #expect(dashboard.body.contains("<h1>Dashboard</h1>") && dashboard.body.contains("Logged in as chief"))
            #expect(dashboard.body.contains(#"href="/admin/members""#), "administrators see the members")
            #expect(dashboard.text(ofID: "live-streams") == "Live news streams open on this instance: 0.")
            #expect(dashboard.text(ofID: "outboxes") == "Waiting to be sent: 0 e-mails and 0 push notifications.")
        }
    }

    @Test func behindHTTPSTheCookiesAreSecure() async throws {
        var settings = ServerSettings()
        settings.publicURL = "https://news.example.org"
        try await TestServer.run(settings: settings) { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let agent = ConsoleAgent(client)
            let form = try await agent.get("/admin/sign-in")
            #expect(form.headers[values: .setCookie].allSatisfy { $0.hasSuffix("; Secure") })
            let signedIn = try await agent.post(
                "/admin/sign-in", [("username", "chief"), ("password", "correct horse")], headers: [.origin: "https://news.example.org"])
            #expect(signedIn.headers[values: .setCookie].allSatisfy { $0.hasSuffix("; Secure") })
            #expect(signedIn.headers[values: .setCookie].count == 2)
        }
    }

    @Test func everyPageSendsAStrictPolicyAndNoInlineScript() async throws {
        try await TestServer.run { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let agent = ConsoleAgent(client)
            try await agent.signIn("chief")
            for path in ["/admin/sign-in", "/admin", "/admin/articles", "/admin/articles/new", "/admin/members", "/admin/groups"] {
                let page = try await agent.get(path)
                #expect(page.status == .ok, "\(path)")
                let policy = try #require(page.headers[.contentSecurityPolicy])
                #expect(policy.contains("script-src 'self'") && policy.contains("frame-ancestors 'none'") && !policy.contains("unsafe"), "\(path)")
                #expect(page.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
                #expect(page.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin")
                #expect(page.headers[.cacheControl] == "no-store")
                #expect(!page.body.contains("<script>") && !page.body.contains(" style=\"") && !page.body.contains(/\son[a-z]+=/), "\(path): nothing inline")
            }
            let script = try await agent.get("/admin/assets/console.js")
            #expect(script.status == .ok && script.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(try await agent.get("/admin/assets/missing.js").status == .notFound)
            #expect(try await agent.get("/admin/assets/..%2Fconsole.js").status == .notFound)
        }
    }

    @Test func withoutASessionPagesLeadToSignInAndChangesAreRefused() async throws {
        try await TestServer.run { client, site in
            let agent = ConsoleAgent(client)
            let page = try await agent.get("/admin/articles")
            #expect(page.status == .seeOther && page.location == "/admin/sign-in")
            let change = try await agent.post("/admin/articles/new", [("title", "Sneaky"), ("action", "publish")], token: "forged")
            #expect(change.status == .forbidden)
            #expect(change.body.contains("Your console session has ended."))
            // No dead end: the page leads to signing in again, which opens.
            #expect(change.body.contains(#"<a href="/admin/sign-in" id="next">Log in</a>"#), "\(change.body)")
            #expect(try await agent.get("/admin/sign-in").status == .ok)
            let forged = try await agent.get("/admin", headers: [.cookie: "endpoint_console=2.not-a-token"])
            #expect(forged.status == .seeOther)
            #expect(try await Self.articleCount(site) == 0)
        }
    }

    @Test func aFormWithoutItsTokenOrFromAnotherSiteChangesNothing() async throws {
        try await TestServer.run { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let agent = ConsoleAgent(client)
            try await agent.signIn("chief")
            _ = try await agent.get("/admin/articles/new")
            let fields = [("title", "Forged"), ("category", "1"), ("body", "x"), ("action", "publish")]
            let missing = try await agent.post("/admin/articles/new", fields, token: .some(nil))
            #expect(missing.status == .forbidden && missing.body.contains("This form could not be checked"))
            let wrong = try await agent.post("/admin/articles/new", fields, token: "0123")
            #expect(wrong.status == .forbidden)
            let elsewhere = try await agent.post("/admin/articles/new", fields, headers: [.origin: "https://attacker.example"])
            #expect(elsewhere.status == .forbidden && elsewhere.body.contains(MessageCatalog.english.text(.crossSiteRequest)))
            let crossSite = try await agent.post("/admin/articles/new", fields, headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
            #expect(crossSite.status == .forbidden)
            let signOut = try await agent.post("/admin/sign-out", [], headers: [.origin: "https://attacker.example"])
            #expect(signOut.status == .forbidden, "not even signing out")
            #expect(try await Self.articleCount(site) == 0)
            #expect(try await agent.get("/admin").status == .ok, "still signed in")

            let stranger = ConsoleAgent(client)
            _ = try await stranger.get("/admin/sign-in")
            let crossSignIn = try await stranger.post(
                "/admin/sign-in", [("username", "chief"), ("password", "correct horse")], headers: [.origin: "https://attacker.example"])
            #expect(crossSignIn.status == .forbidden && stranger.cookies["endpoint_console"] == nil, "no session is started from another site")
        }
    }

    @Test func signingInIsThrottledLikeTheAPIsLogin() async throws {
        try await TestServer.run(config: ["login_throttle_user_ip_failures": "2"]) { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let agent = ConsoleAgent(client)
            for _ in 0..<2 {
                let wrong = try await agent.signIn("chief", "wrong guess")
                #expect(wrong.status == .unauthorized)
                #expect(wrong.body.contains(#"id="error""#) && !wrong.body.contains("wrong guess"), "the password is never echoed")
            }
            let throttled = try await agent.signIn("chief")
            #expect(throttled.status == .tooManyRequests, "even the right password waits")
            #expect(agent.cookies["endpoint_console"] == nil)
            #expect(try await client.login("chief").success == false, "the API's login counts the same failures")
        }
    }

    @Test func aMemberWhoIsNotStaffGetsNoSession() async throws {
        try await TestServer.run { client, site in
            let memberID = try await AccountFixtures.member("reader", services: site)
            let agent = ConsoleAgent(client)
            let refused = try await agent.signIn("reader")
            #expect(refused.status == .forbidden && refused.body.contains("This account may not use the console"))
            #expect(agent.cookies["endpoint_console"] == nil)
            #expect(try await site.sessions.live(memberID: memberID).isEmpty, "the session the password check opened is ended")
        }
    }

    @Test func anEditorCannotReachMembersGroupsOrTheirChanges() async throws {
        try await TestServer.run { client, site in
            try await ConsoleFixtures.editor("writer", services: site)
            let victim = try await AccountFixtures.member("victim", services: site)
            let agent = ConsoleAgent(client)
            #expect(try await agent.signIn("writer").status == .seeOther)
            let dashboard = try await agent.get("/admin")
            #expect(dashboard.status == .ok && !dashboard.body.contains(#"href="/admin/members""#))
            for path in ["/admin/members", "/admin/members/\(victim)", "/admin/groups"] {
                let page = try await agent.get(path)
                #expect(page.status == .forbidden && page.body.contains("Only administrators may open this page."), "\(path)")
                // No dead end: the page leads back to the dashboard, which opens.
                #expect(page.body.contains(#"<a href="/admin" id="next">Dashboard</a>"#), "\(path)")
            }
            #expect(try await agent.get("/admin").status == .ok)
            _ = try await agent.get("/admin/articles")
            let ban = try await agent.post("/admin/members/\(victim)", [("action", "ban")])
            #expect(ban.status == .forbidden)
            let grant = try await agent.post("/admin/groups", [("group", "4"), ("role", "editor")])
            #expect(grant.status == .forbidden)
            #expect(try await site.members.find(id: victim)?.banned == false)

            // What an administrator did in sections editors may not open is not on an editor's dashboard.
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let chief = ConsoleAgent(client)
            try await chief.signIn("chief")
            _ = try await chief.get("/admin/members/\(victim)")
            #expect(try await chief.post("/admin/members/\(victim)", [("action", "ban"), ("confirmed", "1")]).status == .seeOther)
            _ = try await chief.get("/admin/articles/new")
            _ = try await chief.post("/admin/articles/new", [("title", "Open day"), ("category", "1"), ("body", "Come."), ("action", "save")])
            #expect(try await chief.get("/admin").body.contains("banned victim"), "administrators read of everything")
            let editorsDashboard = try await agent.get("/admin")
            #expect(editorsDashboard.body.contains("added the article ‘Open day’") && !editorsDashboard.body.contains("victim"), "\(editorsDashboard.body)")
        }
    }

    @Test func aSessionEndsWhenIdleOrOldAndOnSigningOut() async throws {
        let time = ManualClock()
        try await TestServer.run(clock: time.clock) { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let agent = ConsoleAgent(client)
            try await agent.signIn("chief")
            time.advance(seconds: 29 * 60)
            #expect(try await agent.get("/admin").status == .ok)
            time.advance(seconds: 31 * 60)
            let idle = try await agent.get("/admin")
            #expect(idle.status == .seeOther && idle.location == "/admin/sign-in", "31 minutes unused")
            #expect(agent.cookies["endpoint_console"] == nil, "the ended session's cookie is cleared")

            try await agent.signIn("chief")
            for _ in 0..<24 {
                time.advance(seconds: 29 * 60)
                #expect(try await agent.get("/admin").status == .ok)
            }
            time.advance(seconds: 29 * 60)
            #expect(try await agent.get("/admin").status == .seeOther, "twelve hours however busy")

            try await agent.signIn("chief")
            _ = try await agent.get("/admin")
            let signedOut = try await agent.post("/admin/sign-out", [])
            #expect(signedOut.status == .seeOther && signedOut.location == "/admin/sign-in?done=1")
            #expect(try await agent.get("/admin/sign-in?done=1").body.contains("You have logged out."))
            #expect(try await agent.get("/admin").status == .seeOther)
        }
    }

    @Test func loggingOutEverywhereEndsTheAppsSessionsToo() async throws {
        try await TestServer.run { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let app = try LoggedIn(try await client.login("chief"))
            let agent = ConsoleAgent(client)
            try await agent.signIn("chief")
            _ = try await agent.get("/admin")
            let asked = try await agent.post("/admin/sign-out-everywhere", [])
            #expect(asked.status == .ok && asked.text(ofID: "question")?.hasPrefix("Log out everywhere?") == true, "asks first")
            #expect(try await client.envelope(AccountFixtures.sessionURI, headers: app.iOSHeaders).success == true, "nothing ended by asking")
            #expect(try await agent.post("/admin/sign-out-everywhere", [("confirmed", "1")]).status == .seeOther)
            let session = try await client.envelope(AccountFixtures.sessionURI, headers: app.iOSHeaders)
            #expect(session.success == false, "the app is logged out too: \(session.raw)")
            #expect(try await agent.get("/admin").status == .seeOther)
            try await agent.signIn("chief")
            #expect(try await agent.get("/admin").body.contains("logged out everywhere"), "the change is on the dashboard")
        }
    }

    static func articleCount(_ site: Site) async throws -> Int {
        try await site.database.withConnection { connection in
            try await connection.raw("SELECT COUNT(*) AS n FROM news").first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }
}
