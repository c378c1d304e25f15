import ArgumentParser
import Auth
import Logging
import Storage

/// `endpoint member grant-admin`: makes an existing member an administrator (a member of the
/// administrators' group), as the console's flag does; their cached standing is re-read by every
/// instance within its cache's few seconds.
struct MemberGrantAdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "grant-admin", abstract: "Make a member an administrator.")

    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(help: "The member's username or e-mail address.")
    var username: String

    func run() async throws {
        try await MemberAdministrator.set(true, username: self.username, databaseOptions: self.databaseOptions)
    }
}

/// `endpoint member revoke-admin`: the member is no administrator any more (a primary group of
/// administrators becomes the default group).
struct MemberRevokeAdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "revoke-admin", abstract: "Make an administrator an ordinary member.")

    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(help: "The member's username or e-mail address.")
    var username: String

    func run() async throws {
        try await MemberAdministrator.set(false, username: self.username, databaseOptions: self.databaseOptions)
    }
}

/// What both commands do, by Auth's one rule (`MemberStore.setAdministrator`).
enum MemberAdministrator {
    static func set(_ administrator: Bool, username: String, databaseOptions: DatabaseOptions) async throws {
        let logger = Logger(label: "endpoint.member")
        let member = try await databaseOptions.withDatabase(logger: logger) { database in
            try await databaseOptions.migrate(database, logger: logger)
            let member = try await MemberLookup.find(username, in: database)
            try await database.transaction { try await MemberStore.setAdministrator(administrator, memberID: member.id, on: $0) }
            return member
        }
        print(administrator ? "\(member.username) is an administrator." : "\(member.username) is no longer an administrator.")
    }
}
