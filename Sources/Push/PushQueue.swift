import Foundation
public import Messages
public import Storage

/// Queues push notifications in the outbox, refusing those the services would reject for their size.
public enum PushQueue {
    /// A notification too big for APNs or FCM (at most ``PushNotification/maximumPayloadBytes``).
    public struct TooLarge: Error, Equatable {
        public init() {}
    }

    /// Queues `notification` for every device of `target` on `connection` (inside the caller's
    /// transaction); returns how many devices.
    @discardableResult
    public static func enqueue(_ notification: PushNotification, to target: PushTarget, on connection: StoreConnection, now: Int) async throws
        -> Int
    {
        guard notification.fitsServiceLimits else { throw TooLarge() }
        let payload = String(decoding: try JSONEncoder().encode(notification), as: UTF8.self)
        return try await PushOutbox.enqueue(payload: payload, to: target, on: connection, now: now)
    }
}

extension PushQueue.TooLarge: RefusalConvertible {
    /// The services' size limit.
    public var refusal: Refusal {
        .invalid(.pushTooLarge, String(PushNotification.maximumPayloadBytes))
    }
}
