public import Outbox
import SQLKit
public import Storage

/// The durable queue of push notifications (table `push_outbox`), one row per device.
///
/// Notifications are queued with ``enqueue(payload:to:on:now:)`` in the caller's transaction (as the JSON
/// `Push` renders; the size limit is its rule); workers lease rows through a ``LeasedQueue`` so several
/// server instances never send one twice.
public enum PushOutbox {
    private static let queue = LeasedQueue("push_outbox")

    /// Devices given their outbox rows in one transaction at most: a notification for more devices
    /// queues the first batch at once and leaves the rest to ``fanOutPending(now:on:)``, so no transaction
    /// holds SQLite's write lock for the whole device table.
    public static let fanOutBatch = 500

    /// Queues `payload` for every device of `target` on `connection`, marked with the
    /// ``RequestOrigin`` of the current task; returns how many devices. The first ``fanOutBatch`` get
    /// their rows in the caller's transaction, and the rest are recorded in `push_broadcasts` there
    /// too (so a rolled-back change queues nothing, and a committed one reaches every device that was
    /// registered when it was queued).
    @discardableResult
    public static func enqueue(payload: String, to target: PushTarget, on connection: StoreConnection, now: Int) async throws -> Int {
        let row = try await connection.raw(
            """
            SELECT count(*) AS devices, max(d.id) AS newest FROM device_tokens d WHERE \(DeviceTokenStore.reaches(target))
            """
        ).first()
        let devices = try row?.decode(column: "devices", as: Int.self) ?? 0
        guard devices > 0, let newest = try row?.decode(column: "newest", as: Int?.self) else { return 0 }
        let broadcast = Broadcast(payload: payload, target: target, afterDeviceID: 0, upToDeviceID: newest, requestID: RequestOrigin.requestID)
        guard let reached = try await Self.queueBatch(of: broadcast, now: now, on: connection) else { return devices }
        let stored = target.stored
        try await connection.raw(
            """
            INSERT INTO push_broadcasts (payload, target, member_id, after_device_id, up_to_device_id, created_at, request_id)
            VALUES (\(bind: payload), \(bind: stored.kind), \(bind: stored.memberID), \(bind: reached), \(bind: newest), \(bind: now),
                \(bind: broadcast.requestID))
            """
        ).run()
        return devices
    }

    /// Gives the next batch of devices of the oldest notification still being fanned out their outbox
    /// rows, on `connection` (in a transaction); false when none is left. Instances may call it at the same
    /// time: on PostgreSQL each takes a different notification, on SQLite they take turns.
    @discardableResult
    public static func fanOutPending(now: Int, on connection: StoreConnection) async throws -> Bool {
        let skipLocked: SQLQueryString = connection.isPostgres ? " FOR UPDATE SKIP LOCKED" : ""
        let row = try await connection.raw(
            """
            SELECT id, payload, target, member_id, after_device_id, up_to_device_id, request_id FROM push_broadcasts
            ORDER BY id LIMIT 1\(skipLocked)
            """
        ).first()
        guard let row else { return false }
        let id = try row.decode(column: "id", as: Int.self)
        guard let target = PushTarget(kind: try row.decode(column: "target", as: String.self), memberID: try row.decode(column: "member_id", as: Int?.self))
        else {
            try await connection.raw("DELETE FROM push_broadcasts WHERE id = \(bind: id)").run()
            return true
        }
        let broadcast = Broadcast(
            payload: try row.decode(column: "payload", as: String.self), target: target,
            afterDeviceID: try row.decode(column: "after_device_id", as: Int.self),
            upToDeviceID: try row.decode(column: "up_to_device_id", as: Int.self),
            requestID: try row.decode(column: "request_id", as: String.self)
        )
        if let reached = try await Self.queueBatch(of: broadcast, now: now, on: connection) {
            try await connection.raw("UPDATE push_broadcasts SET after_device_id = \(bind: reached) WHERE id = \(bind: id)").run()
        } else {
            try await connection.raw("DELETE FROM push_broadcasts WHERE id = \(bind: id)").run()
        }
        return true
    }

    /// A notification on its way to its devices: those of `target` with IDs after `afterDeviceID` up
    /// to `upToDeviceID` are still to get their rows.
    private struct Broadcast {
        var payload: String
        var target: PushTarget
        var afterDeviceID: Int
        var upToDeviceID: Int
        var requestID: String
    }

