import EndpointCore
import Messages
import NIOConcurrencyHelpers
import News
import SQLKit
import Storage
import TestSupport
import Testing

@Suite struct NewsSearchGateTests {
    /// A gate on a migrated database whose clock the test moves.
    static func withGate(
        _ engine: DatabaseEngine, networksPerMinute: Int = 100_000, _ body: (NewsSearchGate, NIOLockedValueBox<Int>, Database) async throws -> Void
    ) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let time = NIOLockedValueBox(1_800_000_000)
            let gate = NewsSearchGate(database: database, clock: SiteClock { time.withLockedValue { $0 } }, networksPerMinute: networksPerMinute)
            try await body(gate, time, database)
        }
    }

    static func isAdmitted(_ gate: NewsSearchGate, _ address: String, perMinute: Int = 2) async throws -> Bool {
        do {
            try await gate.admit(from: address, perMinute: perMinute)
            return true
        } catch let refusal as Refusal where refusal.message == .newsSearchThrottled && refusal.kind == .limited {
            return false
        }
    }

    @Test func aNetworkIsRefusedPastItsLimitUntilTheNextMinute() async throws {
        try await Self.withGate(.sqlite) { gate, time, database in
            #expect(try await Self.isAdmitted(gate, "192.0.2.7"))
            #expect(try await Self.isAdmitted(gate, "192.0.2.7"))
            #expect(try await !Self.isAdmitted(gate, "192.0.2.7"))
            #expect(try await Self.isAdmitted(gate, "2001:db8::1"), "another network has its own count")
            #expect(try await Self.isAdmitted(gate, "2001:db8::2"))
            #expect(try await !Self.isAdmitted(gate, "2001:db8::ffff"), "an IPv6 /64 is one network")
            time.withLockedValue { $0 += 60 }
            #expect(try await Self.isAdmitted(gate, "192.0.2.7"))
            let rows = try await database.withConnection {
                try await $0.raw("SELECT COUNT(*) AS n FROM rate_windows").first()?.decode(column: "n", as: Int.self)
            }
            #expect(rows == 0, "counted in memory")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func networksPastTheMemorysShareAreCountedInTheDatabase(engine: DatabaseEngine) async throws {
        try await Self.withGate(engine, networksPerMinute: 1) { gate, _, database in
            #expect(try await Self.isAdmitted(gate, "192.0.2.7"))
            for address in ["198.51.100.1", "198.51.100.1"] { #expect(try await Self.isAdmitted(gate, address)) }
            #expect(try await !Self.isAdmitted(gate, "198.51.100.1"))
            let used = try await database.withConnection {
                try await $0.raw("SELECT subject, used FROM rate_windows WHERE action = 'news_search'").all().map {
                    (try $0.decode(column: "subject", as: String.self), try $0.decode(column: "used", as: Int.self))
                }
            }
            #expect(used.map(\.0) == ["net:198.51.100.1"] && used.map(\.1) == [2], "the refused search is given back")
            #expect(try await Self.isAdmitted(gate, "192.0.2.7"), "the first network is still counted in memory")
            #expect(try await !Self.isAdmitted(gate, "192.0.2.7"))
        }
    }
}
