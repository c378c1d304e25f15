public import SQLKit

/// Registered push devices (table `device_tokens`).
///
/// A token is unique per platform: registering a known token moves it to the new owner (the phone
/// changed hands, or someone else logged in on it) and refreshes its last-seen time, instead of
/// delivering one device's notifications to two members. A member may have any number of devices.
public enum DeviceTokenStore {
    /// Registers `token` for `memberID` (nil: an anonymous device); returns whether that took a write
    /// and the last-seen time now stored.
    ///
    /// The SDKs register at every app start with a token that is almost always registered already: a
    /// token already registered to the same owner and written less than `refreshSeconds` ago is left as
    /// it is after one read, so a launch spike costs reads, not writes (on PostgreSQL, WAL flushes). Any
    /// other registration writes, so the last registration always decides the owner, whichever
    /// instance took the earlier one.
    @discardableResult
    public static func register(
        token: String, platform: PushPlatform, memberID: Int?, refreshSeconds: Int, on connection: any SQLDatabase, now: Int = UnixTime.now
    ) async throws -> DeviceRegistration {
        if connection.dialect.name == "postgresql" {
            return try await self.registerInOneStatement(token: token, platform: platform, memberID: memberID, refreshSeconds: refreshSeconds, on: connection, now: now)
        }
        let known = try await connection.raw("""
            SELECT member_id, last_seen_at FROM device_tokens WHERE platform = \(bind: platform.rawValue) AND token = \(bind: token)
            """).first()
        if let known, try known.decode(column: "member_id", as: Int?.self) == memberID {
            let lastSeenAt = try known.decode(column: "last_seen_at", as: Int.self)
            if lastSeenAt > now - refreshSeconds { return DeviceRegistration(wrote: false, lastSeenAt: lastSeenAt) }
        }
        try await connection.raw("""
            INSERT INTO device_tokens (token, platform, member_id, created_at, last_seen_at)
            VALUES (\(bind: token), \(bind: platform.rawValue), \(bind: memberID), \(bind: now), \(bind: now))
            ON CONFLICT (platform, token) DO UPDATE SET member_id = \(bind: memberID), last_seen_at = \(bind: now)
            """).run()
        return DeviceRegistration(wrote: true, lastSeenAt: now)
    }

    /// The same rule in one round trip, for PostgreSQL, where each statement is a round trip to the
    /// server: the read and the conditional write as one statement with a data-modifying `WITH`
    /// (which SQLite lacks; there, an `INSERT` that ends up writing nothing would still take the
    /// file's one write lock, so the read stays a statement of its own). A repeat that writes nothing
    /// inserts no row, locks none and takes no transaction ID.
    private static func registerInOneStatement(
        token: String, platform: PushPlatform, memberID: Int?, refreshSeconds: Int, on connection: any SQLDatabase, now: Int
    ) async throws -> DeviceRegistration {
        let row = try await connection.raw("""
            WITH known AS (
                SELECT member_id, last_seen_at FROM device_tokens WHERE platform = \(bind: platform.rawValue) AND token = \(bind: token)
            ), written AS (
                INSERT INTO device_tokens (token, platform, member_id, created_at, last_seen_at)
                SELECT \(bind: token), \(bind: platform.rawValue), \(bind: memberID), \(bind: now), \(bind: now)
                WHERE NOT EXISTS (
                    SELECT 1 FROM known WHERE member_id IS NOT DISTINCT FROM \(bind: memberID) AND last_seen_at > \(bind: now - refreshSeconds)
                )
                ON CONFLICT (platform, token) DO UPDATE SET member_id = excluded.member_id, last_seen_at = excluded.last_seen_at
                RETURNING last_seen_at
            )
            SELECT (SELECT last_seen_at FROM written) AS written, (SELECT last_seen_at FROM known) AS known
            """).first()
        if let written = try row?.decode(column: "written", as: Int?.self) {
            return DeviceRegistration(wrote: true, lastSeenAt: written)
        }
        guard let known = try row?.decode(column: "known", as: Int?.self) else { throw InsertedRowMissing(table: "device_tokens") }
        return DeviceRegistration(wrote: false, lastSeenAt: known)
    }

    /// The (platform, token) pairs `target` reaches.
    public static func devices(_ target: PushTarget, on connection: any SQLDatabase) async throws -> [(platform: PushPlatform, token: String)] {
        let condition: SQLQueryString = switch target {
        case .member(let id): "d.member_id = \(bind: id)"
        case .allDevices: "1 = 1"
        case .anonymous: "d.member_id IS NULL"
        case .staff: """
            d.member_id IN (SELECT gm.member_id FROM group_members gm JOIN groups g ON g.id = gm.group_id
                WHERE g.is_super_admin = \(bind: true) OR g.is_super_moderator = \(bind: true))
            """
        }
        return try await connection.raw("SELECT d.platform, d.token FROM device_tokens d WHERE \(condition) ORDER BY d.id").all().compactMap { row in
            guard let platform = PushPlatform(rawValue: try row.decode(column: "platform", as: String.self)) else { return nil }
            return (platform, try row.decode(column: "token", as: String.self))
        }
    }

    /// Forgets a token the push service called dead.
    public static func remove(token: String, platform: PushPlatform, on connection: any SQLDatabase) async throws {
        try await connection.raw("DELETE FROM device_tokens WHERE platform = \(bind: platform.rawValue) AND token = \(bind: token)").run()
    }
}
