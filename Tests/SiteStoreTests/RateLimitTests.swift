import TestSupport
import SiteStore
import Testing

/// Several limits checked in one query give the same answer as checking each: the longest wait.
@Suite struct RateLimitTests {
    @Test(arguments: TestDatabase.engines)
    func severalLimitsWaitForTheLongestOne(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let limit = RateLimit(database: database)
            let network = RateLimit.Subject.address("192.0.2.7"), account = RateLimit.Subject.login("ann")
            let tight = RateLimit.Rule(count: 2, seconds: 60), loose = RateLimit.Rule(count: 3, seconds: 600)
            let both = [(subject: network, rule: tight), (subject: account, rule: loose)]
            #expect(try await limit.wait("try", limits: both, now: 1_000) == nil, "nothing counted yet")
            #expect(try await limit.wait("try", limits: [], now: 1_000) == nil)

            try await limit.record("try", subject: network, now: 1_000)
            try await limit.record("try", subject: network, now: 1_010)
            #expect(try await limit.wait("try", limits: both, now: 1_020) == 40, "the network's 2 in 60 s: until 1,060")
            for time in [1_000, 1_005, 1_015] { try await limit.record("try", subject: account, now: time) }
            #expect(try await limit.wait("try", limits: both, now: 1_020) == 580, "the account's 3 in 600 s: until 1,600")
            #expect(try await limit.wait("try", subject: network, rule: tight, now: 1_020) == 40, "each alone, as before")
            #expect(try await limit.wait("try", limits: both, now: 1_070) == 530, "the network's window passed")
            #expect(try await limit.wait("other", limits: both, now: 1_020) == nil, "another action counts apart")
        }
    }
}
