import SQLKit
import TestSupport
import Testing

@testable import Storage

/// Rows of prepared statements decode the types the stores read straight from their cells, and mean
/// what postgres-kit's rows meant: NULLs, missing columns, and any other type (a `numeric` read as a
/// `Double`) as postgres-kit reads it.
@Suite(.enabled(if: TestDatabase.engines.contains(.postgres)))
struct PostgresStoreRowTests {
    @Test func aRowDecodesAsPostgresKitsDid() async throws {
        try await TestDatabase.withMigrated(.postgres) { database in
            try await database.withConnection { connection in
                let row = try #require(
                    try await connection.raw(
                        """
                        SELECT \(bind: 7) AS n, 'x'::varchar AS s, TRUE AS b, NULL::text AS absent, 2.5::numeric AS d,
                            COUNT(*) AS c FROM config
                        """
                    ).first())
                #expect(row is PostgresStoreRow, "read through a prepared statement")
                #expect(row.allColumns == ["n", "s", "b", "absent", "d", "c"])
                #expect(try row.decode(column: "n", as: Int.self) == 7)
                #expect(try row.decode(column: "n", as: Int?.self) == 7)
                #expect(try row.decode(column: "s", as: String.self) == "x")
                #expect(try row.decode(column: "b", as: Bool.self))
                #expect(try row.decode(column: "absent", as: String?.self) == nil)
                #expect(try row.decodeNil(column: "absent"))
                #expect(throws: (any Error).self, "NULL is no String") { try row.decode(column: "absent", as: String.self) }
                #expect(try row.decode(column: "d", as: Double.self) == 2.5, "postgres-kit's reading of a numeric")
                #expect(try row.decode(column: "c", as: Int.self) > 0)
                #expect(!row.contains(column: "missing"))
                #expect(try row.decodeNil(column: "missing"))
                #expect(throws: (any Error).self) { try row.decode(column: "missing", as: Int?.self) }
            }
        }
    }
}
