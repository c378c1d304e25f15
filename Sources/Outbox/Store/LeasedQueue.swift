package import SQLKit
package import Storage
import Text

/// Claiming and finishing rows of an outbox table (`mail_outbox`, `push_outbox`): rows with `status`,
/// `attempts`, `next_attempt_at`, `last_error`, `sent_at`, `lease_owner` and `lease_until` columns.
///
/// Each due row is leased by one conditional `UPDATE`, so two workers (on any number of server
/// instances) never hold the same row; a worker that dies only delays its rows until the lease runs
/// out or its ``LeaseHolder`` is seen dead, whichever comes first. Finishing an attempt clears the
/// lease, and only the lease holder can finish it.
package struct LeasedQueue: Sendable {
    /// The table's name; a constant of the code that uses it, never input.
    private let table: String

    package init(_ table: StaticString) {
        self.table = table.description
    }

    /// Leases up to `limit` due rows to `owner` for `leaseSeconds`; returns them with `columns`.
    package func claim(owner: String, limit: Int, leaseSeconds: Int, columns: String, now: Int, on connection: StoreConnection) async throws -> [any SQLRow] {
        let candidates = try await connection.raw(
            """
            SELECT id FROM \(unsafeRaw: self.table)
            WHERE status = 'queued' AND next_attempt_at <= \(bind: now) AND \(LeaseHolder.claimable(now: now))
            ORDER BY next_attempt_at, id LIMIT \(literal: limit)
            """
        ).all().map { try $0.decode(column: "id", as: Int.self) }
        var claimed: [any SQLRow] = []
        for id in candidates {
            let row = try await connection.raw(
                """
                UPDATE \(unsafeRaw: self.table) SET lease_owner = \(bind: owner), lease_until = \(bind: now + leaseSeconds)
                WHERE id = \(bind: id) AND status = 'queued' AND \(LeaseHolder.claimable(now: now))
                RETURNING \(unsafeRaw: columns)
                """
            ).first()
            if let row { claimed.append(row) }
        }
        return claimed
    }

    /// How many rows wait for delivery, and how long the oldest of them has waited (0 when none).
    package func backlog(now: Int, on connection: StoreConnection) async throws -> OutboxBacklog {
        let row = try await connection.raw(
            """
            SELECT count(*) AS pending, min(created_at) AS oldest FROM \(unsafeRaw: self.table) WHERE status = 'queued'
            """
        ).first()
        let oldest = try row?.decode(column: "oldest", as: Int?.self)
        return OutboxBacklog(pending: try row?.decode(column: "pending", as: Int.self) ?? 0, oldestAgeSeconds: oldest.map { max(0, now - $0) } ?? 0)
    }

    /// Records that row `id`, held by `owner`, was delivered, with `finishing` (assignments for a row
    /// that will not be sent again) in the same statement.
    package func markSent(_ id: Int, owner: String, now: Int, finishing: SQLQueryString? = nil, on connection: StoreConnection) async throws {
        try await self.finishAttempt(
            id, owner: owner, "status = 'sent', sent_at = \(bind: now), last_error = ''\(Self.also(finishing))", on: connection
        )
    }

    /// Records a failed attempt: queued again after `policy`'s delay, or `failed` when `permanent` or
    /// out of attempts (then with `finishing` in the same statement).
    package func markFailed(
        _ id: Int, attemptsSoFar: Int, owner: String, error: String, permanent: Bool, policy: RetryPolicy, now: Int, finishing: SQLQueryString? = nil,
        on connection: StoreConnection
    ) async throws {
        let attempts = attemptsSoFar + 1
        let givesUp = policy.givesUp(afterAttempt: attempts, permanent: permanent)
        try await self.finishAttempt(
            id, owner: owner,
            """
            status = \(bind: givesUp ? "failed" : "queued"), next_attempt_at = \(bind: now + policy.delay(afterAttempt: attempts)),
            last_error = \(bind: TextLength.prefix(error, 1000))\(givesUp ? Self.also(finishing) : "")
            """, on: connection)
    }

    /// `, assignments`, or nothing.
    private static func also(_ assignments: SQLQueryString?) -> SQLQueryString {
        assignments.map { ", \($0)" } ?? ""
    }

    /// Extends `owner`'s lease on row `id` to `now + leaseSeconds`, just before working on it, so that
    /// leases can be short (a dead instance's rows come back quickly) while a long batch is worked
    /// through. False when the lease was lost: the row was finished, or another worker took it after
    /// the lease ran out; the caller then leaves it alone.
    package func renew(_ id: Int, owner: String, leaseSeconds: Int, now: Int, on connection: StoreConnection) async throws -> Bool {
        try await connection.raw(
            """
            UPDATE \(unsafeRaw: self.table) SET lease_until = \(bind: now + leaseSeconds)
            WHERE id = \(bind: id) AND lease_owner = \(bind: owner) AND status = 'queued' RETURNING id
            """
        ).first() != nil
    }

    /// Records an attempt on row `id` held by `owner` on `connection`: `assignments` (status and its
    /// details), one more attempt, lease released.
    package func finishAttempt(_ id: Int, owner: String, _ assignments: SQLQueryString, on connection: StoreConnection) async throws {
        try await connection.raw(
            """
            UPDATE \(unsafeRaw: self.table) SET \(assignments), attempts = attempts + 1, lease_owner = NULL, lease_until = NULL
            WHERE id = \(bind: id) AND lease_owner = \(bind: owner)
            """
        ).run()
    }
}
