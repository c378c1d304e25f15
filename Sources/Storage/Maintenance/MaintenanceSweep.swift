public import SQLKit

/// Deletes the rows nothing will read again, so tables stop growing: each feature says which of its
/// rows those are (a ``Step`` per table, kept beside its store), and the server lists the steps once
/// (`Maintenance` in `EndpointServer`).
///
/// One sweep is one transaction. On PostgreSQL it first takes a transaction-level advisory lock, so
/// when several instances sweep at the same moment only one does the work and the others skip.
public struct MaintenanceSweep: Sendable {
    /// One table's part of a sweep: how many of its rows it removed as of a time.
    public struct Step: Sendable {
        public let table: String
        package let run: @Sendable (_ now: Int, _ connection: StoreConnection) async throws -> Int

        public init(table: String, run: @escaping @Sendable (_ now: Int, _ connection: StoreConnection) async throws -> Int) {
            self.table = table
            self.run = run
        }

        /// The step deleting the rows of `table` that `condition` (as of a time) picks, counted first
        /// in the same transaction rather than returned one by one: a first sweep may remove millions.
        public static func deleting(from table: String, where condition: @escaping @Sendable (_ now: Int) -> SQLQueryString) -> Step {
            Step(table: table) { now, connection in
                let count =
                    try await connection.raw("SELECT count(*) AS removed FROM \(unsafeRaw: table) WHERE \(condition(now))").first()?
                    .decode(column: "removed", as: Int.self) ?? 0
                if count > 0 { try await connection.raw("DELETE FROM \(unsafeRaw: table) WHERE \(condition(now))").run() }
                return count
            }
        }

        /// The step of a change log whose readers hold tokens (`table`, numbered by `seq`, timed by
        /// `changed_at`): rows recorded more than `seconds` ago go, and the highest number removed is
        /// kept as `sync`'s `swept_through`, so a token that old is answered with a reset rather than
        /// with changes missing.
        public static func changeLog(_ table: String, sync: String, olderThan seconds: Int) -> Step {
            Step(table: table) { now, connection in
                let highest = try await connection.raw(
                    "SELECT MAX(seq) AS highest FROM \(unsafeRaw: table) WHERE changed_at < \(bind: now - seconds)"
                ).first()?.decode(column: "highest", as: Int?.self)
                guard let highest else { return 0 }
                let removed =
                    try await connection.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table) WHERE seq <= \(bind: highest)").first()?
                    .decode(column: "n", as: Int.self) ?? 0
                try await connection.raw("DELETE FROM \(unsafeRaw: table) WHERE seq <= \(bind: highest)").run()
                try await connection.raw("UPDATE \(unsafeRaw: sync) SET swept_through = \(bind: highest) WHERE swept_through < \(bind: highest)").run()
                return removed
            }
        }
    }

    /// What one sweep removed, table by table, in the steps' order.
    public struct Removed: Sendable, Equatable {
        public var counts: [Count]

        public struct Count: Sendable, Equatable {
            public var table: String
            public var count: Int
        }

        /// How many rows of `table` went.
        public subscript(table: String) -> Int {
            self.counts.first { $0.table == table }?.count ?? 0
        }
    }

    /// The advisory lock key that makes sweeps on one PostgreSQL database one at a time ("sweep").
    public static let advisoryLockKey: Int64 = 0x7377_6565_70

    let database: Database
    let steps: [Step]

    public init(database: Database, steps: [Step]) {
        self.database = database
        self.steps = steps
    }

    /// Sweeps once as of `now`; nil when another instance holds the sweep lock.
    public func run(now: Int) async throws -> Removed? {
        try await self.database.transaction { connection in
            if self.database.engine == .postgres {
                let locked = try await connection.raw("SELECT pg_try_advisory_xact_lock(\(bind: Self.advisoryLockKey)) AS locked").first()?
                    .decode(column: "locked", as: Bool.self)
                guard locked == true else { return nil }
            }
            var removed = Removed(counts: [])
            for step in self.steps {
                removed.counts.append(Removed.Count(table: step.table, count: try await step.run(now, connection)))
            }
            return removed
        }
    }
}
