/// One row of the push outbox: a notification for one device, and where its delivery stands.
public struct QueuedPush: Sendable, Equatable {
    public var id: Int
    public var platform: PushPlatform
    public var token: String
    /// The notification as JSON (rendered by `Push`).
    public var payload: String
    public var status: String
    public var attempts: Int
    public var nextAttemptAt: Int
    public var lastError: String
    /// The request that queued it (empty when none did), for the delivery's log lines.
    public var requestID: String
}
