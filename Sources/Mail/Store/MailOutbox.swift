import Foundation
public import Outbox
import SQLKit
public import Storage

/// The durable queue of outgoing e-mail (table `mail_outbox`).
///
/// Mail is added with ``enqueue(_:on:now:)`` on the connection of the transaction that causes it, so a
/// rolled-back change sends nothing and a committed one can never lose its mail. Workers take due
/// messages with ``claim(owner:limit:leaseSeconds:now:)`` (a ``LeasedQueue``), so two workers never
/// hold the same message.
public enum MailOutbox {
    private static let queue = LeasedQueue("mail_outbox")

    /// Queues `mail` on `connection` (normally inside the caller's transaction), marked with the
    /// ``RequestOrigin`` of the current task; returns its ID.
    @discardableResult
    public static func enqueue(_ mail: OutgoingMail, on connection: StoreConnection, now: Int) async throws -> Int {
        let messageID = "\(UUID().uuidString.lowercased())@endpoint.invalid"
        let row = try await connection.raw(
            """
            INSERT INTO mail_outbox (
                message_id, recipient, reply_to, subject, text_body, html_body, created_at, status, attempts, next_attempt_at, request_id, secret
            )
            VALUES (\(bind: messageID), \(bind: mail.recipient), \(bind: mail.replyTo), \(bind: mail.subject), \(bind: mail.text),
                \(bind: mail.html), \(bind: now), \(bind: QueuedMail.Status.queued.rawValue), \(bind: 0), \(bind: now), \(bind: RequestOrigin.requestID),
                \(bind: mail.secret ?? ""))
            RETURNING id
            """
        ).first()
        guard let id = try row?.decode(column: "id", as: Int.self) else { throw InsertedRowMissing(table: "mail_outbox") }
        return id
    }

    /// What waits for delivery (for the metrics).
    public static func backlog(now: Int, on connection: StoreConnection) async throws -> OutboxBacklog {
        try await Self.queue.backlog(now: now, on: connection)
    }

    /// Leases up to `limit` due messages to `owner` for `leaseSeconds`; returns those it got.
    public static func claim(owner: String, limit: Int, leaseSeconds: Int, now: Int, on connection: StoreConnection) async throws -> [QueuedMail] {
        try await Self.queue.claim(owner: owner, limit: limit, leaseSeconds: leaseSeconds, columns: Self.columns, now: now, on: connection).map(Self.queued)
    }

    /// Extends `owner`'s lease on `id` before working on it; false when the lease was lost (see
    /// ``LeasedQueue``'s `renew`).
    public static func renewLease(_ id: Int, owner: String, leaseSeconds: Int, now: Int, on connection: StoreConnection) async throws -> Bool {
        try await Self.queue.renew(id, owner: owner, leaseSeconds: leaseSeconds, now: now, on: connection)
    }

    /// Records that `id` was accepted by the SMTP server, blanking its secret out of its bodies.
    public static func markSent(_ id: Int, owner: String, now: Int, on connection: StoreConnection) async throws {
        try await Self.queue.markSent(id, owner: owner, now: now, finishing: Self.blankingSecret, on: connection)
    }

    /// Records a failed attempt: queued again after the policy's delay, or failed for good when
    /// `permanent` or the attempts are used up (its secret then blanked out of its bodies).
    public static func markFailed(
        _ mail: QueuedMail, owner: String, error: String, permanent: Bool, policy: RetryPolicy, now: Int, on connection: StoreConnection
    ) async throws {
        try await Self.queue.markFailed(
            mail.id, attemptsSoFar: mail.attempts, owner: owner, error: error, permanent: permanent, policy: policy, now: now,
            finishing: Self.blankingSecret, on: connection
        )
    }

    /// What stands in a finished mail's bodies where its secret was.
    public static let blankedSecret = "REMOVED-ONCE-SENT"

