package import SQLKit

/// One connection to the site's database, or the transaction open on it: what every store's
/// statements run on, and the unit of work a caller passes from store to store.
///
/// Modules above SiteStore hold one without seeing SQL (none of them imports SQLKit), so a rule
/// written over stores cannot grow statements of its own. ``Database/withConnection(_:)`` lends one;
/// ``Database/transaction(foreignKeysOff:_:)`` lends one with a transaction open around the closure.
public struct StoreConnection: Sendable {
    /// The SQL connection, for the stores (and tests, which set up rows the API cannot make).
    package let sql: any SQLDatabase

    package init(_ sql: any SQLDatabase) {
        self.sql = sql
    }

    /// A statement as SQL text with bound values (SQLKit's `raw`).
    package func raw(_ query: SQLQueryString) -> SQLRawBuilder {
        self.sql.raw(query)
    }

    /// Whether the database is PostgreSQL (a few statements differ from SQLite's).
    var isPostgres: Bool {
        self.sql.dialect.name == "postgresql"
    }
}
