/// What registering a push token did.
public struct DeviceRegistration: Sendable, Equatable {
    /// Whether it took a write (a new token, a new owner, or the refresh interval passed).
    public let wrote: Bool
    /// The token's last-seen time as now stored (0 when refused).
    public let lastSeenAt: Int
    /// Set when nothing was stored because adding the token would pass one of its limits: the seconds
    /// until that limit's window ends.
    public let retryAfterSeconds: Int?

    public init(wrote: Bool, lastSeenAt: Int) {
        self.wrote = wrote
        self.lastSeenAt = lastSeenAt
        self.retryAfterSeconds = nil
    }

    private init(retryAfterSeconds: Int) {
        self.wrote = false
        self.lastSeenAt = 0
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// Refused: adding the token would pass a limit for `retryAfterSeconds` more seconds.
    public static func limited(retryAfterSeconds: Int) -> Self {
        Self(retryAfterSeconds: retryAfterSeconds)
    }
}
