import ArgumentParser
import Auth
import Logging
import Storage

/// `endpoint member password`: sets a member's password and ends their device sessions.
struct MemberPasswordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "password",
        abstract: "Set a member's password (stored as Argon2id); every device of the member is logged out."
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(help: "The member's username or e-mail address.")
    var username: String

    @OptionGroup var passwordInput: PasswordInput

    func run() async throws {
        let password = try self.passwordInput.read()
        let logger = Logger(label: "endpoint.member")
        let ended = try await self.databaseOptions.withDatabase(logger: logger) { database in
            try await self.databaseOptions.migrate(database, logger: logger)
            let member = try await MemberLookup.find(self.username, in: database)
            return try await AccountCommands.run(on: database) { policy, hasher in
                let sessions = SessionStore(database: database, policy: SessionPolicy(), clock: .system)
                return try await PasswordChange(database: database, hasher: hasher, sessions: sessions, clock: .system)
                    .change(memberID: member.id, to: password, rules: policy.rules)
            }
        }
        print("Password changed; \(ended) device \(ended == 1 ? "session" : "sessions") ended.")
    }
}
