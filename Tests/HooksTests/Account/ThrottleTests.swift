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

/// Login throttling per (username, IP), per username and per IP, over a real socket with the client IP
/// taken from `X-Forwarded-For` of a trusted proxy.
@Suite struct ThrottleTests {
    @Test(arguments: TestDatabase.engines)
    func usernameAndIPScope(engine: DatabaseEngine) async throws {
        let config = ["login_throttle_user_ip_failures": "3", "login_throttle_user_ip_minutes": "15"]
        try await TestServer.run(engine: engine, settings: .behindLoopbackProxy, config: config, framework: .live) { client, services in
            try await AccountFixtures.member("alice", services: services)
            try await AccountFixtures.member("bob", services: services)
            for _ in 0..<3 {
                #expect(try await client.login("alice", "wrong", headers: .forwardedFor("10.0.0.1")).errorDetails == "Incorrect login or password, try again.")
            }
            let blocked = try await client.login("alice", headers: .forwardedFor("10.0.0.1"))
            #expect(blocked.success == false)
            #expect(blocked.status == .ok)
            #expect(blocked.errorDetails == "Too many failed login attempts. Please wait 15 minutes before trying again.")
            let retryAfter = try #require(blocked.headers[HTTPField.Name("Retry-After")!].flatMap(Int.init))
            #expect(retryAfter > 880 && retryAfter <= 900)

            #expect(try await client.login("ALICE", headers: .forwardedFor("10.0.0.1")).success == false)
            #expect(try await client.login("alice@example.com", headers: .forwardedFor("10.0.0.1")).success == false)
            #expect(try await client.login("alice", headers: .forwardedFor("10.0.0.2")).success == true)
            #expect(try await services.sessions.live(memberID: 2).map(\.ip) == ["10.0.0.2"], "the session records the client IP")
            #expect(try await client.login("bob", headers: .forwardedFor("10.0.0.1")).success == true)
        }
    }

    @Test func successClearsTheUsernameAndIPCounter() async throws {
        let config = ["login_throttle_user_ip_failures": "3"]
        try await TestServer.run(settings: .behindLoopbackProxy, config: config, framework: .live) { client, services in
            try await AccountFixtures.member("carol", services: services)
            for _ in 0..<2 { _ = try await client.login("carol", "wrong", headers: .forwardedFor("10.0.0.3")) }
            #expect(try await client.login("carol", headers: .forwardedFor("10.0.0.3")).success == true)
            for _ in 0..<2 { _ = try await client.login("carol", "wrong", headers: .forwardedFor("10.0.0.3")) }
            #expect(try await client.login("carol", headers: .forwardedFor("10.0.0.3")).success == true)
        }
    }

    @Test func usernameScopeSpansIPs() async throws {
        let config = ["login_throttle_user_failures": "4", "login_throttle_user_minutes": "60"]
        try await TestServer.run(settings: .behindLoopbackProxy, config: config, framework: .live) { client, services in
            try await AccountFixtures.member("dave", services: services)
            try await AccountFixtures.member("erin", services: services)
            for octet in 1...4 { _ = try await client.login("dave", "wrong", headers: .forwardedFor("10.1.0.\(octet)")) }
            let blocked = try await client.login("dave", headers: .forwardedFor("10.1.0.99"))
            #expect(blocked.errorDetails == "Too many failed login attempts. Please wait 60 minutes before trying again.")
            #expect(try await client.login("erin", headers: .forwardedFor("10.1.0.1")).success == true)
        }
    }

    @Test func ipScopeSpansUsernames() async throws {
        let config = ["login_throttle_ip_failures": "3", "login_throttle_ip_minutes": "15"]
        try await TestServer.run(settings: .behindLoopbackProxy, config: config, framework: .live) { client, services in
            try await AccountFixtures.member("frank", services: services)
            for name in ["x1", "x2", "x3"] { _ = try await client.login(name, "wrong", headers: .forwardedFor("10.2.0.1")) }
            #expect(try await client.login("frank", headers: .forwardedFor("10.2.0.1")).success == false)
            #expect(try await client.login("frank", headers: .forwardedFor("10.2.0.2")).success == true)
        }
    }

    @Test func forwardedForIsIgnoredFromUntrustedPeers() async throws {
        let config = ["login_throttle_user_ip_failures": "2"]
        try await TestServer.run(config: config, framework: .live) { client, services in
            try await AccountFixtures.member("grace", services: services)
            for octet in 1...2 { _ = try await client.login("grace", "wrong", headers: .forwardedFor("10.3.0.\(octet)")) }
            #expect(try await client.login("grace", headers: .forwardedFor("10.3.0.9")).success == false)
        }
    }

    /// Lesser finding of the security review: limits were checked and then counted, so 14 wrong logins
    /// sent at once were all checked against a limit of 5, and a contact limit of 2 let 3 through. Each
    /// attempt now takes its place under the limit before it is judged.
    @Test(arguments: TestDatabase.engines)
    func attemptsSentAtOnceNeverPassALimitTogether(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine, config: ["contact_us_limit_per_ip_per_hour": "2"]) { client, site in
            try await AccountFixtures.member("target", services: site)
            let logins = try await withThrowingTaskGroup(of: DecodedEnvelope.self) { group in
                for attempt in 0..<14 { group.addTask { try await client.login("target", "guess \(attempt)") } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(logins.filter { $0.errorDetails == "Incorrect login or password, try again." }.count == 5, "\(logins.map(\.raw))")
            #expect(logins.filter { $0.errorDetails?.hasPrefix("Too many failed login attempts.") == true }.count == 9)

            let messages = try await withThrowingTaskGroup(of: DecodedEnvelope.self) { group in
                for number in 0..<3 {
                    group.addTask {
                        try await client.postForm("/data/endpoint.php?hook_type=misc&hook=contact_us", [("title", "Note \(number)"), ("post", "Hello")])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(messages.filter { $0.success == true }.count == 2)
            let stored = try await site.database.withConnection {
                try await $0.raw("SELECT count(*) AS n FROM staff_messages").first()?.decode(column: "n", as: Int.self)
            }
            #expect(stored == 2)
        }
    }
}
