public import SQLKit

/// The durable queue of push notifications (table `push_outbox`), one row per device.
///
/// Notifications are queued with ``enqueue(payload:to:on:now:)`` in the caller's transaction (as the JSON
/// `Push` renders; the size limit is its rule); workers lease rows through a ``LeasedQueue`` so several
/// server instances never send one twice.
public struct PushOutbox: Sendable {
    private let database: Database
    private let queue: LeasedQueue

    public init(database: Database) {
        self.database = database
        self.queue = LeasedQueue("push_outbox", database: database)
    }

    /// Queues `payload` for every device of `target` on `connection`, marked with the
    /// ``RequestOrigin`` of the current task; returns how many devices.
    @discardableResult
    public static func enqueue(payload: String, to target: PushTarget, on connection: any SQLDatabase, now: Int = UnixTime.now) async throws -> Int {
        let devices = try await DeviceTokenStore.devices(target, on: connection)
        for device in devices {
            try await connection.raw("""
                INSERT INTO push_outbox (platform, token, payload, created_at, status, attempts, next_attempt_at, request_id)
                VALUES (
                    \(bind: device.platform.rawValue), \(bind: device.token), \(bind: payload), \(bind: now), 'queued', \(bind: 0), \(bind: now),
                    \(bind: RequestOrigin.requestID)
                )
                """).run()
        }
        return devices.count
    }

    /// What waits for delivery (for the metrics).
    public func backlog(now: Int = UnixTime.now) async throws -> OutboxBacklog {
        try await self.queue.backlog(now: now)
    }

    /// Leases up to `limit` due notifications to `owner`.
    public func claim(owner: String, limit: Int, leaseSeconds: Int, now: Int = UnixTime.now) async throws -> [QueuedPush] {
        try await self.queue.claim(owner: owner, limit: limit, leaseSeconds: leaseSeconds, columns: Self.columns, now: now).compactMap(Self.queued)
    }

    /// Extends `owner`'s lease on `id` before working on it; false when the lease was lost (see
    /// ``LeasedQueue``'s `renew`).
    public func renewLease(_ id: Int, owner: String, leaseSeconds: Int, now: Int = UnixTime.now) async throws -> Bool {
        try await self.queue.renew(id, owner: owner, leaseSeconds: leaseSeconds, now: now)
    }

    /// Records that the service accepted `id`.
    public func markSent(_ id: Int, owner: String, now: Int = UnixTime.now) async throws {
        try await self.queue.markSent(id, owner: owner, now: now)
    }

    /// Records a failed attempt (retried after the policy's delay unless `permanent` or out of attempts).
    public func markFailed(_ push: QueuedPush, owner: String, error: String, permanent: Bool, policy: RetryPolicy, now: Int = UnixTime.now) async throws {
        try await self.queue.markFailed(push.id, attemptsSoFar: push.attempts, owner: owner, error: error, permanent: permanent, policy: policy, now: now)
    }

    /// Records that the service called the device's token dead: the attempt fails for good and the
    /// token is forgotten, together.
    public func markDeadToken(_ push: QueuedPush, owner: String, reason: String) async throws {
        try await self.database.transaction { connection in
            try await self.queue.finishAttempt(push.id, owner: owner, "status = 'failed', last_error = \(bind: reason)", on: connection)
            try await DeviceTokenStore.remove(token: push.token, platform: push.platform, on: connection)
        }
    }

    /// Every row, oldest first (for inspection and tests).
    public func all() async throws -> [QueuedPush] {
        try await self.database.withConnection { connection in
            try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM push_outbox ORDER BY id").all().compactMap(Self.queued)
        }
    }

    private static let columns = "id, platform, token, payload, status, attempts, next_attempt_at, last_error, request_id"

    private static func queued(_ row: any SQLRow) throws -> QueuedPush? {
        guard let platform = PushPlatform(rawValue: try row.decode(column: "platform", as: String.self)) else { return nil }
        return QueuedPush(
            id: try row.decode(column: "id", as: Int.self),
            platform: platform,
            token: try row.decode(column: "token", as: String.self),
            payload: try row.decode(column: "payload", as: String.self),
            status: try row.decode(column: "status", as: String.self),
            attempts: try row.decode(column: "attempts", as: Int.self),
            nextAttemptAt: try row.decode(column: "next_attempt_at", as: Int.self),
            lastError: try row.decode(column: "last_error", as: String.self),
            requestID: try row.decode(column: "request_id", as: String.self)
        )
    }
}
