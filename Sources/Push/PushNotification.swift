public import Foundation

/// A notification to send: title, body and a data map of strings, rendered for each service.
///
/// Both SDKs' receivers are served: the body is also put in `data.message` (Android SDK) and
/// `aps.alert` (iOS SDK). The Composr metadata (`notification_code`, `from_id`, `to_id`…, reference
/// §6.4) travels in `data`.
public struct PushNotification: Sendable, Equatable, Codable {
    public var title: String
    public var body: String
    public var data: [String: String]

    /// The largest payload APNs and FCM accept, in bytes.
    public static let maximumPayloadBytes = 4096

    public init(title: String, body: String, data: [String: String] = [:]) {
        self.title = title
        self.body = body
        self.data = data
    }

    /// The APNs payload: `aps.alert` with title and body, the data keys at the top level.
    public func apnsPayload() -> Data {
        var payload: [String: Any] = self.data.merging(["message": self.body]) { $1 }
        payload["aps"] = ["alert": ["title": self.title, "body": self.body]]
        return Self.json(payload)
    }

    /// The FCM HTTP v1 `messages:send` body for `token`.
    public func fcmRequest(token: String) -> Data {
        Self.json(["message": self.fcmContent.merging(["token": token, "android": ["priority": "high"]]) { $1 }])
    }

    /// Whether both renderings fit the services' size limit (FCM counts the notification and data).
    public var fitsServiceLimits: Bool {
        self.apnsPayload().count <= Self.maximumPayloadBytes && Self.json(self.fcmContent).count <= Self.maximumPayloadBytes
    }

    /// What FCM delivers to the device: the notification, and the data with the body as `message`.
    private var fcmContent: [String: Any] {
        [
            "notification": ["title": self.title, "body": self.body],
            "data": self.data.merging(["message": self.body, "title": self.title]) { $1 },
        ]
    }

    private static func json(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }
}
