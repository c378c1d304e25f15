import Auth
import Foundation
import Storage
import TestSupport
import Testing

/// `endpoint member …` as an operator runs it: accounts are created by the same rules as everywhere,
/// duplicates and invalid input are refused with a sentence, passwords and sessions are managed.
@Suite struct MemberCommandTests {
    /// Runs `endpoint` with `arguments` on `database`; succeeds only when the command did.
    @discardableResult
    private func run(_ arguments: [String], database: DatabaseURL) throws -> String {
        let result = try EndpointProcess.run(arguments, database: database.connectionString)
        guard result.status == 0 else { throw CommandError(message: result.errors) }
        return result.output
    }

    /// What a failed command printed on standard error.
    private struct CommandError: Error {
        let message: String
    }

    /// Expects the command to fail with `message`, as ArgumentParser prints it.
    private func expectFailure(_ message: String, _ arguments: [String], database: DatabaseURL) throws {
        let result = try EndpointProcess.run(arguments, database: database.connectionString)
        #expect(result.status != 0)
        #expect(result.errors.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("Error: " + message), "\(result.errors)")
    }

    @Test(arguments: TestDatabase.engines)
    func addsMembersAndRefusesDuplicates(engine: DatabaseEngine) async throws {
        let url = try await TestDatabase.freshURL(engine)
        let id = try self.run(
            ["member", "add", "--username", "alice", "--email", "alice@example.com", "--password", "correct horse", "--admin"], database: url)
        #expect(id == "2\n")

        try await TestDatabase.withOpen(url) { database in
            let alice = try #require(try await database.members.find(login: "ALICE"))
            #expect(alice.email == "alice@example.com")
            #expect(alice.passwordHash.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
            #expect(alice.primaryGroupID == 2)
        }

        try self.expectFailure(
            "The username specified already exists",
            ["member", "add", "--username", "Alice", "--email", "other@example.com", "--password", "correct horse"], database: url)
        try self.expectFailure(
            "The given e-mail address is already used by another account.",
            ["member", "add", "--username", "bob", "--email", "ALICE@example.com", "--password", "correct horse"], database: url)
    }

    @Test func refusesInvalidInput() async throws {
        let url = try await TestDatabase.freshURL(.sqlite)
        try self.expectFailure(
            "The password must be at least 8 characters",
            ["member", "add", "--username", "carol", "--email", "carol@example.com", "--password", "short"], database: url)
        try self.expectFailure(
            "You inputted an invalid e-mail address",
            ["member", "add", "--username", "carol", "--email", "carol@", "--password", "long enough"], database: url)
        try self.expectFailure(
            "The username must be at least 3 characters",
            ["member", "add", "--username", " c ", "--email", "c@example.com", "--password", "long enough"], database: url)
        let noPassword = try EndpointProcess.run(["member", "add", "--username", "x", "--email", "x@example.com"], database: url.connectionString)
        #expect(noPassword.status != 0)
        #expect(noPassword.errors.contains("Give exactly one of --password and --password-stdin."))
    }

    @Test func passwordCommandReplacesTheHashAndEndsSessions() async throws {
        let url = try await TestDatabase.freshURL(.sqlite)
        try self.run(["member", "add", "--username", "dave", "--email", "dave@example.com", "--password", "first password"], database: url)
        try await TestDatabase.withOpen(url) { database in
            let sessions = SessionStore(database: database, policy: SessionPolicy(), clock: .system)
            _ = try await database.withConnection { try await sessions.create(memberID: 2, userAgent: "phone", ip: "10.0.0.1", on: $0) }
            _ = try await database.withConnection { try await sessions.create(memberID: 2, userAgent: "tablet", ip: "10.0.0.2", on: $0) }
        }
        let changed = try self.run(["member", "password", "--username", "DAVE", "--password", "second password"], database: url)
        #expect(changed == "Password changed; 2 device sessions ended.\n")
        try await TestDatabase.withOpen(url) { database in
            let dave = try #require(try await database.members.find(id: 2))
            let hasher = PasswordHasher(threads: 1)
            #expect(try await hasher.verify("second password", against: dave.passwordHash) == .match(needsRehash: false))
            try await hasher.shutdown()
            #expect(try await SessionStore(database: database, policy: SessionPolicy(), clock: .system).live(memberID: 2).isEmpty)
        }
        try self.expectFailure(
            "There is no member \u{2018}nobody\u{2019}.",
            ["member", "password", "--username", "nobody", "--password", "second password"], database: url)
        try self.expectFailure(
            "There is no member \u{2018}Guest\u{2019}.",
            ["member", "password", "--username", "Guest", "--password", "second password"], database: url)
        try self.expectFailure(
            "The password must be at least 8 characters",
            ["member", "password", "--username", "dave", "--password", "short"], database: url)
    }

    @Test func sessionsCommandListsAndRevokesEveryDevice() async throws {
        let url = try await TestDatabase.freshURL(.sqlite)
        try self.run(["member", "add", "--username", "erin", "--email", "erin@example.com", "--password", "a password"], database: url)
        try await TestDatabase.withOpen(url) { database in
            let sessions = SessionStore(database: database, policy: SessionPolicy(), clock: .system)
            _ = try await database.withConnection { try await sessions.create(memberID: 2, userAgent: "phone", ip: "10.0.0.1", on: $0) }
        }
        let listed = try self.run(["member", "sessions", "--username", "erin"], database: url)
        #expect(listed.contains("\t10.0.0.1\tphone"))
        #expect(try self.run(["member", "sessions", "--username", "erin", "--revoke-all"], database: url) == "1 device session of erin ended.\n")
        let remaining = try await TestDatabase.withOpen(url) { database in
            try await SessionStore(database: database, policy: SessionPolicy(), clock: .system).live(memberID: 2)
        }
        #expect(remaining.isEmpty)
        #expect(try self.run(["member", "sessions", "--username", "erin"], database: url) == "erin has no live device sessions.\n")
    }
}
