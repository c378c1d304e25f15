import TestSupport
import Foundation
@testable import SiteStore
import SQLKit
import Testing

/// Migrations apply, re-apply as a no-op and roll back on failure, on SQLite and PostgreSQL.
@Suite struct MigrationTests {
    @Test(arguments: TestDatabase.engines)
    func applyThenReapplyIsANoOp(engine: DatabaseEngine) async throws {
        try await TestDatabase.withFresh(engine) { database in
            let files = try MigrationFile.load(from: TestDatabase.migrationsFolder, engine: engine)
            #expect(files.map(\.version) == Array(1...files.count))
            let migrator = Migrator(database: database, files: files, logger: quietLogger)
            let first = try await migrator.migrate()
            #expect(first == files.map(\.name))
            let second = try await migrator.migrate()
            #expect(second.isEmpty)

            let guest = try #require(try await MemberStore(database: database).find(id: 1))
            #expect(guest.username == "Guest")
            #expect(guest.passwordHash.isEmpty)
            let groups = try await database.withConnection { try await $0.raw("SELECT name FROM groups ORDER BY id").all() }
            #expect(try groups.map { try $0.decode(column: "name", as: String.self) } == ["Guests", "Administrators", "Super-moderators", "Members"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func failedMigrationLeavesNoTrace(engine: DatabaseEngine) async throws {
        try await TestDatabase.withFresh(engine) { database in
            var files = try MigrationFile.load(from: TestDatabase.migrationsFolder, engine: engine)
            let broken = MigrationFile(
                version: 9_999,
                name: "9999_broken.sql",
                sql: "CREATE TABLE half_done (id INTEGER PRIMARY KEY);\nINSERT INTO half_done (id) VALUES (1);\nINSERT INTO no_such_table (x) VALUES (1);"
            )
            files.append(broken)
            let migrator = Migrator(database: database, files: files, logger: quietLogger)
            await #expect(throws: Migrator.Failure.self) { try await migrator.migrate() }

            let applied = try await migrator.appliedVersions()
            #expect(!applied.contains(9_999))
            #expect(applied.count == files.count - 1)
            await #expect(throws: (any Error).self) {
                try await database.withConnection { try await $0.raw("SELECT id FROM half_done").all() }
            }
        }
    }

    /// The binary carries exactly the repository's migrations (built in by the EmbedData plugin).
    @Test(arguments: [DatabaseEngine.sqlite, .postgres])
    func builtInMigrationsAreTheRepositorysFolder(engine: DatabaseEngine) throws {
        let embedded = try MigrationFile.embedded(engine: engine)
        #expect(!embedded.isEmpty)
        #expect(embedded == (try MigrationFile.load(from: TestDatabase.migrationsFolder, engine: engine)))
    }

    @Test func scriptSplittingRespectsQuotesAndComments() throws {
        let script = "-- a comment; with a semicolon\nINSERT INTO t VALUES ('a;b', \"c;d\"); /* x; y */ SELECT 1;\n\n;"
        #expect(SQLScript(script).statements == ["INSERT INTO t VALUES ('a;b', \"c;d\")", "SELECT 1"])
    }
}
