/// One row of the mail outbox: a message and where its delivery stands.
public struct QueuedMail: Sendable, Equatable {
    /// Delivery state.
    public enum Status: String, Sendable {
        /// Waiting for (another) delivery attempt.
        case queued
        /// Accepted by the SMTP server.
        case sent
        /// Given up: refused permanently or out of attempts. Kept for the operator.
        case failed
    }

    public var id: Int
    /// The `Message-ID` header, fixed when queued so a retried message is recognisably the same one.
    public var messageID: String
    public var mail: OutgoingMail
    public var createdAt: Int
    public var status: Status
    public var attempts: Int
    public var nextAttemptAt: Int
    public var lastError: String
    public var sentAt: Int?
    /// The request that queued it (empty when none did), for the delivery's log lines.
    public var requestID: String
}
