import Foundation
public import Logging
import Metrics
public import Outbox
public import Storage

/// Delivers due push notifications: claims a batch, sends each through APNs or FCM, records the
/// outcome (sent; dead token forgotten; retried with backoff; failed).
public struct PushDelivery: Sendable {
    /// Where the outbox (``PushOutbox``) is: each step of a delivery is a unit of work of its own.
    public let database: Database
    private let apns: APNsClient?
    private let fcm: FCMClient?
    /// The HTTP client both services are reached with (a background service of the server: it closes
    /// its connections at shutdown).
    public let http: ServiceHTTPClient
    private let policy: RetryPolicy
    private let owner: String
    private let logger: Logger
    private let tokenRemoved: @Sendable (String, PushPlatform) -> Void

    /// - Parameters:
    ///   - owner: the lease owner rows are claimed under (``LeaseHolder/owner``).
    ///   - tokenRemoved: told of each token removed as dead, so that what remembers registrations
    ///     (``PushRegistrations``) forgets it.
    public init(
        database: Database, apns: APNsClient?, fcm: FCMClient?, http: ServiceHTTPClient, policy: RetryPolicy, owner: String, logger: Logger,
        tokenRemoved: @escaping @Sendable (String, PushPlatform) -> Void = { _, _ in }
    ) {
        self.tokenRemoved = tokenRemoved
        self.database = database
        self.apns = apns
        self.fcm = fcm
        self.http = http
        self.policy = policy
        self.owner = owner
        self.logger = logger
    }

    /// How long a claimed notification stays reserved for this worker: renewed before each send and
    /// longer than one request can take (30 s); a dead holder's rows come back sooner (``LeaseHolder``).
    static let leaseSeconds = 60

    /// Sends everything due now on `clock`; returns how many the services accepted. When nothing is due, the
    /// next batch of devices of a notification for many devices gets its rows
    /// (``PushOutbox/fanOutPending(now:)``), until none is left.
    @discardableResult
    public func deliverDue(clock: SiteClock = .system) async throws -> Int {
        var sent = 0
        while true {
            try Task.checkCancellation()
            let batch = try await self.database.withConnection {
                try await PushOutbox.claim(owner: self.owner, limit: 50, leaseSeconds: Self.leaseSeconds, now: clock.now, on: $0)
            }
            if batch.isEmpty {
                guard try await self.database.transaction({ try await PushOutbox.fanOutPending(now: clock.now, on: $0) }) else { return sent }
                continue
            }
            for push in batch
            where try await self.database.withConnection({
                try await PushOutbox.renewLease(push.id, owner: self.owner, leaseSeconds: Self.leaseSeconds, now: clock.now, on: $0)
            }) {
                if try await self.deliver(push, now: clock.now) { sent += 1 }
            }
        }
    }

    private func deliver(_ push: QueuedPush, now: Int) async throws -> Bool {
        let outcome: PushOutcome
        switch (push.platform, try? JSONDecoder().decode(PushNotification.self, from: Data(push.payload.utf8))) {
        case (_, nil):
            outcome = .failed("The queued payload is not a notification")
        case (.ios, let notification?):
            outcome = await self.apns?.send(notification, to: push.token, now: now) ?? .failed("APNs is not configured")
        case (.android, let notification?):
            outcome = await self.fcm?.send(notification, to: push.token, now: now) ?? .failed("FCM is not configured")
        }
        // Cut off by shutdown: not the notification's fault; it keeps its lease and is sent again soon.
        if Task.isCancelled, outcome != .sent { throw CancellationError() }
        switch outcome {
        case .sent:
            try await self.database.withConnection { try await PushOutbox.markSent(push.id, owner: self.owner, now: now, on: $0) }
            self.logger.debug("push sent", metadata: ["push_id": "\(push.id)", "request_id": "\(push.requestID)"])
            Self.count("delivered")
            return true
        case .deadToken(let reason):
            try await self.database.transaction { try await PushOutbox.markDeadToken(push, owner: self.owner, reason: reason, on: $0) }
            self.tokenRemoved(push.token, push.platform)
            self.logger.info("push token removed", metadata: ["push_id": "\(push.id)", "request_id": "\(push.requestID)", "reason": "\(reason)"])
            Self.count("failed")
        case .retry(let reason), .failed(let reason):
            let permanent = if case .failed = outcome { true } else { false }
            try await self.database.withConnection {
                try await PushOutbox.markFailed(push, owner: self.owner, error: reason, permanent: permanent, policy: self.policy, now: now, on: $0)
            }
            self.logger.warning(
                "push delivery failed",
                metadata: [
                    "push_id": "\(push.id)", "request_id": "\(push.requestID)", "permanent": "\(permanent)", "error": "\(reason)",
                ])
            Self.count(self.policy.givesUp(afterAttempt: push.attempts + 1, permanent: permanent) ? "failed" : "retried")
        }
        return false
    }

    /// One delivery attempt's result in `endpoint_outbox_deliveries_total{outbox="push", result}`:
    /// `delivered`, `retried` (queued again) or `failed` (given up).
    private static func count(_ result: String) {
        Counter(label: "endpoint_outbox_deliveries_total", dimensions: [("outbox", "push"), ("result", result)]).increment()
    }
}
