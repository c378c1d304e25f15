@testable import Endpoint
import ArgumentParser
import Auth
import Foundation
import SiteStore
import Testing

/// `endpoint member add` creates accounts and refuses duplicates and invalid input clearly.
@Suite struct MemberCommandTests {
    private func run(_ arguments: [String], database: DatabaseURL) async throws {
        try await self.run(MemberAddCommand.self, arguments, database: database)
    }

    private func run<Command: AsyncParsableCommand>(_ type: Command.Type, _ arguments: [String], database: DatabaseURL) async throws {
        let migrations = TestDatabase.migrationsFolder.path
        let parsed = try Command.parseAsRoot(arguments + ["--database", database.connectionString, "--migrations", migrations])
        guard var command = parsed as? Command else { throw TestFailure("not a \(Command.self)") }
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

    @Test func passwordCommandReplacesTheHashAndEndsSessions() async throws {
        let url = try await TestDatabase.freshURL(.sqlite)
        try await self.run(["--username", "dave", "--email", "dave@example.com", "--password", "first password"], database: url)
        try await TestDatabase.withOpen(url) { database in
            let sessions = SessionStore(database: database, policy: SessionPolicy())
            _ = try await sessions.create(memberID: 2, userAgent: "phone", ip: "10.0.0.1")
            _ = try await sessions.create(memberID: 2, userAgent: "tablet", ip: "10.0.0.2")
        }
        try await self.run(MemberPasswordCommand.self, ["--username", "DAVE", "--password", "second password"], database: url)
        try await TestDatabase.withOpen(url) { database in
            let dave = try #require(try await MemberStore(database: database).find(id: 2))
            let hasher = PasswordHasher(threads: 1)
            #expect(try await hasher.verify("second password", against: dave.passwordHash) == .match(needsRehash: false))
            try await hasher.shutdown()
            #expect(try await SessionStore(database: database, policy: SessionPolicy()).live(memberID: 2).isEmpty)
        }
        await #expect(throws: CommandFailure("There is no member \u{2018}nobody\u{2019}.")) {
            try await self.run(MemberPasswordCommand.self, ["--username", "nobody", "--password", "second password"], database: url)
        }
        await #expect(throws: CommandFailure("There is no member \u{2018}Guest\u{2019}.")) {
            try await self.run(MemberPasswordCommand.self, ["--username", "Guest", "--password", "second password"], database: url)
        }
    }

    @Test func sessionsCommandRevokesEveryDevice() async throws {
        let url = try await TestDatabase.freshURL(.sqlite)
        try await self.run(["--username", "erin", "--email", "erin@example.com", "--password", "a password"], database: url)
        try await TestDatabase.withOpen(url) { database in
            _ = try await SessionStore(database: database, policy: SessionPolicy()).create(memberID: 2, userAgent: "phone", ip: "10.0.0.1")
        }
        try await self.run(MemberSessionsCommand.self, ["--username", "erin"], database: url)
        try await self.run(MemberSessionsCommand.self, ["--username", "erin", "--revoke-all"], database: url)
        let remaining = try await TestDatabase.withOpen(url) { database in
            try await SessionStore(database: database, policy: SessionPolicy()).live(memberID: 2)
        }
        #expect(remaining.isEmpty)
    }
}