    /// Assignments blanking a row's secret out of its bodies and forgetting it (an empty `secret` means
    /// none is left; NULL, a row from before secrets were kept apart): a mail that will not be sent
    /// again keeps no usable link for whoever reads the database later.
    private static let blankingSecret: SQLQueryString = """
        text_body = CASE WHEN secret IS NULL OR secret = '' THEN text_body ELSE REPLACE(text_body, secret, \(bind: blankedSecret)) END,
        html_body = CASE WHEN secret IS NULL OR secret = '' THEN html_body ELSE REPLACE(html_body, secret, \(bind: blankedSecret)) END,
        secret = ''
        """

    /// Blanks, on `connection`, the link codes of finished mails queued before secrets were kept apart
    /// (`secret` unset): every `code=` followed by a code's 32 characters; marks each row looked at
    /// (`secret` empty), so it is read once. Returns how many rows it changed.
    public static func blankLegacyLinks(on connection: StoreConnection) async throws -> Int {
        var changed = 0
        while true {
            let rows = try await connection.raw(
                """
                SELECT id, text_body, html_body FROM mail_outbox WHERE secret IS NULL AND status <> 'queued' ORDER BY id LIMIT 500
                """
            ).all()
            guard !rows.isEmpty else { return changed }
            for row in rows {
                let text = try row.decode(column: "text_body", as: String.self)
                let html = try row.decode(column: "html_body", as: String.self)
                let (blankedText, blankedHTML) = (LinkCodes.blanked(text), LinkCodes.blanked(html))
                if blankedText != text || blankedHTML != html { changed += 1 }
                try await connection.raw(
                    """
                    UPDATE mail_outbox SET text_body = \(bind: blankedText), html_body = \(bind: blankedHTML), secret = ''
                    WHERE id = \(bind: try row.decode(column: "id", as: Int.self))
                    """
                ).run()
            }
        }
    }

    /// The most recent messages, newest first.
    public static func recent(limit: Int, on connection: StoreConnection) async throws -> [QueuedMail] {
        try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM mail_outbox ORDER BY id DESC LIMIT \(literal: limit)")
            .all().map(Self.queued)
    }

    /// The message with this ID.
    public static func find(id: Int, on connection: StoreConnection) async throws -> QueuedMail? {
        try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM mail_outbox WHERE id = \(bind: id)").first().map(Self.queued)
    }

    private static let columns = """
        id, message_id, recipient, reply_to, subject, text_body, html_body, created_at, status, attempts, next_attempt_at, last_error, sent_at,
        request_id
        """

    private static func queued(_ row: any SQLRow) throws -> QueuedMail {
        QueuedMail(
            id: try row.decode(column: "id", as: Int.self),
            messageID: try row.decode(column: "message_id", as: String.self),
            mail: OutgoingMail(
                recipient: try row.decode(column: "recipient", as: String.self),
                replyTo: try row.decode(column: "reply_to", as: String.self),
                subject: try row.decode(column: "subject", as: String.self),
                text: try row.decode(column: "text_body", as: String.self),
                html: try row.decode(column: "html_body", as: String.self)
            ),
            createdAt: try row.decode(column: "created_at", as: Int.self),
            status: QueuedMail.Status(rawValue: try row.decode(column: "status", as: String.self)) ?? .queued,
            attempts: try row.decode(column: "attempts", as: Int.self),
            nextAttemptAt: try row.decode(column: "next_attempt_at", as: Int.self),
            lastError: try row.decode(column: "last_error", as: String.self),
            sentAt: try row.decode(column: "sent_at", as: Int?.self),
            requestID: try row.decode(column: "request_id", as: String.self)
        )
    }
}

extension MailOutbox {
    /// The mail outbox's part of the maintenance sweep: rows sent or given up on longer than
    /// `retentionSeconds` ago (config `outbox_retention_days`), and the link codes of finished mails from
    /// before secrets were kept apart blanked.
    public static func sweep(retentionSeconds: Int) -> MaintenanceSweep.Step {
        let finished = MaintenanceSweep.Step.deleting(from: "mail_outbox") { now in
            "status IN ('sent', 'failed') AND created_at < \(bind: now - retentionSeconds)"
        }
        return MaintenanceSweep.Step(table: "mail_outbox") { now, connection in
            let removed = try await finished.run(now, connection)
            _ = try await Self.blankLegacyLinks(on: connection)
            return removed
        }
    }
}
