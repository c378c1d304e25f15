public import EndpointCore
import SQLKit
public import Storage
import Text

/// The `device_sessions` table: one row per logged-in device, found by the SHA-256 hash of its token.
///
/// Only storage lives here; what a session may do, how long it lives and what is remembered in memory
/// is `Auth`'s `SessionStore`.
public enum DeviceSessionStore {
    /// Stores `session` under `tokenHash`. Sessions that ended are removed by the maintenance sweep
    /// (``MaintenanceSweep``), the one place that rule lives, not at every login.
    public static func insert(_ session: DeviceSession, tokenHash: String, on connection: StoreConnection) async throws {
        try await connection.raw(
            """
            INSERT INTO device_sessions (id, member_id, token_hash, created_at, last_used_at, expires_at, user_agent, ip, origin)
            VALUES (\(bind: session.id), \(bind: session.memberID), \(bind: tokenHash), \(bind: session.createdAt),
                \(bind: session.lastUsedAt), \(bind: session.expiresAt), \(bind: session.userAgent), \(bind: session.ip),
                \(bind: session.origin))
            """
        ).run()
    }

    /// Keeps a session for the app signed in to the Composr site as `memberID`: its token is the
    /// member's Composr password hash, which such an app presents (stored as every token is, as its
    /// SHA-256), and it ends at `expiresAt`. False, keeping nothing, when the member has had one (a
    /// session that ended is never brought back by a later import).
    public static func keepComposrAppSession(memberID: Int, composrHash: String, expiresAt: Int, now: Int, on connection: StoreConnection)
        async throws -> Bool
    {
        guard
            try await connection.raw("SELECT id FROM device_sessions WHERE member_id = \(bind: memberID) AND origin = 'composr'").first() == nil
        else { return false }
        try await connection.raw(
            """
            INSERT INTO device_sessions (id, member_id, token_hash, created_at, last_used_at, expires_at, user_agent, ip, origin)
            VALUES (\(bind: RandomText.hex(byteCount: 16)), \(bind: memberID), \(bind: SessionToken.storageHash(of: composrHash)),
                \(bind: now), \(bind: now), \(bind: expiresAt), 'Composr app (kept by the import)', '', 'composr')
            """
        ).run()
        return true
    }

    /// Ends the member's Composr app session (they logged in here).
    public static func endComposrAppSession(memberID: Int, now: Int, on connection: StoreConnection) async throws {
        try await connection.raw(
            """
            UPDATE device_sessions SET revoked_at = \(bind: now)
            WHERE member_id = \(bind: memberID) AND origin = 'composr' AND revoked_at IS NULL
            """
        ).run()
        connection.markStale(.member(memberID))
    }

    /// The unrevoked session stored under `tokenHash`, with its member's language, unless its member is
    /// banned.
    public static func find(tokenHash: String, on connection: StoreConnection) async throws -> DeviceSession? {
        try await connection.raw(
            """
            SELECT \(unsafeRaw: Self.columns) FROM device_sessions s JOIN members m ON m.id = s.member_id
            WHERE s.token_hash = \(bind: tokenHash) AND s.revoked_at IS NULL AND m.banned = \(bind: false)
            """
        ).first().map(Self.session)
    }

    /// Records use of session `id` at `now`, unless a later use was already recorded.
    public static func touch(id: String, now: Int, on connection: StoreConnection) async throws {
        try await connection.raw(
            "UPDATE device_sessions SET last_used_at = \(bind: now) WHERE id = \(bind: id) AND last_used_at < \(bind: now)"
        ).run()
    }

    /// Ends session `id` of `memberID` on `connection` (inside the caller's transaction); false when it
    /// is not theirs or already ended.
    @discardableResult
    public static func revoke(id: String, memberID: Int, now: Int, on connection: StoreConnection) async throws -> Bool {
        connection.markStale(.member(memberID))
        return try await connection.raw(
            """
            UPDATE device_sessions SET revoked_at = \(bind: now)
            WHERE id = \(bind: id) AND member_id = \(bind: memberID) AND revoked_at IS NULL
            RETURNING id
            """
        ).first() != nil
    }

    /// Ends every session of `memberID` on `connection` (inside the caller's transaction); returns how
    /// many were live.
    @discardableResult
    public static func revokeAll(memberID: Int, now: Int, on connection: StoreConnection) async throws -> Int {
        connection.markStale(.member(memberID))
        return try await connection.raw(
            """
            UPDATE device_sessions SET revoked_at = \(bind: now)
            WHERE member_id = \(bind: memberID) AND revoked_at IS NULL
            RETURNING id
            """
        ).all().count
    }

    /// The member's sessions that are unrevoked, unexpired and used since `idleSince`, most recently
    /// used first.
    public static func live(memberID: Int, idleSince: Int, now: Int, on connection: StoreConnection) async throws -> [DeviceSession] {
        try await connection.raw(
            """
            SELECT \(unsafeRaw: Self.columns) FROM device_sessions s JOIN members m ON m.id = s.member_id
            WHERE s.member_id = \(bind: memberID) AND s.revoked_at IS NULL AND s.expires_at > \(bind: now)
                AND s.last_used_at > \(bind: idleSince)
            ORDER BY s.last_used_at DESC
            """
        ).all().map(Self.session)
    }

    /// What ``session(_:)`` reads: the session (`s`) and its member's language (`m`).
    private static let columns = "s.id, s.member_id, s.created_at, s.last_used_at, s.expires_at, s.user_agent, s.ip, s.origin, m.language"

    private static func session(_ row: any SQLRow) throws -> DeviceSession {
        DeviceSession(
            id: try row.decode(column: "id", as: String.self),
            memberID: try row.decode(column: "member_id", as: Int.self),
            createdAt: try row.decode(column: "created_at", as: Int.self),
            lastUsedAt: try row.decode(column: "last_used_at", as: Int.self),
            expiresAt: try row.decode(column: "expires_at", as: Int.self),
            userAgent: try row.decode(column: "user_agent", as: String.self),
            ip: try row.decode(column: "ip", as: String.self),
            memberLanguage: try row.decode(column: "language", as: String.self),
            origin: try row.decode(column: "origin", as: String.self)
        )
    }
}
