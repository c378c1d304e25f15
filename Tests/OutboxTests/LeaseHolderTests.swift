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
            let outbox = OutboxSteps(database: database)
            let now = UnixTime.now
            let dead = HolderSteps(instance: "a", database: database)
            let alive = HolderSteps(instance: "b", database: database)
            // Beating, as two running processes do (registering on SQLite would void the other).
            try await dead.beat(now: now)
            try await alive.beat(now: now)
            try await MailFixtures.enqueue(database, now: now)
            try await MailFixtures.enqueue(database, now: now)
            #expect(try await outbox.claim(owner: dead.owner, limit: 1, leaseSeconds: 60, now: now).count == 1)
            #expect(try await outbox.claim(owner: alive.owner, limit: 1, leaseSeconds: 60, now: now).count == 1)

            let other = HolderSteps(instance: "c", database: database)
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
            let outbox = OutboxSteps(database: database)
            let now = UnixTime.now
            let before = HolderSteps(instance: "a", database: database)
            let neighbour = HolderSteps(instance: "b", database: database)
            try await before.register(now: now)
            try await neighbour.register(now: now)
            for _ in 0..<3 { try await MailFixtures.enqueue(database, now: now) }
            #expect(try await outbox.claim(owner: before.owner, limit: 2, leaseSeconds: 60, now: now).count == 2)
            #expect(try await outbox.claim(owner: neighbour.owner, limit: 1, leaseSeconds: 60, now: now).count == 1)

            let restarted = HolderSteps(instance: "a", database: database)
            #expect(try await restarted.register(now: now + 1) == (engine == .sqlite ? 3 : 2))
            #expect(try await outbox.claim(owner: restarted.owner, limit: 10, leaseSeconds: 60, now: now + 1).count == (engine == .sqlite ? 3 : 2))
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aCleanStopGivesEveryLeaseBack(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let outbox = OutboxSteps(database: database)
            let now = UnixTime.now
            let holder = HolderSteps(instance: "a", database: database)
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

/// The mail outbox as a worker uses it: each step a unit of work of its own.
private struct OutboxSteps {
    let database: Database

    func claim(owner: String, limit: Int, leaseSeconds: Int, now: Int) async throws -> [QueuedMail] {
        try await self.database.withConnection { try await MailOutbox.claim(owner: owner, limit: limit, leaseSeconds: leaseSeconds, now: now, on: $0) }
    }

    func renewLease(_ id: Int, owner: String, leaseSeconds: Int, now: Int) async throws -> Bool {
        try await self.database.withConnection { try await MailOutbox.renewLease(id, owner: owner, leaseSeconds: leaseSeconds, now: now, on: $0) }
    }
}

/// A process's lease holder as `LeaseHeartbeat` uses it.
private struct HolderSteps {
    let holder: LeaseHolder
    let database: Database

    init(instance: String, database: Database) {
        self.holder = LeaseHolder(instance: instance)
        self.database = database
    }

    var owner: String { self.holder.owner }

    func beat(now: Int) async throws {
        try await self.database.withConnection { try await self.holder.beat(now: now, on: $0) }
    }

    @discardableResult
    func register(now: Int) async throws -> Int {
        try await self.database.transaction { try await self.holder.register(now: now, on: $0) }
    }

    func release() async throws -> Int {
        try await self.database.transaction { try await self.holder.release(on: $0) }
    }
}
