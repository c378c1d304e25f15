import EndpointServer
import Foundation
import Mail
import Outbox
import SQLKit
import Storage

/// Mail delivery wired to a test SMTP server.
package enum MailFixtures {
    package static let sender = MailSender(address: "noreply@example.com", name: "Test Site")

    package static func delivery(_ database: Database, smtp: TestSMTPServer, policy: RetryPolicy = .mail(ConfigOptions([:]))) throws -> MailDelivery {
        try self.delivery(database, url: smtp.url, policy: policy)
    }

    package static func delivery(_ database: Database, url: String, trustRoots: String? = nil, policy: RetryPolicy = .mail(ConfigOptions([:]))) throws
        -> MailDelivery
    {
        MailDelivery(
            database: database,
            client: try SMTPClient(server: try SMTPServerURL(parsing: url), extraTrustRootsFile: trustRoots, timeout: .seconds(10)),
            sender: { sender }, policy: policy, owner: UUID().uuidString, logger: quietLogger
        )
    }

    /// Queues a simple message in its own transaction.
    @discardableResult
    package static func enqueue(_ database: Database, to recipient: String = "someone@example.com", subject: String = "Hello", now: Int = UnixTime.now)
        async throws -> Int
    {
        try await database.transaction { connection in
            try await MailOutbox.enqueue(
                OutgoingMail(recipient: recipient, subject: subject, text: "Text of \(subject)", html: "<p>HTML of \(subject)</p>"),
                on: connection, now: now
            )
        }
    }

    /// The ID of the newest queued mail (0 when none).
    package static func newestMailID(_ database: Database) async throws -> Int {
        try await database.withConnection { try await $0.raw("SELECT max(id) AS id FROM mail_outbox").first()?.decode(column: "id", as: Int?.self) } ?? 0
    }

    /// Waits (5 s at most) until a mail newer than `mailID` is queued, as the reset worker queues the
    /// mail a lost-password request leads to after the request was answered; returns its ID.
    @discardableResult
    package static func waitForMail(after mailID: Int, _ database: Database) async throws -> Int {
        try await Waiting.until("a mail queued after mail \(mailID)", seconds: 5) { try await Self.newestMailID(database) > mailID }
        return try await Self.newestMailID(database)
    }

    /// The code of the link in the most recently queued mail.
    package static func latestLinkCode(_ database: Database) async throws -> String {
        let row = try await database.withConnection { try await $0.raw("SELECT text_body FROM mail_outbox ORDER BY id DESC LIMIT 1").first() }
        guard let text = try row?.decode(column: "text_body", as: String.self),
            let link = text.split(whereSeparator: \.isWhitespace).first(where: { $0.hasPrefix("http") })
        else { throw TestFailure("no mail with a link was queued") }
        return try Self.linkFields(String(link)).code
    }

    /// The `member` and `code` query values of an e-mailed link.
    package static func linkFields(_ link: String) throws -> (member: String, code: String, path: String) {
        guard let components = URLComponents(string: link),
            let member = components.queryItems?.first(where: { $0.name == "member" })?.value,
            let code = components.queryItems?.first(where: { $0.name == "code" })?.value
        else { throw TestFailure("not a link with member and code: \(link)") }
        return (member, code, components.path + "?" + (components.percentEncodedQuery ?? ""))
    }
}
