import Auth
import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import Hooks
import HummingbirdTesting
import Storage
import TestSupport
import Testing

/// `account/login` through both SDKs' request shapes, and what it must never reveal.
@Suite struct LoginTests {
    @Test(arguments: TestDatabase.engines)
    func androidShapeLogsInWithEveryFieldTheSDKsRead(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, services in
            let id = try await AccountFixtures.member("Alice", services: services)
            let answer = try await client.login("alice", "  correct horse ")
            #expect(answer.success == true, "\(answer.raw)")
            let data = answer.data
            #expect(data["memberID"] as? Int == id)
            #expect(data["username"] as? String == "Alice")
            #expect(data["password"] as? String == "")
            #expect(data["device_auth_member_id_cn"] as? String == "cms_member_id")
            #expect(data["device_auth_pass_hashed_cn"] as? String == "cms_member_hash")
            #expect(data["device_auth_member_id_vl"] as? String == String(id))
            #expect((data["device_auth_pass_hashed_vl"] as? String)?.count == 43)
            #expect(data["primary_group_name"] as? String == "Members")
            #expect(data["staff_status"] as? Bool == false)
            #expect(data["admin_status"] as? Bool == false)
            #expect(data["zone_access"] as? [String] == ["", "forum", "site"])
            #expect(data["pages_blacklist"] as? [String] == ["admin_commandr"])
            #expect((data["groups"] as? [[String: Any]])?.first?["name"] as? String == "Members")
            let userData = try #require(data["user_data"] as? [String: Any])
            #expect(Set(userData.keys) == ["memberID", "privileges", "pages_blacklist", "zone_access", "staff_status", "admin_status", "sessionID", "groups"])
            for key in userData.keys {
                #expect(data[key] != nil, "user_data key \(key) must also be at the top level (Android)")
            }
            let responseData = try #require(answer.raw.range(of: #""response_data":"#)).upperBound
            #expect(!answer.raw[responseData...].contains("null"), "no null anywhere (iOS preference store)")

            let cookies = answer.headers[values: .setCookie]
            #expect(cookies.contains { $0.hasPrefix("cms_member_id=\(id);") && !$0.contains("HttpOnly") && $0.contains("SameSite=Lax") })
            #expect(cookies.contains { $0.hasPrefix("cms_member_hash=") && $0.contains("HttpOnly") && $0.contains("Path=/") })
        }
    }

    @Test func cookiesAreSecureBehindHTTPS() async throws {
        var settings = ServerSettings()
        settings.publicURL = "https://api.example.com"
        try await TestServer.run(settings: settings) { client, services in
            try await AccountFixtures.member("alice", services: services)
            let cookies = try await client.login("alice").headers[values: .setCookie]
            #expect(cookies.count == 2)
            #expect(cookies.allSatisfy { $0.hasSuffix("; Secure") })
        }
    }

    @Test func iOSShapeLogsIn() async throws {
        try await TestServer.run { client, services in
            try await AccountFixtures.member("bob", services: services)
            let answer = try await client.postMultipart(AccountFixtures.loginURI, [("username", "bob"), ("password", "correct horse")])
            let loggedIn = try LoggedIn(answer)
            #expect(loggedIn.memberID == "2")
        }
    }

    @Test func responseNeverContainsThePasswordOrAStoredHash() async throws {
        try await TestServer.run { client, services in
            let id = try await AccountFixtures.member("carol", password: "s3cret-passphrase", services: services)
            let answer = try await client.login("carol", "s3cret-passphrase")
            let loggedIn = try LoggedIn(answer)
            let stored = try await AccountFixtures.storedHash(id, services: services)
            #expect(!answer.raw.contains("s3cret-passphrase"))
            #expect(!answer.raw.contains(stored))
            #expect(!answer.raw.contains("argon2"))
            let sessionRow = try await services.database.withConnection {
                try await $0.raw("SELECT token_hash FROM device_sessions WHERE id = \(bind: loggedIn.sessionID)").first()
            }
            let tokenHash = try #require(try sessionRow?.decode(column: "token_hash", as: String.self))
            #expect(tokenHash != loggedIn.token)
            #expect(tokenHash == SessionToken.storageHash(of: loggedIn.token))
        }
    }

    @Test func wrongPasswordAndUnknownUserReadTheSame() async throws {
        try await TestServer.run { client, services in
            try await AccountFixtures.member("dave", services: services)
            let wrong = try await client.login("dave", "not the password")
            let unknown = try await client.login("nobody", "not the password")
            #expect(wrong.raw == unknown.raw)
            #expect(wrong.errorDetails == "Incorrect login or password, try again.")
            #expect(wrong.status == .ok)
        }
    }

    @Test func guestAndEmptyCredentialsNeverLogIn() async throws {
        try await TestServer.run { client, _ in
            for (username, password) in [("Guest", ""), ("Guest", "anything"), ("", ""), ("  ", "x"), ("guest", " ")] {
                let answer = try await client.login(username, password)
                #expect(answer.success == false)
                #expect(answer.errorDetails == "Incorrect login or password, try again.")
            }
            let missing = try await client.postForm(AccountFixtures.loginURI, [("username", "x")])
            #expect(missing.status == .badRequest)
            #expect(missing.errorDetails == "Please check back over the form - you did not fill in all fields on the form correctly")
        }
    }

    @Test func accountStateIsRevealedOnlyWithTheRightPassword() async throws {
        try await TestServer.run { client, services in
            let banned = try await AccountFixtures.member("erin", services: services)
            try await AccountFixtures.update(banned, "banned = \(bind: true)", services: services)
            let unconfirmed = try await AccountFixtures.member("frank", services: services)
            try await AccountFixtures.update(unconfirmed, "email_confirmed = \(bind: false)", services: services)
            let unvalidated = try await AccountFixtures.member("grace", services: services)
            try await AccountFixtures.update(unvalidated, "validated = \(bind: false)", services: services)

            for name in ["erin", "frank", "grace"] {
                let guess = try await client.login(name, "wrong password")
                #expect(guess.errorDetails == "Incorrect login or password, try again.")
            }
            #expect(try await client.login("erin").errorDetails == "You have been banned.")
            #expect(try await client.login("frank").errorDetails == "This member account has not yet been validated by e-mail.")
            #expect(try await client.login("grace").errorDetails == "This member account has not yet been validated by the staff.")
        }
    }

    /// The five profile keys Composr adds and apps read without checking, with Composr's types, worded
    /// in the site's time zone (the viewer before login is Guest).
    @Test(arguments: TestDatabase.engines)
    func profileCarriesComposrsDatesSignaturePostsAndBirthdate(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine, config: ["default_timezone": "America/New_York"]) { client, services in
            let revealing = try await AccountFixtures.member("ivan", services: services)
            // 5th March 2016, 8:04 PM UTC is 3:04 PM in New York.
            try await AccountFixtures.update(
                revealing,
                """
                join_time = 1457208240, last_visit_time = \(bind: UnixTime.now), dob = '1990-03-05', reveal_age = \(bind: true),
                signature = '[b]Ivan[/b]'
                """, services: services)
            let ivan = try await client.login("ivan").data
            #expect(ivan["join_time_string"] as? String == "5th March 2016, 3:04 PM")
            let lastVisit = try #require(ivan["last_visit_time_string"] as? String)
            #expect(lastVisit.wholeMatch(of: /([1-9]|1[0-2]):[0-5][0-9] (AM|PM)/) != nil, "today: the time only, got \(lastVisit)")
            #expect(ivan["signature"] as? String == "[b]Ivan[/b]")
            #expect(ivan["posts"] as? Int == 0)
            #expect(ivan["birthdate"] as? String == "5th March 1990")

            let hiding = try await AccountFixtures.member("judy", services: services)
            try await AccountFixtures.update(hiding, "dob = '1985-12-22'", services: services)
            #expect(try await client.login("judy").data["birthdate"] as? String == "22nd December", "no year unless the age is revealed")

            try await AccountFixtures.member("ken", services: services)
            let ken = try await client.login("ken").data
            #expect(ken["birthdate"] as? String == "")
            #expect(ken["signature"] as? String == "")
            for key in ["last_visit_time_string", "join_time_string"] {
                #expect((ken[key] as? String)?.isEmpty == false, "\(key)")
            }
        }
    }

    @Test func logsInByEmailAddressCaseInsensitively() async throws {
        try await TestServer.run { client, services in
            try await AccountFixtures.member("heidi", services: services)
            let answer = try await client.login("HEIDI@example.com")
            #expect(answer.success == true)
            #expect(answer.data["username"] as? String == "heidi")
        }
    }

    /// Lesser finding of the security review: answers that carry a device token were `no-cache`, which
    /// lets a cache keep them; they are `private, no-store`. Answers without one keep Composr's headers.
    @Test func answersWithATokenAreStoredNowhere() async throws {
        try await TestServer.run(config: ["email_confirm_join": "0"]) { client, site in
            try await AccountFixtures.member("ivan", services: site)
            let login = try await client.login("ivan")
            let joined = try await client.join(JoinFixtures.iOSFields("judy"))
            for answer in [login, joined] {
                #expect(answer.data["device_auth_pass_hashed_vl"] != nil, "\(answer.raw)")
                #expect(answer.headers[.cacheControl] == "private, no-store")
            }
            let session = try await client.envelope(AccountFixtures.sessionURI, headers: try LoggedIn(login).iOSHeaders)
            #expect(session.headers[.cacheControl] == "no-cache, must-revalidate")
        }
    }
}
