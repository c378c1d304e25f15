/// One logged-in device of a member.
public struct DeviceSession: Sendable, Equatable {
    /// Public identifier (32 hex characters): returned as `sessionID`, safe to show and log.
    public let id: String
    public let memberID: Int
    public let createdAt: Int
    public var lastUsedAt: Int
    /// Absolute end (creation + the maximum lifetime).
    public let expiresAt: Int
    public let userAgent: String
    public let ip: String
    /// The member's stored language code, read with the session so that choosing the language of an
    /// answer costs no query; empty when the session was not read with its member.
    public let memberLanguage: String
    /// What made it: "" a login through the API, "console" the web console's sign-in (the only
    /// sessions that open the console), "composr" one an import kept for an app signed in to Composr.
    public let origin: String

    public init(
        id: String, memberID: Int, createdAt: Int, lastUsedAt: Int, expiresAt: Int, userAgent: String, ip: String, memberLanguage: String = "",
        origin: String = ""
    ) {
        self.id = id
        self.memberID = memberID
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.expiresAt = expiresAt
        self.userAgent = userAgent
        self.ip = ip
        self.memberLanguage = memberLanguage
        self.origin = origin
    }

    /// When the session ends if not used again: the earlier of idle expiry and absolute expiry.
    public func endsAt(idleSeconds: Int) -> Int {
        min(self.lastUsedAt + idleSeconds, self.expiresAt)
    }
}
