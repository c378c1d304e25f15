import Storage
import Testing

@testable import Auth

/// The short-lived cache of recognised sessions and memberships: values expire, keys seen once do not
/// pile up, and nothing is answered while caches are distrusted.
@Suite struct ExpiringCacheTests {
    @Test func valuesExpireAfterTheirLifetime() {
        let cache = ExpiringCache<String, Int>(name: "test", lifetimeSeconds: 5, trust: CacheTrust())
        cache.store(1, for: "a", now: 100)
        #expect(cache.value(for: "a", now: 104) == 1)
        #expect(cache.value(for: "a", now: 105) == nil)
    }

    /// Devices that log in once and go away: without sweeping, every key would stay until the
    /// capacity is reached (tens of megabytes for a day of logins).
    @Test func keysSeenOnceAreSweptAfterALifetime() {
        let cache = ExpiringCache<Int, Int>(name: "test", lifetimeSeconds: 5, trust: CacheTrust(), capacity: 1_000_000)
        for second in 0..<60 {
            for key in 0..<100 { cache.store(key, for: second * 1000 + key, now: second) }
        }
        #expect(cache.count <= 1000, "at most two lifetimes' worth of keys, not all 6,000: \(cache.count)")
    }

    @Test func forgettingAndUpdatingWork() {
        let cache = ExpiringCache<String, Int>(name: "test", lifetimeSeconds: 5, trust: CacheTrust())
        cache.store(1, for: "a", now: 0)
        cache.store(2, for: "b", now: 0)
        cache.update("a") { $0 += 10 }
        cache.forget { key, _ in key == "b" }
        #expect(cache.value(for: "a", now: 1) == 11)
        #expect(cache.value(for: "b", now: 1) == nil)
    }

    /// While announcements may be missed (the listener is down), every read goes to the database.
    @Test func aDistrustedCacheAnswersNothingUntilTrustedAgain() {
        let trust = CacheTrust()
        let cache = ExpiringCache<String, Int>(name: "test", lifetimeSeconds: 5, trust: trust)
        cache.store(1, for: "a", now: 0)
        trust.distrust()
        #expect(cache.value(for: "a", now: 1) == nil)
        trust.trust()
        #expect(cache.value(for: "a", now: 1) == 1)
    }
}
