/// One logged-in device of a member.
public struct DeviceSession: Sendable, Equatable {
    /// Public identifier (32 hex characters): returned as `sessionID`, safe to show and log.
    public let id: String
    public let memberID: Int
    public let createdAt: Int
    public internal(set) var lastUsedAt: Int
    /// Absolute end (creation + the maximum lifetime).
    public let expiresAt: Int
    public let userAgent: String
    public let ip: String

    /// When the session ends if not used again: the earlier of idle expiry and absolute expiry.
    public func endsAt(policy: SessionPolicy) -> Int {
        min(self.lastUsedAt + policy.idleSeconds, self.expiresAt)
    }
}
