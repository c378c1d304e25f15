package import SQLKit

/// One connection to the site's database, or the transaction open on it: what every store's
/// statements run on, and the unit of work a caller passes from store to store.
///
/// Rules and answers hold one without seeing SQL (only the storage kernel and the stores, the `Store/`
/// folder of each feature, import SQLKit: `ModuleBoundaryTests`), so a rule written over stores cannot
/// grow statements of its own. ``Database/withConnection(_:)`` lends one;
/// ``Database/transaction(foreignKeysOff:_:)`` lends one with a transaction open around the closure.
public struct StoreConnection: Sendable {
    /// The SQL connection, for the stores (and tests, which set up rows the API cannot make).
    package let sql: any SQLDatabase
    /// What the writes on it made stale, handed over once they commit (``Database/whenStale(_:)``).
    let marks: StaleMarks

    init(_ sql: any SQLDatabase, marks: StaleMarks) {
        self.sql = sql
        self.marks = marks
    }

    /// Notes that a write on this connection made `announcement`'s caches stale: a store calls it for
    /// each write the caches depend on (the tables PostgreSQL's triggers announce), and the database
    /// tells this instance once the write is committed.
    package func markStale(_ announcement: CacheAnnouncement) {
        self.marks.add(announcement)
    }

    /// A statement as SQL text with bound values (SQLKit's `raw`).
    package func raw(_ query: SQLQueryString) -> SQLRawBuilder {
        self.sql.raw(query)
    }

    /// What `body` returns, with each of its statements allowed `milliseconds` on PostgreSQL, or nil
    /// when one ran out of time (and was cancelled by PostgreSQL); on SQLite, `body` as it is. For
    /// reads outside a transaction only: it opens a read-only transaction of its own, to which the
    /// limit is local, so the pooled connection keeps no limit whatever happens.
    package func limitingStatements<Result>(toMilliseconds milliseconds: Int, _ body: (StoreConnection) async throws -> Result) async throws -> Result? {
        guard self.isPostgres else { return try await body(self) }
        try await self.raw("BEGIN READ ONLY").run()
        do {
            try await self.raw("SET LOCAL statement_timeout = \(literal: milliseconds)").run()
            let result = try await body(self)
            try await self.raw("COMMIT").run()
            return result
        } catch {
            try? await self.raw("ROLLBACK").run()
            if StatementTimeout.isTimeout(error) { return nil }
            throw error
        }
    }

    /// Whether the database is PostgreSQL (a few statements differ from SQLite's).
    package var isPostgres: Bool {
        self.sql.dialect.name == "postgresql"
    }
}
