import SQLKit
import Storage
import TestSupport
import Testing

/// Statements on PostgreSQL are prepared once per connection and mean what they meant unprepared.
@Suite(.enabled(if: TestDatabase.engines.contains(.postgres)))
struct PreparedStatementTests {
    /// A statement run again on the same connection is prepared once, with the parameter types an
    /// unnamed statement declares.
    @Test func aRepeatedStatementIsPreparedOnceOnItsConnection() async throws {
        try await TestDatabase.withMigrated(.postgres) { database in
            try await database.withConnection { connection in
                for name in ["a", "b", "c"] {
                    _ = try await connection.raw("SELECT value FROM config WHERE name = \(bind: name)").all()
                }
                let prepared = try await connection.raw(
                    """
                    SELECT statement || ' ' || parameter_types::text AS prepared FROM pg_prepared_statements
                    WHERE statement LIKE 'SELECT value FROM config%'
                    """
                ).all(decodingColumn: "prepared", as: String.self)
                #expect(prepared == ["SELECT value FROM config WHERE name = $1 {text}"])
            }
        }
    }

    /// An `Int` bound against an `INTEGER` column, a `String` against `VARCHAR`, a `Bool` and a NULL
    /// round-trip through prepared statements as they do through unnamed ones (a prepared statement
    /// typed by the server from the column would read the eight bytes of an `Int` as an `int4`).
    @Test func bindsKeepTheirTypesAgainstNarrowerColumns() async throws {
        try await TestDatabase.withMigrated(.postgres) { database in
            try await database.withConnection { connection in
                try await connection.raw("CREATE TEMP TABLE narrow (n INTEGER, s VARCHAR(20), b BOOLEAN, note TEXT)").run()
                for round in 1...3 {
                    try await connection.raw(
                        """
                        INSERT INTO narrow (n, s, b, note) VALUES (\(bind: round), \(bind: "row \(round)"), \(bind: round == 2), \(bind: String?.none))
                        """
                    ).run()
                }
                let rows = try await connection.raw("SELECT n, s, b, note FROM narrow WHERE n >= \(bind: 2) ORDER BY n").all()
                #expect(try rows.map { try $0.decode(column: "n", as: Int.self) } == [2, 3])
                #expect(try rows.map { try $0.decode(column: "s", as: String.self) } == ["row 2", "row 3"])
                #expect(try rows.map { try $0.decode(column: "b", as: Bool.self) } == [true, false])
                #expect(try rows.map { try $0.decode(column: "note", as: String?.self) } == [nil, nil])
            }
        }
    }

    /// A unique violation from a prepared INSERT is still recognised by the stores.
    @Test func aDuplicateFromAPreparedStatementIsRecognised() async throws {
        try await TestDatabase.withMigrated(.postgres) { database in
            try await database.withConnection { connection in
                try await connection.raw("CREATE TEMP TABLE once (v TEXT CONSTRAINT once_v UNIQUE)").run()
                try await connection.raw("INSERT INTO once (v) VALUES (\(bind: "x"))").run()
                let error = await #expect(throws: (any Error).self) {
                    try await connection.raw("INSERT INTO once (v) VALUES (\(bind: "x"))").run()
                }
                #expect(error.flatMap(ConstraintViolation.uniqueIndexName(in:)) == "once_v")
            }
        }
    }

    /// A statement first met inside a transaction that had already failed (so it failed to prepare)
    /// is prepared and answers once the transaction is over; postgres-nio would fail its first name
    /// on that connection for good.
    @Test func aStatementThatFailedToPrepareIsPreparedAgainLater() async throws {
        try await TestDatabase.withMigrated(.postgres) { database in
            try await database.withConnection { connection in
                try await connection.raw("BEGIN").run()
                await #expect(throws: (any Error).self) { try await connection.raw("SELECT 1 / \(bind: 0) AS x").run() }
                await #expect(throws: (any Error).self) {
                    try await connection.raw("SELECT name FROM config WHERE name = \(bind: "site_name")").run()
                }
                try await connection.raw("ROLLBACK").run()
                let names = try await connection.raw("SELECT name FROM config WHERE name = \(bind: "site_name")").all(decodingColumn: "name", as: String.self)
                #expect(names == ["site_name"])
                let prepared = try await connection.raw(
                    """
                    SELECT statement FROM pg_prepared_statements WHERE statement LIKE 'SELECT name FROM config%'
                    """
                ).all(decodingColumn: "statement", as: String.self)
                #expect(prepared == ["SELECT name FROM config WHERE name = $1"])
            }
        }
    }
}

extension PreparedStatementTests {
    /// A column a prepared statement returns changes type (a migration, perhaps run by another
    /// instance): the statement still answers, and is prepared again under a new name.
    @Test func aStatementWhoseColumnsChangedTypeIsPreparedAgain() async throws {
        try await TestDatabase.withMigrated(.postgres) { database in
            try await database.withConnection { connection in
                try await connection.raw("CREATE TEMP TABLE widening (id INTEGER, n INTEGER)").run()
                try await connection.raw("INSERT INTO widening (id, n) VALUES (1, 41)").run()
                let read = { try await connection.raw("SELECT n FROM widening WHERE id = \(bind: 1)").first(decodingColumn: "n", as: Int.self) }
                #expect(try await read() == 41)
                try await connection.raw("ALTER TABLE widening ALTER COLUMN n TYPE BIGINT").run()
                try await connection.raw("UPDATE widening SET n = 42").run()
                #expect(try await read() == 42)
                #expect(try await read() == 42)
                let prepared = try await connection.raw(
                    """
                    SELECT count(*) AS n FROM pg_prepared_statements WHERE statement = 'SELECT n FROM widening WHERE id = $1'
                    """
                ).first(decodingColumn: "n", as: Int.self)
                // The first preparation stays on the server, unused, until the connection closes.
                #expect(prepared == 2)
            }
        }
    }
}
