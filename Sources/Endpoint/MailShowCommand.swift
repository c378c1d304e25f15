import ArgumentParser
import Foundation
import Logging
import Mail
import Storage

/// `endpoint mail show ID`: one outbox message in full (plain text, or HTML with `--html`), so a
/// developer without an SMTP server can follow its links.
struct MailShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print one message of the outbox.")

    @OptionGroup var databaseOptions: DatabaseOptions

    @Argument(help: "The message's ID (see `endpoint mail list`).")
    var id: Int

    @Flag(help: "Print the HTML part instead of the plain-text part.")
    var html = false

    func run() async throws {
        let logger = Logger(label: "endpoint.mail")
        let found = try await self.databaseOptions.withDatabase(logger: logger) { database in
            try await self.databaseOptions.migrate(database, logger: logger)
            return try await database.withConnection { try await MailOutbox.find(id: self.id, on: $0) }
        }
        guard let queued = found else { throw CommandFailure("There is no message \(self.id) in the outbox.") }
        print("To: \(queued.mail.recipient)")
        if !queued.mail.replyTo.isEmpty { print("Reply-To: \(queued.mail.replyTo)") }
        print("Subject: \(queued.mail.subject)")
        print("Status: \(queued.status.rawValue), \(queued.attempts) attempts\(queued.lastError.isEmpty ? "" : ", last error: \(queued.lastError)")")
        print("")
        print(self.html ? queued.mail.html : queued.mail.text)
    }
}
