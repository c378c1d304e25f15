/// The push services devices register with: APNs for `ios`, FCM for `android` (the `device` values
/// the SDKs send).
public enum PushPlatform: String, Sendable, CaseIterable {
    case ios
    case android

    /// The platform named by `text`, ignoring case.
    public init?(name text: String) {
        self.init(rawValue: text.lowercased())
    }
}
