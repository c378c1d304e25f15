/// A push token to register: for whom (nil: an anonymous device), when, and for how long a stored
/// registration of it stays fresh enough to need no write (`push_token_refresh_seconds`).
public struct DeviceTokenRequest: Sendable, Equatable {
    public let token: String
    public let platform: PushPlatform
    public let memberID: Int?
    public let refreshSeconds: Int
    public let now: Int

    public init(token: String, platform: PushPlatform, memberID: Int?, refreshSeconds: Int, now: Int = UnixTime.now) {
        self.token = token
        self.platform = platform
        self.memberID = memberID
        self.refreshSeconds = refreshSeconds
        self.now = now
    }
}
