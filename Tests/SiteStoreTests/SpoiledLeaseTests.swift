import SiteStore
import TestSupport
import Testing

/// A lease spoiled by its transaction (foreign keys turned off, a failed `COMMIT`) closes its
/// connection before giving it back; the pool then holds a closed connection, which it closes again
/// when it shuts down. sqlite-nio's `close()` of a closed connection dereferences its nil handle (a
/// crash of every release-build `endpoint migrate` on a fresh SQLite file, at exit), so the pool's
/// SQLite connections close once however often they are asked to.
@Suite struct SpoiledLeaseTests {
    @Test(arguments: TestDatabase.engines)
    func aDatabaseShutsDownAfterASpoiledLease(engine: DatabaseEngine) async throws {
        let url = try await TestDatabase.freshURL(engine)
        for _ in 0..<3 {
            // The spoiled connection is the last thing the pool holds when it shuts down.
            try await Database.withOpen(url, connectionsPerEventLoop: 1) { database in
                try await database.transaction(foreignKeysOff: true) { connection in
                    try await connection.raw("CREATE TABLE IF NOT EXISTS spoiled (id INTEGER)").run()
                }
            }
        }
        let tables = try await Database.withOpen(url) { database in
            try await database.withConnection { try await $0.raw("SELECT count(*) AS n FROM spoiled").first()?.decode(column: "n", as: Int.self) }
        }
        #expect(tables == 0, "the file is still usable")
    }
}
