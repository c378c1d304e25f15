import ArgumentParser
import Foundation
import Logging
import Mail
import Storage

/// `endpoint mail list`: the most recent outbox messages, one line each.
struct MailListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the most recent messages of the outbox.")

    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(help: "How many messages to list.")
    var limit = 20

    func run() async throws {
        let logger = Logger(label: "endpoint.mail")
        let messages = try await self.databaseOptions.withDatabase(logger: logger) { database in
            try await self.databaseOptions.migrate(database, logger: logger)
            return try await database.withConnection { try await MailOutbox.recent(limit: max(1, self.limit), on: $0) }
        }
        if messages.isEmpty { print("The outbox is empty.") }
        for queued in messages {
            let created = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(queued.createdAt)))
            print("\(queued.id)\t\(queued.status.rawValue)\t\(queued.attempts) attempts\t\(created)\t\(queued.mail.recipient)\t\(queued.mail.subject)")
        }
    }
}
