@testable import Endpoint
import Foundation
import SiteStore
import Testing

/// `endpoint member add` creates accounts and refuses duplicates and invalid input clearly.
@Suite struct MemberCommandTests {
    private func run(_ arguments: [String], database: DatabaseURL) async throws {
        let migrations = TestDatabase.migrationsFolder.path
        let parsed = try MemberAddCommand.parseAsRoot(
            arguments + ["--database", database.connectionString, "--migrations", migrations]
        )
        guard let command = parsed as? MemberAddCommand else { throw TestFailure("not a member add command") }
        try await command.run()
    }

    @Test(arguments: TestDatabase.engines)
    func addsMembersAndRefusesDuplicates(engine: DatabaseEngine) async throws {
        let url = try await TestDatabase.freshURL(engine)
        try await self.run(["--username", "alice", "--email", "alice@example.com", "--password", "correct horse", "--admin"], database: url)

        try await TestDatabase.withOpen(url) { database in
            let alice = try #require(try await MemberStore(database: database).find(login: "ALICE"))
            #expect(alice.email == "alice@example.com")
            #expect(alice.passwordHash.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
            #expect(alice.primaryGroupID == 2)
        }

        await #expect(throws: CommandFailure("The username specified already exists")) {
            try await self.run(["--username", "Alice", "--email", "other@example.com", "--password", "correct horse"], database: url)
        }
        await #expect(throws: CommandFailure("The given e-mail address is already used by another account.")) {
            try await self.run(["--username", "bob", "--email", "ALICE@example.com", "--password", "correct horse"], database: url)
        }
    }

    @Test func refusesInvalidInput() async throws {
        let url = try await TestDatabase.freshURL(.sqlite)
        await #expect(throws: CommandFailure("The password must be at least 8 characters")) {
            try await self.run(["--username", "carol", "--email", "carol@example.com", "--password", "short"], database: url)
        }
        await #expect(throws: CommandFailure("You inputted an invalid e-mail address")) {
            try await self.run(["--username", "carol", "--email", "carol@", "--password", "long enough"], database: url)
        }
        await #expect(throws: CommandFailure("The username must be at least 3 characters")) {
            try await self.run(["--username", " c ", "--email", "c@example.com", "--password", "long enough"], database: url)
        }
        #expect(throws: (any Error).self) {
            var command = try MemberAddCommand.parseAsRoot(["--username", "x", "--email", "x@example.com"])
            try command.validate()
        }
    }
}
