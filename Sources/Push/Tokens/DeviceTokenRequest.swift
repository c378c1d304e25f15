public import Storage

/// A push token to register: for whom (nil: an anonymous device), when, for how long a stored
/// registration of it stays fresh enough to need no write (`push_token_refresh_seconds`), and the
/// limits on adding a token it counts against when the token is new (per client network, per member).
public struct DeviceTokenRequest: Sendable, Equatable {
    /// At most `perHour` new tokens an hour for `subject`.
    public struct Limit: Sendable, Equatable {
        public let subject: RateLimit.Subject
        public let perHour: Int

        public init(_ subject: RateLimit.Subject, perHour: Int) {
            self.subject = subject
            self.perHour = perHour
        }
    }

    public let token: String
    public let platform: PushPlatform
    public let memberID: Int?
    public let refreshSeconds: Int
    /// What a registration that adds a token counts against; a repeat or a move counts against nothing.
    public let limits: [Limit]
    public let now: Int

    public init(token: String, platform: PushPlatform, memberID: Int?, refreshSeconds: Int, limits: [Limit] = [], now: Int) {
        self.token = token
        self.platform = platform
        self.memberID = memberID
        self.refreshSeconds = refreshSeconds
        self.limits = limits
        self.now = now
    }
}
