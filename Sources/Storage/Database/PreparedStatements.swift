import PostgresKit

/// The names of the statements prepared on one PostgreSQL connection, by their text and parameter
/// types.
///
/// postgres-nio remembers, per connection and name, a statement that failed to prepare, and fails
/// every later use of that name with the same error, even when the failure was passing (a statement
/// first met inside a transaction that had already failed). So a statement is only taken as prepared
/// once it has run; until then a failure gives it a new name, and after a few it runs unnamed.
struct PreparedStatements {
    /// More than the stores' distinct statements, few enough that a connection's plans stay small on
    /// the server; past it (texts built per call) statements run unnamed, as before.
    static let capacity = 256
    /// Failures before a statement that never ran is left unprepared on the connection.
    static let attempts = 3

    struct Key: Hashable {
        let sql: String
        let types: [PostgresDataType]
    }

    private enum Entry {
        case named(String, ran: Bool, failures: Int)
        case unnamed
    }

    private var entries: [Key: Entry] = [:]
    private var lastNumber = 0

    /// The name to run a statement under, and whether it has run under that name already (then how
    /// the next run goes need not be recorded).
    struct Use {
        let name: String
        let ran: Bool
    }

    /// How to run `key`, or nil when it runs unnamed.
    mutating func use(for key: Key) -> Use? {
        switch self.entries[key] {
        case .named(let name, let ran, _):
            return Use(name: name, ran: ran)
        case .unnamed:
            return nil
        case nil:
            guard self.entries.count < Self.capacity else { return nil }
            let name = self.nextName()
            self.entries[key] = .named(name, ran: false, failures: 0)
            return Use(name: name, ran: false)
        }
    }

    /// Records how running `key` went, until it has run once.
    mutating func record(_ key: Key, succeeded: Bool) {
        guard case .named(let name, let ran, let failures)? = self.entries[key], !ran else { return }
        if succeeded {
            self.entries[key] = .named(name, ran: true, failures: failures)
        } else if failures + 1 < Self.attempts {
            self.entries[key] = .named(self.nextName(), ran: false, failures: failures + 1)
        } else {
            self.entries[key] = .unnamed
        }
    }

    /// Forgets `key`'s name, so the next use prepares it afresh under a new one: PostgreSQL no longer
    /// runs a prepared statement whose result columns changed type under it.
    mutating func forget(_ key: Key) {
        self.entries[key] = nil
    }

    private mutating func nextName() -> String {
        self.lastNumber += 1
        return "endpoint_\(self.lastNumber)"
    }
}
