import Storage
import TestSupport
import Testing

/// Limits are checked and counted in one step: several limits at once wait for the longest, a refusal
/// counts nothing, a reservation can be given back, and concurrent requests never pass a limit
/// together (the review's finding: 14 concurrent wrong logins were all checked against a limit of 5).
@Suite struct RateLimitTests {
    @Test(arguments: TestDatabase.engines)
    func severalLimitsWaitForTheLongestOne(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let limit = RateLimit(database: database, clock: .system)
            let network = RateLimit.Subject.address("192.0.2.7")
            let account = RateLimit.Subject.login("ann")
            let tight = RateLimit.Rule(count: 2, seconds: 60)
            let loose = RateLimit.Rule(count: 3, seconds: 600)
            let both = [(subject: network, rule: tight), (subject: account, rule: loose)]
            #expect(try await limit.admit("try", subject: network, rule: tight, now: 1_000) == nil)
            #expect(try await limit.admit("try", subject: network, rule: tight, now: 1_010) == nil)
            #expect(try await limit.admit("try", subject: network, rule: tight, now: 1_020) == 40, "the network's 2 in 60 s: until 1,060")
            for time in [1_000, 1_005, 1_015] { #expect(try await limit.admit("try", subject: account, rule: loose, now: time) == nil) }
            #expect(try await limit.reserve("try", limits: both, now: 1_020) == .limited(seconds: 580), "the account's 3 in 600 s: until 1,600")
            #expect(try await limit.reserve("try", limits: both, now: 1_070) == .limited(seconds: 530), "the network's window passed")
            #expect(try await limit.admit("try", subject: network, rule: tight, now: 1_070) == nil, "a refusal counted nothing")
            guard case .admitted = try await limit.reserve("other", limits: both, now: 1_020) else {
                Issue.record("another action counts apart")
                return
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aReservationGivenBackCountsNothing(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let limit = RateLimit(database: database, clock: .system)
            let rule = RateLimit.Rule(count: 1, seconds: 60)
            guard case .admitted(let reservation) = try await limit.reserve("try", limits: [(.member(7), rule)], now: 1_000) else {
                Issue.record("the first is admitted")
                return
            }
            #expect(try await limit.admit("try", subject: .member(7), rule: rule, now: 1_001) == 59)
            try await limit.release(reservation)
            #expect(try await limit.admit("try", subject: .member(7), rule: rule, now: 1_002) == nil)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func concurrentRequestsNeverPassALimitTogether(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let limit = RateLimit(database: database, clock: .system)
            let rule = RateLimit.Rule(count: 5, seconds: 3600)
            let admitted = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        guard case .admitted = try await limit.reserve("try", limits: [(.address("198.51.100.1"), rule), (.login("ann"), rule)]) else {
                            return false
                        }
                        return true
                    }
                }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(admitted == 5)
        }
    }
}
