/// What registering a push token did.
public struct DeviceRegistration: Sendable, Equatable {
    /// Whether it took a write (a new token, a new owner, or the refresh interval passed).
    public let wrote: Bool
    /// The token's last-seen time as now stored.
    public let lastSeenAt: Int

    public init(wrote: Bool, lastSeenAt: Int) {
        self.wrote = wrote
        self.lastSeenAt = lastSeenAt
    }
}
