import ArgumentParser
import Auth
import Logging
import Messages
import SiteStore

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
        let messages = EnglishCatalog()
        let password = try self.passwordInput.read()
        let logger = Logger(label: "endpoint.member")
        let ended = try await self.databaseOptions.withDatabase(logger: logger) { database in
            try await self.databaseOptions.migrate(database, logger: logger)
            do {
                try AccountRules(options: try await ConfigOptions.load(from: database)).check(password: password)
            } catch let violation as AccountRules.Violation {
                throw CommandFailure(messages.text(violation.message, violation.arguments))
            }
            let member = try await MemberLookup.find(self.username, in: database)
            try await MemberStore(database: database).setPasswordHash(try await PasswordHasher.hashOnce(password), memberID: member.id)
            return try await SessionStore(database: database, policy: SessionPolicy()).revokeAll(memberID: member.id)
        }
        print("Password changed; \(ended) device \(ended == 1 ? "session" : "sessions") ended.")
    }
}
