public import EndpointCore
public import Storage
public import Text

/// Creates, recognises and revokes device sessions: the rules around `device_sessions`.
///
/// A device proves itself with its member ID and token; the session is looked up by the token's SHA-256
/// hash, so a timing side channel on the lookup reveals nothing about stored tokens, and accepted only
/// for its own member, unrevoked, unexpired and not banned. Recognised sessions are remembered for
/// ``SessionPolicy/cacheSeconds``; ending a session through this instance forgets it at once, and
/// through another instance when its announcement arrives (``CacheAnnouncementListener``).
public struct SessionStore: Sendable {
    private let store: DeviceSessionStore
    public let policy: SessionPolicy
    /// The site's clock: "now", unless a caller working at one time for several writes says.
    private let clock: SiteClock
    /// Recognised sessions by token hash.
    private let cache: ExpiringCache<String, DeviceSession>?

    public init(database: Database, policy: SessionPolicy, clock: SiteClock) {
        self.store = DeviceSessionStore(database: database)
        self.policy = policy
        self.clock = clock
        self.cache = policy.cacheSeconds > 0 ? ExpiringCache(name: "sessions", lifetimeSeconds: policy.cacheSeconds, trust: database.cacheTrust) : nil
    }

    /// Starts a session for `memberID` made by `origin` (``DeviceSession/origin``); returns it with the
    /// token to hand to the device (once).
    public func create(memberID: Int, userAgent: String, ip: String, origin: String = "", now: Int? = nil) async throws -> (DeviceSession, SessionToken) {
        let now = now ?? self.clock.now
        let token = SessionToken.generate()
        let session = DeviceSession(
            id: RandomText.hex(byteCount: 16), memberID: memberID, createdAt: now, lastUsedAt: now,
            expiresAt: now + self.policy.maximumSeconds, userAgent: TextLength.prefix(userAgent, 255), ip: ip, origin: origin
        )
        try await self.store.insert(session, tokenHash: SessionToken.storageHash(of: token.text))
        return (session, token)
    }

    /// The live session that `token` belongs to, if it belongs to `memberID`; nil for anything else.
    ///
    /// Records the use when the last recorded one is older than the policy's touch interval. With a
    /// cache configured, a session recognised in the last few seconds is not read again. A use with
    /// stricter `limits` of its own (the console's) also refuses a session idle or old beyond them, or
    /// made by another origin than theirs.
    public func authenticate(memberID: Int, token: String, limits: SessionLimits? = nil, now: Int? = nil) async throws -> DeviceSession? {
        let now = now ?? self.clock.now
        // A token of this server's, or a Composr password hash an app signed in to the Composr site
        // presents (``DeviceSessionStore/keepComposrAppSession(memberID:composrHash:expiresAt:now:on:)``).
        guard SessionToken.isWellFormed(token) || LegacyComposrHash.recognises(token) else { return nil }
        let tokenHash = SessionToken.storageHash(of: token)
        guard var session = try await self.cachedOrStored(tokenHash: tokenHash, now: now),
            session.memberID == memberID, now < session.endsAt(policy: self.policy),
            limits.map({ now - session.lastUsedAt < $0.idleSeconds && now - session.createdAt < $0.maximumSeconds && session.origin == $0.origin })
                ?? true
        else { return nil }
        if now - session.lastUsedAt >= self.policy.touchIntervalSeconds {
            try await self.store.touch(id: session.id, now: now)
            session.lastUsedAt = now
            self.cache?.update(tokenHash) { $0.lastUsedAt = now }
        }
        return session
    }

    private func cachedOrStored(tokenHash: String, now: Int) async throws -> DeviceSession? {
        if let cached = self.cache?.value(for: tokenHash, now: now) { return cached }
        let stored = try await self.store.find(tokenHash: tokenHash)
        if let stored { self.cache?.store(stored, for: tokenHash, now: now) }
        return stored
    }

    /// Ends one session of `memberID`; false when it is not theirs or already ended.
    @discardableResult
    public func revoke(sessionID: String, memberID: Int, now: Int? = nil) async throws -> Bool {
        let now = now ?? self.clock.now
        self.cache?.forget { $1.id == sessionID }
        return try await self.store.revoke(id: sessionID, memberID: memberID, now: now)
    }

    /// Ends every session of `memberID`; returns how many were live.
    @discardableResult
    public func revokeAll(memberID: Int, now: Int? = nil) async throws -> Int {
        let now = now ?? self.clock.now
        self.forgetCached(memberID: memberID)
        return try await self.store.revokeAll(memberID: memberID, now: now)
    }

    /// Ends the member's Composr app session, if the import kept one: they logged in here, so their
    /// app holds a token of this server's now.
    public func endComposrAppSession(memberID: Int, now: Int? = nil) async throws {
        self.forgetCached(memberID: memberID)
        try await self.store.endComposrAppSession(memberID: memberID, now: now ?? self.clock.now)
    }

    /// Drops this instance's cached recognitions of `memberID`'s sessions (after a change committed
    /// elsewhere ended them).
    public func forgetCached(memberID: Int) {
        self.cache?.forget { $1.memberID == memberID }
    }

    /// Drops every cached recognition (announcements may have been missed).
    public func forgetAllCached() {
        self.cache?.forget { _, _ in true }
    }

    /// The member's live sessions, most recently used first.
    public func live(memberID: Int, now: Int? = nil) async throws -> [DeviceSession] {
        let now = now ?? self.clock.now
        return try await self.store.live(memberID: memberID, idleSince: now - self.policy.idleSeconds, now: now)
    }
}

/// How long a session may go unused, and last at all, for a use stricter than the site's policy.
public struct SessionLimits: Sendable, Equatable {
    public var idleSeconds: Int
    public var maximumSeconds: Int
    /// The only ``DeviceSession/origin`` accepted (the console's sessions are its sign-in's alone).
    public var origin: String

    public init(idleSeconds: Int, maximumSeconds: Int, origin: String) {
        self.idleSeconds = idleSeconds
        self.maximumSeconds = maximumSeconds
        self.origin = origin
    }
}

extension DeviceSession {
    /// When the session ends under `policy` if not used again.
    public func endsAt(policy: SessionPolicy) -> Int {
        self.endsAt(idleSeconds: policy.idleSeconds)
    }
}
