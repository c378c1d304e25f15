package import Outbox
import SQLKit
public import Storage

/// The durable queue of videos to make the apps' files for (table `video_jobs`), one job per video,
/// leased as the outboxes' rows are (``LeasedQueue``): an instance that dies only delays its job until
/// its lease runs out or its ``LeaseHolder`` is seen dead, and only the lease holder may finish it.
public enum VideoJobs {
    private static let queue = LeasedQueue("video_jobs")

    /// A job as claimed.
    struct Claimed: Sendable {
        let id: Int
        let videoID: Int
        let attempts: Int
    }

    /// Queues the making of video `videoID` on `connection` (in the transaction recording the video).
    static func enqueue(videoID: Int, now: Int, on connection: StoreConnection) async throws {
        try await connection.raw(
            "INSERT INTO video_jobs (video_id, created_at, next_attempt_at) VALUES (\(bind: videoID), \(bind: now), \(bind: now))"
        ).run()
    }

    /// Leases one due job to `owner` for `leaseSeconds`.
    static func claim(owner: String, leaseSeconds: Int, now: Int, on connection: StoreConnection) async throws -> Claimed? {
        try await Self.queue.claim(owner: owner, limit: 1, leaseSeconds: leaseSeconds, columns: "id, video_id, attempts", now: now, on: connection)
            .first.map { row in
                Claimed(
                    id: try row.decode(column: "id", as: Int.self), videoID: try row.decode(column: "video_id", as: Int.self),
                    attempts: try row.decode(column: "attempts", as: Int.self))
            }
    }

    /// Extends `owner`'s lease on job `id`; false when it was lost (another worker has the job now).
    static func renew(_ id: Int, owner: String, leaseSeconds: Int, now: Int, on connection: StoreConnection) async throws -> Bool {
        try await Self.queue.renew(id, owner: owner, leaseSeconds: leaseSeconds, now: now, on: connection)
    }

    /// Records job `id` done by `owner`.
    static func markDone(_ id: Int, owner: String, now: Int, on connection: StoreConnection) async throws {
        try await Self.queue.markSent(id, owner: owner, now: now, on: connection)
    }

    /// Records a failed attempt at job `id`: tried again after `policy`'s delay, or given up; true when
    /// given up.
    static func markFailed(_ job: Claimed, owner: String, error: String, policy: RetryPolicy, now: Int, on connection: StoreConnection)
        async throws -> Bool
    {
        try await Self.queue.markFailed(
            job.id, attemptsSoFar: job.attempts, owner: owner, error: error, permanent: false, policy: policy, now: now, on: connection)
        return policy.givesUp(afterAttempt: job.attempts + 1, permanent: false)
    }
}
