/// What an outbox holds undelivered: the operator's first sign of a mail or push service that is
/// down or refusing.
public struct OutboxBacklog: Sendable, Equatable {
    /// Rows waiting for a (further) delivery attempt.
    public var pending: Int
    /// How long the oldest of them has waited, in seconds (0 when none waits).
    public var oldestAgeSeconds: Int

    public init(pending: Int, oldestAgeSeconds: Int) {
        self.pending = pending
        self.oldestAgeSeconds = oldestAgeSeconds
    }
}
