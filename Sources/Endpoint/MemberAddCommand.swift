import ArgumentParser
import Auth
import Foundation
import Logging
import Messages
import SiteStore

/// `endpoint member add`: creates an account with an Argon2id password hash and prints its ID.
struct MemberAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Create a member; prints the new member ID.",
        discussion: "Without --admin or --staff the member joins the default Members group. Migrations are applied first."
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(help: "Username (3-20 characters, unique regardless of case).")
    var username: String

    @Option(help: "E-mail address (unique regardless of case).")
    var email: String

    @OptionGroup var passwordInput: PasswordInput

    @Flag(help: "Put the member in the Administrators group.")
    var admin = false

    @Flag(help: "Put the member in the Super-moderators group.")
    var staff = false

    func validate() throws {
        if self.admin && self.staff {
            throw ValidationError("Give at most one of --admin and --staff.")
        }
    }

    func run() async throws {
        let messages = EnglishCatalog()
        let password = try self.passwordInput.read()
        let username = self.username.trimmingWhitespace
        let email = self.email.trimmingWhitespace
        let logger = Logger(label: "endpoint.member")
        let id = try await self.databaseOptions.withDatabase(logger: logger) { database in
            try await self.databaseOptions.migrate(database, logger: logger)
            do {
                let rules = AccountRules(options: try await ConfigOptions.load(from: database))
                try rules.check(username: username, password: password)
                try rules.check(email: email)
            } catch let violation as AccountRules.Violation {
                throw CommandFailure(messages.text(violation.message, violation.arguments))
            }
            let hash = try await PasswordHasher.hashOnce(password)
            let members = MemberStore(database: database)
            let role: GroupRole = self.admin ? .administrators : self.staff ? .superModerators : .members
            let primaryGroup = try await members.groupID(for: role)
            do {
                return try await members.create(NewMember(
                    username: username, email: email, passwordHash: hash, primaryGroupID: primaryGroup
                ))
            } catch MemberStore.CreateError.usernameTaken {
                throw CommandFailure(messages.text(.usernameAlreadyExists))
            } catch MemberStore.CreateError.emailTaken {
                throw CommandFailure(messages.text(.emailAddressInUse))
            }
        }
        print(id)
    }
}
