import SQLKit
import Storage
import TestSupport
import Testing

/// A transaction whose `COMMIT` fails (here: a reference checked only at commit) writes nothing and
/// leaves no connection in the pool with the transaction still open. SQLite keeps a transaction open
/// when its COMMIT fails; before, the next request lent that connection could not begin its own, or
/// committed the half-done work as its own.
@Suite struct TransactionTests {
    @Test(arguments: TestDatabase.engines)
    func aFailedCommitWritesNothingAndSpoilsNoLaterTransaction(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            await #expect(throws: (any Error).self) {
                try await database.transaction { connection in
                    try await connection.raw("INSERT INTO config (name, value) VALUES ('half_done', '1')").run()
                    if engine == .sqlite {
                        try await connection.raw("PRAGMA defer_foreign_keys = ON").run()
                        try await connection.raw("INSERT INTO group_members (group_id, member_id) VALUES (2, 999)").run()
                    } else {
                        try await connection.raw(
                            """
                            CREATE TEMP TABLE dangling (group_id BIGINT REFERENCES groups (id) DEFERRABLE INITIALLY DEFERRED) ON COMMIT DROP
                            """
                        ).run()
                        try await connection.raw("INSERT INTO dangling (group_id) VALUES (999)").run()
                    }
                }
            }
            for round in 0..<12 {
                try await database.transaction { connection in
                    try await connection.raw("INSERT INTO config (name, value) VALUES (\(bind: "later_\(round)"), '1')").run()
                }
            }
            let names = try await database.withConnection { connection in
                try await connection.raw("SELECT name FROM config WHERE name = 'half_done' OR name LIKE 'later%'").all()
                    .map { try $0.decode(column: "name", as: String.self) }
            }
            #expect(!names.contains("half_done"), "the failed transaction's work was rolled back, not committed later")
            #expect(names.count == 12, "every later transaction began and committed")
            let dangling = try await database.withConnection {
                try await $0.raw("SELECT count(*) AS n FROM group_members WHERE member_id = 999").first()?.decode(column: "n", as: Int.self)
            }
            #expect(dangling == 0)
        }
    }
}
