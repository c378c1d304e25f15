public import SiteStore
public import SQLKit

/// Creates, recognises and revokes device sessions.
///
/// A device proves itself with its member ID and token; the store looks the token up by its SHA-256
/// hash, so a timing side channel on the lookup reveals nothing about stored tokens, and accepts it
/// only for its own member, unrevoked, unexpired and not banned.
public struct SessionStore: Sendable {
    private let database: Database
    public let policy: SessionPolicy
    /// Recognised sessions by token hash.
    private let cache: ExpiringCache<String, DeviceSession>?

    public init(database: Database, policy: SessionPolicy) {
        self.database = database
        self.policy = policy
        self.cache = policy.cacheSeconds > 0 ? ExpiringCache(lifetimeSeconds: policy.cacheSeconds) : nil
    }

    /// Starts a session for `memberID`; returns it with the token to hand to the device (once).
    public func create(memberID: Int, userAgent: String, ip: String, now: Int = UnixTime.now) async throws -> (DeviceSession, DeviceToken) {
        let token = DeviceToken.generate()
        let session = DeviceSession(
            id: RandomText.hex(byteCount: 16),
            memberID: memberID,
            createdAt: now,
            lastUsedAt: now,
            expiresAt: now + self.policy.maximumSeconds,
            userAgent: String(userAgent.prefix(255)),
            ip: ip
        )
        try await self.database.withConnection { connection in
            try await connection.raw("""
                DELETE FROM device_sessions WHERE member_id = \(bind: memberID)
                    AND (revoked_at IS NOT NULL OR expires_at <= \(bind: now) OR last_used_at <= \(bind: now - self.policy.idleSeconds))
                """).run()
            try await connection.raw("""
                INSERT INTO device_sessions (id, member_id, token_hash, created_at, last_used_at, expires_at, user_agent, ip)
                VALUES (\(bind: session.id), \(bind: memberID), \(bind: DeviceToken.storageHash(of: token.text)), \(bind: now),
                    \(bind: now), \(bind: session.expiresAt), \(bind: session.userAgent), \(bind: ip))
                """).run()
        }
        return (session, token)
    }

    /// The live session that `token` belongs to, if it belongs to `memberID`; nil for anything else.
    ///
    /// Records the use when the last recorded one is older than the policy's touch interval. With a
    /// cache configured, a session recognised in the last few seconds is not read again.
    public func authenticate(memberID: Int, token: String, now: Int = UnixTime.now) async throws -> DeviceSession? {
        guard DeviceToken.isWellFormed(token) else { return nil }
        let tokenHash = DeviceToken.storageHash(of: token)
        guard var session = try await self.cachedOrStored(tokenHash: tokenHash, now: now),
              session.memberID == memberID, now < session.endsAt(policy: self.policy)
        else { return nil }
        if now - session.lastUsedAt >= self.policy.touchIntervalSeconds {
            try await self.database.withConnection { connection in
                try await connection.raw(
                    "UPDATE device_sessions SET last_used_at = \(bind: now) WHERE id = \(bind: session.id) AND last_used_at < \(bind: now)"
                ).run()
            }
            session.lastUsedAt = now
            self.cache?.update(tokenHash) { $0.lastUsedAt = now }
        }
        return session
    }

    private func cachedOrStored(tokenHash: String, now: Int) async throws -> DeviceSession? {
        if let cached = self.cache?.value(for: tokenHash, now: now) { return cached }
        let stored = try await self.database.withConnection { connection in
            try await connection.raw("""
                SELECT s.id, s.member_id, s.created_at, s.last_used_at, s.expires_at, s.user_agent, s.ip
                FROM device_sessions s JOIN members m ON m.id = s.member_id
                WHERE s.token_hash = \(bind: tokenHash) AND s.revoked_at IS NULL AND m.banned = \(bind: false)
                """).first().map(Self.session)
        }
        if let stored { self.cache?.store(stored, for: tokenHash, now: now) }
        return stored
    }

    /// Ends one session of `memberID`; false when it is not theirs or already ended.
    @discardableResult
    public func revoke(sessionID: String, memberID: Int, now: Int = UnixTime.now) async throws -> Bool {
        self.cache?.forget { $1.id == sessionID }
        return try await self.database.withConnection { connection in
            let rows = try await connection.raw("""
                UPDATE device_sessions SET revoked_at = \(bind: now)
                WHERE id = \(bind: sessionID) AND member_id = \(bind: memberID) AND revoked_at IS NULL
                RETURNING id
                """).all()
            return !rows.isEmpty
        }
    }

    /// Ends every session of `memberID`; returns how many were live.
    @discardableResult
    public func revokeAll(memberID: Int, now: Int = UnixTime.now) async throws -> Int {
        self.forgetCached(memberID: memberID)
        return try await self.database.withConnection { connection in
            try await Self.revokeAll(memberID: memberID, on: connection, now: now)
        }
    }

    /// Ends every session of `memberID` on `connection` (inside the caller's transaction); the caller
    /// then calls ``forgetCached(memberID:)``.
    @discardableResult
    public static func revokeAll(memberID: Int, on connection: any SQLDatabase, now: Int = UnixTime.now) async throws -> Int {
        try await connection.raw("""
            UPDATE device_sessions SET revoked_at = \(bind: now)
            WHERE member_id = \(bind: memberID) AND revoked_at IS NULL
            RETURNING id
            """).all().count
    }

    /// Drops this instance's cached recognitions of `memberID`'s sessions.
    public func forgetCached(memberID: Int) {
        self.cache?.forget { $1.memberID == memberID }
    }

    /// The member's live sessions, most recently used first.
    public func live(memberID: Int, now: Int = UnixTime.now) async throws -> [DeviceSession] {
        try await self.database.withConnection { connection in
            try await connection.raw("""
                SELECT id, member_id, created_at, last_used_at, expires_at, user_agent, ip FROM device_sessions
                WHERE member_id = \(bind: memberID) AND revoked_at IS NULL AND expires_at > \(bind: now)
                    AND last_used_at > \(bind: now - self.policy.idleSeconds)
                ORDER BY last_used_at DESC
                """).all().map(Self.session)
        }
    }

    private static func session(_ row: any SQLRow) throws -> DeviceSession {
        DeviceSession(
            id: try row.decode(column: "id", as: String.self),
            memberID: try row.decode(column: "member_id", as: Int.self),
            createdAt: try row.decode(column: "created_at", as: Int.self),
            lastUsedAt: try row.decode(column: "last_used_at", as: Int.self),
            expiresAt: try row.decode(column: "expires_at", as: Int.self),
            userAgent: try row.decode(column: "user_agent", as: String.self),
            ip: try row.decode(column: "ip", as: String.self)
        )
    }
}