    /// Queues `broadcast` for its next ``fanOutBatch`` devices, by device ID, without reading them out
    /// of the database; returns the last device ID queued when devices may remain, nil when it reached
    /// them all.
    private static func queueBatch(of broadcast: Broadcast, now: Int, on connection: StoreConnection) async throws -> Int? {
        let batch = try await connection.raw(
            """
            SELECT count(*) AS devices, max(id) AS last FROM (
                SELECT d.id FROM device_tokens d
                WHERE \(DeviceTokenStore.reaches(broadcast.target)) AND d.id > \(bind: broadcast.afterDeviceID) AND d.id <= \(bind: broadcast.upToDeviceID)
                ORDER BY d.id LIMIT \(bind: Self.fanOutBatch)
            ) chosen
            """
        ).first()
        let count = try batch?.decode(column: "devices", as: Int.self) ?? 0
        guard count > 0, let last = try batch?.decode(column: "last", as: Int?.self) else { return nil }
        try await connection.raw(
            """
            INSERT INTO push_outbox (platform, token, payload, created_at, status, attempts, next_attempt_at, request_id)
            SELECT d.platform, d.token, \(bind: broadcast.payload), \(bind: now), 'queued', \(bind: 0), \(bind: now), \(bind: broadcast.requestID)
            FROM device_tokens d
            WHERE \(DeviceTokenStore.reaches(broadcast.target)) AND d.id > \(bind: broadcast.afterDeviceID) AND d.id <= \(bind: last)
            ORDER BY d.id
            """
        ).run()
        return count < Self.fanOutBatch || last >= broadcast.upToDeviceID ? nil : last
    }

    /// What waits for delivery (for the metrics).
    public static func backlog(now: Int, on connection: StoreConnection) async throws -> OutboxBacklog {
        try await Self.queue.backlog(now: now, on: connection)
    }

    /// Leases up to `limit` due notifications to `owner`.
    public static func claim(owner: String, limit: Int, leaseSeconds: Int, now: Int, on connection: StoreConnection) async throws -> [QueuedPush] {
        try await Self.queue.claim(owner: owner, limit: limit, leaseSeconds: leaseSeconds, columns: Self.columns, now: now, on: connection)
            .compactMap(Self.queued)
    }

    /// Extends `owner`'s lease on `id` before working on it; false when the lease was lost (see
    /// ``LeasedQueue``'s `renew`).
    public static func renewLease(_ id: Int, owner: String, leaseSeconds: Int, now: Int, on connection: StoreConnection) async throws -> Bool {
        try await Self.queue.renew(id, owner: owner, leaseSeconds: leaseSeconds, now: now, on: connection)
    }

    /// Records that the service accepted `id`.
    public static func markSent(_ id: Int, owner: String, now: Int, on connection: StoreConnection) async throws {
        try await Self.queue.markSent(id, owner: owner, now: now, on: connection)
    }

    /// Records a failed attempt (retried after the policy's delay unless `permanent` or out of attempts).
    public static func markFailed(
        _ push: QueuedPush, owner: String, error: String, permanent: Bool, policy: RetryPolicy, now: Int, on connection: StoreConnection
    ) async throws {
        try await Self.queue.markFailed(
            push.id, attemptsSoFar: push.attempts, owner: owner, error: error, permanent: permanent, policy: policy, now: now, on: connection)
    }

    /// Records that the service called the device's token dead: the attempt fails for good and the
    /// token is forgotten, together.
    /// `connection` should be in a transaction.
    public static func markDeadToken(_ push: QueuedPush, owner: String, reason: String, on connection: StoreConnection) async throws {
        try await Self.queue.finishAttempt(push.id, owner: owner, "status = 'failed', last_error = \(bind: reason)", on: connection)
        try await DeviceTokenStore.remove(token: push.token, platform: push.platform, on: connection)
    }

    /// Every row, oldest first (for inspection and tests).
    /// What became of the notifications a request queued (by its ``RequestOrigin`` ID): how many were
    /// sent, are still waiting, failed for good.
    public static func deliveries(requestID: String, on connection: StoreConnection) async throws -> (sent: Int, waiting: Int, failed: Int) {
        var counts = (sent: 0, waiting: 0, failed: 0)
        for row in try await connection.raw(
            "SELECT status, count(*) AS n FROM push_outbox WHERE request_id = \(bind: requestID) GROUP BY status"
        ).all() {
            let n = try row.decode(column: "n", as: Int.self)
            switch try row.decode(column: "status", as: String.self) {
            case "sent": counts.sent += n
            case "failed": counts.failed += n
            default: counts.waiting += n
            }
        }
        return counts
    }

    public static func all(on connection: StoreConnection) async throws -> [QueuedPush] {
        try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM push_outbox ORDER BY id").all().compactMap(Self.queued)
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

extension PushOutbox {
    /// The push outbox's part of the maintenance sweep: rows sent or given up on longer than
    /// `retentionSeconds` ago (config `outbox_retention_days`).
    public static func sweep(retentionSeconds: Int) -> MaintenanceSweep.Step {
        .deleting(from: "push_outbox") { now in "status IN ('sent', 'failed') AND created_at < \(bind: now - retentionSeconds)" }
    }
}
