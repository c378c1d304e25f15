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
    private let database: Database
    public let policy: SessionPolicy
    /// The site's clock: "now", unless a caller working at one time for several writes says.
    private let clock: SiteClock
    /// Recognised sessions by token hash.
    private let cache: ExpiringCache<String, DeviceSession>?

    public init(database: Database, policy: SessionPolicy, clock: SiteClock) {
        self.database = database
        self.policy = policy
        self.clock = clock
        self.cache = policy.cacheSeconds > 0 ? ExpiringCache(name: "sessions", lifetimeSeconds: policy.cacheSeconds, trust: database.cacheTrust) : nil
    }

    /// Starts a session for `memberID` made by `origin` (``DeviceSession/origin``) on `connection`
    /// (inside the caller's unit of work); returns it with the token to hand to the device (once).
    public func create(memberID: Int, userAgent: String, ip: String, origin: String = "", now: Int? = nil, on connection: StoreConnection) async throws
        -> (DeviceSession, SessionToken)
    {
        let now = now ?? self.clock.now
        let token = SessionToken.generate()
        let session = DeviceSession(
            id: RandomText.hex(byteCount: 16), memberID: memberID, createdAt: now, lastUsedAt: now,
            expiresAt: now + self.policy.maximumSeconds, userAgent: TextLength.prefix(userAgent, 255), ip: ip, origin: origin
        )
        try await DeviceSessionStore.insert(session, tokenHash: SessionToken.storageHash(of: token.text), on: connection)
        return (session, token)
    }

    /// The live session that `token` belongs to, if it belongs to `memberID`; nil for anything else.
    ///
    /// Records the use when the last recorded one is older than the policy's touch interval. With a
    /// cache configured, a session recognised in the last few seconds is not read again. A use with
    /// stricter `limits` of its own (the console's) also refuses a session idle or old beyond them, or
    /// made by another origin than theirs.
    ///
    /// A session remembered and not due a touch borrows no connection; otherwise the read and the
    /// touch share one.
    public func authenticate(memberID: Int, token: String, limits: SessionLimits? = nil, now: Int? = nil) async throws -> DeviceSession? {
        let now = now ?? self.clock.now
        // A token of this server's, or a Composr password hash an app signed in to the Composr site
        // presents (``DeviceSessionStore/keepComposrAppSession(memberID:composrHash:expiresAt:now:on:)``).
        guard SessionToken.isWellFormed(token) || LegacyComposrHash.recognises(token) else { return nil }
        let tokenHash = SessionToken.storageHash(of: token)
        let accepts = { (session: DeviceSession) in
            session.memberID == memberID && now < session.endsAt(policy: self.policy)
                && (limits.map { now - session.lastUsedAt < $0.idleSeconds && now - session.createdAt < $0.maximumSeconds && session.origin == $0.origin }
                    ?? true)
        }
        let cached = self.cache?.value(for: tokenHash, now: now)
        if let cached, !accepts(cached) { return nil }
        if let cached, now - cached.lastUsedAt < self.policy.touchIntervalSeconds { return cached }
        return try await self.database.withConnection { connection -> DeviceSession? in
            var found = cached
            if found == nil {
                found = try await DeviceSessionStore.find(tokenHash: tokenHash, on: connection)
                if let found { self.cache?.store(found, for: tokenHash, now: now) }
            }
            guard var session = found, accepts(session) else { return nil }
            if now - session.lastUsedAt >= self.policy.touchIntervalSeconds {
                try await DeviceSessionStore.touch(id: session.id, now: now, on: connection)
                session.lastUsedAt = now
                self.cache?.update(tokenHash) { $0.lastUsedAt = now }
            }
            return session
        }
    }

    /// Ends one session of `memberID`; false when it is not theirs or already ended.
    @discardableResult
    public func revoke(sessionID: String, memberID: Int, now: Int? = nil) async throws -> Bool {
        let now = now ?? self.clock.now
        self.cache?.forget { $1.id == sessionID }
        return try await self.database.withConnection { try await DeviceSessionStore.revoke(id: sessionID, memberID: memberID, now: now, on: $0) }
    }

    /// Ends every session of `memberID`; returns how many were live.
    @discardableResult
    public func revokeAll(memberID: Int, now: Int? = nil) async throws -> Int {
        let now = now ?? self.clock.now
        self.forgetCached(memberID: memberID)
        return try await self.database.withConnection { try await DeviceSessionStore.revokeAll(memberID: memberID, now: now, on: $0) }
    }

    /// Ends the member's Composr app session on `connection`, if the import kept one: they logged in
    /// here, so their app holds a token of this server's now.
    public func endComposrAppSession(memberID: Int, now: Int? = nil, on connection: StoreConnection) async throws {
        self.forgetCached(memberID: memberID)
        try await DeviceSessionStore.endComposrAppSession(memberID: memberID, now: now ?? self.clock.now, on: connection)
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
        return try await self.database.withConnection {
            try await DeviceSessionStore.live(memberID: memberID, idleSince: now - self.policy.idleSeconds, now: now, on: $0)
        }
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
