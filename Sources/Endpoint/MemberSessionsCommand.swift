import ArgumentParser
import Auth
import EndpointCore
import Foundation
import Logging
import Storage

/// `endpoint member sessions`: lists a member's logged-in devices, or logs them all out.
struct MemberSessionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List a member's live device sessions, or end them all with --revoke-all."
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(help: "The member's username or e-mail address.")
    var username: String

    @Flag(help: "End every device session of the member.")
    var revokeAll = false

    func run() async throws {
        let logger = Logger(label: "endpoint.member")
        let output = try await self.databaseOptions.withDatabase(logger: logger) { database in
            try await self.databaseOptions.migrate(database, logger: logger)
            let member = try await MemberLookup.find(self.username, in: database)
            let options = try await ConfigOptions.load(from: database)
            let sessions = SessionStore(database: database, policy: SessionPolicy(options: options), clock: .system)
            if self.revokeAll {
                let ended = try await sessions.revokeAll(memberID: member.id)
                return "\(ended) device \(ended == 1 ? "session" : "sessions") of \(member.username) ended."
            }
            let live = try await sessions.live(memberID: member.id)
            guard !live.isEmpty else { return "\(member.username) has no live device sessions." }
            let rows = live.map { session in
                [
                    session.id, Self.date(session.createdAt), Self.date(session.lastUsedAt),
                    Self.date(session.endsAt(policy: sessions.policy)), session.ip, session.userAgent,
                ].joined(separator: "\t")
            }
            return (["session\tcreated\tlast used\tends\tip\tuser agent"] + rows).joined(separator: "\n")
        }
        print(output)
    }

    private static func date(_ unixTime: Int) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(unixTime)))
    }
}
