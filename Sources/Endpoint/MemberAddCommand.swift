import ArgumentParser
import Auth
import Logging
import Storage
import Text

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
        let password = try self.passwordInput.read()
        let logger = Logger(label: "endpoint.member")
        let id = try await self.databaseOptions.withDatabase(logger: logger) { database in
            try await self.databaseOptions.migrate(database, logger: logger)
            return try await AccountCommands.run(on: database) { policy, hasher in
                let role: GroupRole = self.admin ? .administrators : self.staff ? .superModerators : .members
                let application = MemberRegistration.Application(
                    username: self.username.trimmingWhitespace, password: password, email: self.email.trimmingWhitespace,
                    primaryGroupID: try await database.withConnection { try await GroupStore.groupID(for: role, on: $0) }
                )
                let registration = MemberRegistration(hasher: hasher, clock: .system)
                let checked = try await registration.check(application, policy: policy)
                return try await database.transaction { try await registration.register(checked, on: $0) }
            }
        }
        print(id)
    }
}
