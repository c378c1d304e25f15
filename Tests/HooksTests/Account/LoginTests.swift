import TestSupport
import EndpointServer
import Auth
import Foundation
import EndpointCore
import Hooks
import HTTPTypes
import HummingbirdTesting
import SiteStore
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
            #expect(tokenHash == DeviceToken.storageHash(of: loggedIn.token))
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

    @Test func logsInByEmailAddressCaseInsensitively() async throws {
        try await TestServer.run { client, services in
            try await AccountFixtures.member("heidi", services: services)
            let answer = try await client.login("HEIDI@example.com")
            #expect(answer.success == true)
            #expect(answer.data["username"] as? String == "heidi")
        }
    }
}
