import HTTPTypes
import Storage
import TestSupport
import Testing

/// A use case borrows one pooled connection per unit of work (issue 66: one login borrowed eight):
/// a login two — the member read with its attempt counted, then everything a success writes, with no
/// connection held while Argon2 runs — and the Android SDK's session call, its credentials in the
/// form, one for recognising its session and one for the member's groups, none once both are
/// remembered. Counted on the real server with nothing else running (the background services are
/// left out: their beats would be counted too).
@Suite struct ConnectionBudgetTests {
    static let backgroundServices: Set<String> = [
        "cache announcements", "image workshop", "lease heartbeat", "maintenance", "news clock", "news live", "password resets", "push client",
    ]

    @Test(arguments: TestDatabase.engines)
    func aLoginBorrowsTwoConnectionsAndASessionCallAtMostTwo(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine, config: ["session_cache_seconds": "0"], excluding: Self.backgroundServices) { client, site in
            _ = try await AccountFixtures.member("alice", services: site)
            #expect(try await client.login("alice").success == true, "a first login reads the options")

            let beforeLogin = site.database.connectionsLent
            let device = try LoggedIn(try await client.login("alice"))
            #expect(site.database.connectionsLent - beforeLogin == 2)

            let beforeSession = site.database.connectionsLent
            #expect(try await client.postForm(AccountFixtures.sessionURI, device.formFields).success == true)
            #expect(site.database.connectionsLent - beforeSession == 2, "nothing remembered: the session, then the groups")
        }
    }

    @Test func aRepeatedSessionCallBorrowsNothing() async throws {
        try await TestServer.run(excluding: Self.backgroundServices) { client, site in
            _ = try await AccountFixtures.member("alice", services: site)
            let device = try LoggedIn(try await client.login("alice"))
            #expect(try await client.postForm(AccountFixtures.sessionURI, device.formFields).success == true)
            let before = site.database.connectionsLent
            #expect(try await client.postForm(AccountFixtures.sessionURI, device.formFields).success == true)
            #expect(site.database.connectionsLent == before, "the session and the groups remembered (session_cache_seconds)")
        }
    }
}
