import Auth
import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import Hooks
import HummingbirdTesting
import SQLKit
import Storage
import TestSupport
import Testing

/// Recognising the caller on later requests through each channel, and refusing anything forged.
@Suite struct CredentialTests {
    @Test(arguments: TestDatabase.engines)
    func everyChannelAuthenticates(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, services in
            try await AccountFixtures.member("alice", services: services)
            let alice = try LoggedIn(try await client.login("alice"))

            let viaHeaders = try await client.envelope(AccountFixtures.sessionURI, headers: alice.iOSHeaders)
            let viaCookies = try await client.envelope(AccountFixtures.sessionURI, headers: alice.cookieHeader)
            let viaForm = try await client.postForm(AccountFixtures.sessionURI + "&type=view", alice.formFields)
            let viaMultipart = try await client.postMultipart(AccountFixtures.sessionURI + "&type=view", alice.formFields)
            for answer in [viaHeaders, viaCookies, viaForm, viaMultipart] {
                #expect(answer.success == true, "\(answer.raw)")
                #expect(answer.data["memberID"] as? Int == 2)
                #expect(answer.data["username"] as? String == "alice")
                #expect(answer.data["sessionID"] as? String == alice.sessionID)
                #expect((answer.data["session_expires"] as? Int ?? 0) > Int(Date().timeIntervalSince1970))
            }
        }
    }

    @Test func basicAuthIsIgnored() async throws {
        try await TestServer.run { client, services in
            try await AccountFixtures.member("alice", services: services)
            let basic = Data("alice:correct horse".utf8).base64EncodedString()
            let answer = try await client.envelope(AccountFixtures.sessionURI, headers: [.authorization: "Basic \(basic)"])
            #expect(answer.errorDetails == "You are not logged in.")
        }
    }

    @Test func forgedAndForeignTokensMakeAGuest() async throws {
        try await TestServer.run { client, services in
            try await AccountFixtures.member("alice", services: services)
            try await AccountFixtures.member("bob", services: services)
            let alice = try LoggedIn(try await client.login("alice"))
            let bob = try LoggedIn(try await client.login("bob"))
            let forged = String(alice.token.dropLast()) + (alice.token.hasSuffix("A") ? "B" : "A")
            let attempts: [HTTPFields] = [
                [.cookie: "cms_member_id=2; cms_member_hash=\(forged)"],
                [.cookie: "cms_member_id=\(bob.memberID); cms_member_hash=\(alice.token)"],
                [.cookie: "cms_member_id=1; cms_member_hash=\(alice.token)"],
                [.cookie: "cms_member_id=abc; cms_member_hash=\(alice.token)"],
                [.cookie: "cms_member_id=2; cms_member_hash=%ZZ"],
                [.cookie: "cms_member_id=2; cms_member_hash=' OR 1=1 --"],
                [.cookie: "cms_member_id=2;;; =; cms_member_hash"],
                [.cookie: "cms_member_id=2; cms_member_hash=" + String(repeating: "x", count: 5000)],
                [HTTPField.Name("cms_member_id")!: "2", HTTPField.Name("cms_member_hash")!: "$2y$10$abcdefghijklmnopqrstuv"],
            ]
            for headers in attempts {
                let answer = try await client.envelope(AccountFixtures.sessionURI, headers: headers)
                #expect(answer.status == .ok)
                #expect(answer.errorDetails == "You are not logged in.", "\(headers)")
            }
            let injected = try await client.postForm(
                AccountFixtures.sessionURI + "&type=view",
                [
                    ("device_auth_member_id_cn", "cms_session"), ("device_auth_member_id_vl", alice.memberID),
                    ("device_auth_pass_hashed_cn", "cms_member_hash"), ("device_auth_pass_hashed_vl", alice.token),
                ])
            #expect(injected.errorDetails == "You are not logged in.")
        }
    }

    @Test func expiredSessionsAreRefused() async throws {
        try await TestServer.run { client, services in
            let id = try await AccountFixtures.member("alice", services: services)
            let policy = services.sessions.policy
            let now = Int(Date().timeIntervalSince1970)
            let (_, idle) = try await services.database.withConnection {
                try await services.sessions.create(memberID: id, userAgent: "t", ip: "127.0.0.1", now: now - policy.idleSeconds - 10, on: $0)
            }
            let (ancient, ancientToken) = try await services.database.withConnection {
                try await services.sessions.create(memberID: id, userAgent: "t", ip: "127.0.0.1", now: now - policy.maximumSeconds - 10, on: $0)
            }
            try await services.database.withConnection { connection in
                try await connection.raw("UPDATE device_sessions SET last_used_at = \(bind: now - 5) WHERE id = \(bind: ancient.id)").run()
            }
            for token in [idle, ancientToken] {
                let answer = try await client.envelope(
                    AccountFixtures.sessionURI, headers: [.cookie: "cms_member_id=\(id); cms_member_hash=\(token.text)"]
                )
                #expect(answer.errorDetails == "You are not logged in.")
            }
        }
    }

    @Test func lastUseIsRecordedAtMostOncePerInterval() async throws {
        try await TestDatabase.withMigrated(.sqlite) { database in
            let sessions = SessionStore(database: database, policy: SessionPolicy(), clock: .system)
            let (session, token) = try await database.withConnection { try await sessions.create(memberID: 1, userAgent: "t", ip: "i", now: 1_000_000, on: $0) }
            _ = try await sessions.authenticate(memberID: 1, token: token.text, now: 1_000_030)
            #expect(try await sessions.live(memberID: 1, now: 1_000_030).first?.lastUsedAt == session.createdAt)
            _ = try await sessions.authenticate(memberID: 1, token: token.text, now: 1_000_061)
            #expect(try await sessions.live(memberID: 1, now: 1_000_061).first?.lastUsedAt == 1_000_061)
        }
    }

    @Test func recognisedSessionsAreCachedBriefly() async throws {
        try await TestDatabase.withMigrated(.sqlite) { database in
            let sessions = SessionStore(database: database, policy: SessionPolicy(options: ConfigOptions([:])), clock: .system)
            let (first, firstToken) = try await database.withConnection {
                try await sessions.create(memberID: 1, userAgent: "t", ip: "i", now: 1_000_000, on: $0)
            }
            let (_, secondToken) = try await database.withConnection { try await sessions.create(memberID: 1, userAgent: "t", ip: "i", now: 1_000_000, on: $0) }
            #expect(try await sessions.authenticate(memberID: 1, token: firstToken.text, now: 1_000_001) != nil)
            #expect(try await sessions.authenticate(memberID: 1, token: secondToken.text, now: 1_000_001) != nil)

            try await database.withConnection { connection in
                try await connection.raw("UPDATE device_sessions SET revoked_at = 1000002 WHERE id = \(bind: first.id)").run()
            }
            #expect(try await sessions.authenticate(memberID: 1, token: firstToken.text, now: 1_000_004) != nil, "ended elsewhere: cached")
            #expect(try await sessions.authenticate(memberID: 1, token: firstToken.text, now: 1_000_006) == nil, "cache lifetime over")
            #expect(try await sessions.authenticate(memberID: 2, token: secondToken.text, now: 1_000_006) == nil, "another member's ID")

            try await sessions.revokeAll(memberID: 1, now: 1_000_007)
            #expect(try await sessions.authenticate(memberID: 1, token: secondToken.text, now: 1_000_007) == nil, "ended here: forgotten at once")
        }
    }

    @Test func bannedMembersLoseTheirSessions() async throws {
        try await TestServer.run(config: ["session_cache_seconds": "0"]) { client, services in
            let id = try await AccountFixtures.member("alice", services: services)
            let alice = try LoggedIn(try await client.login("alice"))
            try await AccountFixtures.update(id, "banned = \(bind: true)", services: services)
            let answer = try await client.envelope(AccountFixtures.sessionURI, headers: alice.iOSHeaders)
            #expect(answer.errorDetails == "You are not logged in.")
        }
    }

    @Test func crossSiteCookieRequestsAreRefused() async throws {
        try await TestServer.run { client, services in
            try await AccountFixtures.member("alice", services: services)
            let alice = try LoggedIn(try await client.login("alice"))
            var foreign = alice.cookieHeader
            foreign[.origin] = "https://evil.example"
            let refused = try await client.envelope(AccountFixtures.sessionURI + "&type=delete", method: .post, headers: foreign)
            #expect(refused.status == .forbidden)
            #expect(refused.success == false)

            var foreignWithHeaders = alice.iOSHeaders
            foreignWithHeaders[.origin] = "https://evil.example"
            let viaHeaders = try await client.envelope(AccountFixtures.sessionURI, method: .post, headers: foreignWithHeaders)
            #expect(viaHeaders.status == .ok)

            var sameSite = alice.cookieHeader
            sameSite[.origin] = "http://localhost"
            let allowed = try await client.envelope(AccountFixtures.sessionURI + "&type=view", method: .post, headers: sameSite)
            #expect(allowed.success == true, "\(allowed.raw)")

            let stillLoggedIn = try await client.envelope(AccountFixtures.sessionURI, headers: alice.cookieHeader)
            #expect(stillLoggedIn.success == true)
        }
    }
}
