import Mail
import Outbox
import SQLKit
import Storage
import TestSupport
import Testing

/// Outbox leases follow their holder: a dead holder's rows come back once its heartbeat is old, a
/// restart takes back what its instance (on SQLite: anyone) held, a clean stop gives everything back,
/// and a live holder's rows are never taken.
@Suite struct LeaseHolderTests {
    @Test(arguments: TestDatabase.engines)
    func aHolderThatStoppedBeatingLosesItsRowsAndALiveOneKeepsThem(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let outbox = MailOutbox(database: database)
            let now = UnixTime.now
            let dead = LeaseHolder(instance: "a", database: database)
            let alive = LeaseHolder(instance: "b", database: database)
            // Beating, as two running processes do (registering on SQLite would void the other).
            try await dead.beat(now: now)
            try await alive.beat(now: now)
            try await MailFixtures.enqueue(database, now: now)
            try await MailFixtures.enqueue(database, now: now)
            #expect(try await outbox.claim(owner: dead.owner, limit: 1, leaseSeconds: 60, now: now).count == 1)
            #expect(try await outbox.claim(owner: alive.owner, limit: 1, leaseSeconds: 60, now: now).count == 1)

            let other = LeaseHolder(instance: "c", database: database)
            #expect(try await outbox.claim(owner: other.owner, limit: 10, leaseSeconds: 60, now: now + LeaseHolder.deadAfterSeconds).isEmpty, "not dead yet")
            let later = now + LeaseHolder.deadAfterSeconds + 1
            try await alive.beat(now: later)
            let taken = try await outbox.claim(owner: other.owner, limit: 10, leaseSeconds: 60, now: later)
            #expect(taken.count == 1, "only the dead holder's row")
            #expect(try await outbox.renewLease(taken[0].id, owner: dead.owner, leaseSeconds: 60, now: later) == false, "the dead one, waking, leaves it")
        }
    }

    /// On PostgreSQL a new process takes back only its own instance's leases; on SQLite, where one
    /// server uses the file, every lease is older than it.
    @Test(arguments: TestDatabase.engines)
    func aRestartTakesBackWhatItsEarlierProcessHeld(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let outbox = MailOutbox(database: database)
            let now = UnixTime.now
            let before = LeaseHolder(instance: "a", database: database)
            let neighbour = LeaseHolder(instance: "b", database: database)
            try await before.register(now: now)
            try await neighbour.register(now: now)
            for _ in 0..<3 { try await MailFixtures.enqueue(database, now: now) }
            #expect(try await outbox.claim(owner: before.owner, limit: 2, leaseSeconds: 60, now: now).count == 2)
            #expect(try await outbox.claim(owner: neighbour.owner, limit: 1, leaseSeconds: 60, now: now).count == 1)

            let restarted = LeaseHolder(instance: "a", database: database)
            #expect(try await restarted.register(now: now + 1) == (engine == .sqlite ? 3 : 2))
            #expect(try await outbox.claim(owner: restarted.owner, limit: 10, leaseSeconds: 60, now: now + 1).count == (engine == .sqlite ? 3 : 2))
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aCleanStopGivesEveryLeaseBack(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let outbox = MailOutbox(database: database)
            let now = UnixTime.now
            let holder = LeaseHolder(instance: "a", database: database)
            try await holder.register(now: now)
            for _ in 0..<2 { try await MailFixtures.enqueue(database, now: now) }
            #expect(try await outbox.claim(owner: holder.owner, limit: 10, leaseSeconds: 60, now: now).count == 2)
            #expect(try await holder.release() == 2)
            #expect(try await outbox.claim(owner: "next", limit: 10, leaseSeconds: 60, now: now).count == 2, "due at once")
            let holders = try await database.withConnection {
                try await $0.raw("SELECT count(*) AS n FROM lease_holders").first()?.decode(column: "n", as: Int.self)
            }
            #expect(holders == 0)
        }
    }
}
