import Foundation
public import Logging
import Metrics
public import Outbox
public import Storage

/// Delivers due outbox messages over SMTP: claims a batch, sends each, records the outcome.
///
/// One pass is ``deliverDue(clock:)``; the server's mail worker calls it in a loop. Rows are leased to
/// `owner`: the server's ``LeaseHolder``, whose rules bring a dead process's rows back early.
public struct MailDelivery: Sendable {
    /// Where the outbox (``MailOutbox``) is: each step of a delivery is a unit of work of its own.
    public let database: Database
    private let client: SMTPClient
    private let sender: @Sendable () async -> MailSender
    private let policy: RetryPolicy
    private let owner: String
    private let logger: Logger
    /// How long a claimed message stays reserved for this worker: renewed before each send and longer
    /// than one send can take (the SMTP client gives up after 30 s); a dead holder's messages come back
    /// sooner (``LeaseHolder``).
    public static let leaseSeconds = 60

    /// - Parameters:
    ///   - sender: who mail is from, asked once per pass (the site's name may change while the server runs).
    ///   - owner: the lease owner rows are claimed under (``LeaseHolder/owner``).
    public init(
        database: Database, client: SMTPClient, sender: @escaping @Sendable () async -> MailSender, policy: RetryPolicy, owner: String, logger: Logger
    ) {
        self.database = database
        self.client = client
        self.sender = sender
        self.policy = policy
        self.owner = owner
        self.logger = logger
    }

    /// Sends every message due now on `clock` (in batches); returns how many were accepted by the server.
    @discardableResult
    public func deliverDue(clock: SiteClock = .system) async throws -> Int {
        var sent = 0
        var sender: MailSender?
        while true {
            try Task.checkCancellation()
            let batch = try await self.database.withConnection {
                try await MailOutbox.claim(owner: self.owner, limit: 20, leaseSeconds: Self.leaseSeconds, now: clock.now, on: $0)
            }
            if batch.isEmpty { return sent }
            let from = if let sender { sender } else { await self.sender() }
            sender = from
            for mail in batch
            where try await self.database.withConnection({
                try await MailOutbox.renewLease(mail.id, owner: self.owner, leaseSeconds: Self.leaseSeconds, now: clock.now, on: $0)
            }) {
                if try await self.deliver(mail, from: from, clock: clock) { sent += 1 }
            }
        }
    }

    private func deliver(_ queued: QueuedMail, from sender: MailSender, clock: SiteClock) async throws -> Bool {
        let message = MIMEMessage(
            fromAddress: sender.address, fromName: sender.name, mail: queued.mail,
            messageID: queued.messageID, date: Date(timeIntervalSince1970: TimeInterval(queued.createdAt))
        ).rendered()
        do {
            try await self.client.send(from: sender.address, to: queued.mail.recipient, message: message)
            try await self.database.withConnection { try await MailOutbox.markSent(queued.id, owner: self.owner, now: clock.now, on: $0) }
            self.logger.info("mail sent", metadata: ["mail_id": "\(queued.id)", "request_id": "\(queued.requestID)"])
            Self.count("delivered")
            return true
        } catch {
            // Cut off by shutdown: not the message's fault; it keeps its lease and is sent again soon.
            if Task.isCancelled { throw CancellationError() }
            let failure = error as? SMTPFailure ?? SMTPFailure(permanent: false, "\(error)")
            try await self.database.withConnection { connection in
                try await MailOutbox.markFailed(
                    queued, owner: self.owner, error: failure.description, permanent: failure.permanent, policy: self.policy, now: clock.now,
                    on: connection)
            }
            self.logger.warning(
                "mail delivery failed",
                metadata: [
                    "mail_id": "\(queued.id)", "request_id": "\(queued.requestID)", "attempt": "\(queued.attempts + 1)",
                    "permanent": "\(failure.permanent)", "error": "\(failure)",
                ])
            Self.count(self.policy.givesUp(afterAttempt: queued.attempts + 1, permanent: failure.permanent) ? "failed" : "retried")
            return false
        }
    }

    /// One delivery attempt's result in `endpoint_outbox_deliveries_total{outbox="mail", result}`:
    /// `delivered`, `retried` (queued again) or `failed` (given up).
    private static func count(_ result: String) {
        Counter(label: "endpoint_outbox_deliveries_total", dimensions: [("outbox", "mail"), ("result", result)]).increment()
    }
}
