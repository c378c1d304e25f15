public import SQLKit

/// Registered push devices (table `device_tokens`).
///
/// A token is unique per platform: registering a known token moves it to the new owner (the phone
/// changed hands, or someone else logged in on it) and refreshes its last-seen time, instead of
/// delivering one device's notifications to two members. A member may have any number of devices.
public enum DeviceTokenStore {
    /// Registers tokens, each for its member (nil: an anonymous device); returns for each, in order,
    /// whether it took a write and the last-seen time now stored.
    ///
    /// The SDKs register at every app start with a token that is almost always registered already: a
    /// token already registered to the same owner and written less than `refreshSeconds` ago is left as
    /// it is, so a launch spike costs reads, not writes (on PostgreSQL, WAL flushes). Any other
    /// registration writes, so the last registration always decides the owner, whichever instance took
    /// the earlier one. Several registrations (``DeviceTokenRegistrar`` batches those that arrive
    /// together) are made as if one after the other (of two registrations of one token the later
    /// decides) in two statements: one read for all of them, and one write for those that need it.
    public static func register(_ requests: [DeviceTokenRequest], on connection: any SQLDatabase) async throws -> [DeviceRegistration] {
        struct Key: Hashable {
            let platform: String
            let token: String
        }
        guard !requests.isEmpty else { return [] }
        var stored: [Key: (memberID: Int?, lastSeenAt: Int)] = [:]
        for row in try await connection.raw(Self.registrationsQuery(requests.map { ($0.platform, $0.token) })).all() {
            let key = Key(platform: try row.decode(column: "platform", as: String.self), token: try row.decode(column: "token", as: String.self))
            stored[key] = (try row.decode(column: "member_id", as: Int?.self), try row.decode(column: "last_seen_at", as: Int.self))
        }
        var writes: [Key: DeviceTokenRequest] = [:]
        let registrations = requests.map { request in
            let key = Key(platform: request.platform.rawValue, token: request.token)
            if let known = stored[key], known.memberID == request.memberID, known.lastSeenAt > request.now - request.refreshSeconds {
                return DeviceRegistration(wrote: false, lastSeenAt: known.lastSeenAt)
            }
            stored[key] = (request.memberID, request.now)
            writes[key] = request
            return DeviceRegistration(wrote: true, lastSeenAt: request.now)
        }
        guard !writes.isEmpty else { return registrations }
        // In index order, so two instances writing the same tokens at once lock their rows in the same
        // order (PostgreSQL would otherwise end one of them as a deadlock).
        let ordered = writes.sorted { ($0.key.platform, $0.key.token) < ($1.key.platform, $1.key.token) }.map(\.value)
        let rows = ordered.map { request -> SQLQueryString in
            "(\(bind: request.token), \(bind: request.platform.rawValue), \(bind: request.memberID), \(bind: request.now), \(bind: request.now))"
        }
        try await connection.raw("""
            INSERT INTO device_tokens (token, platform, member_id, created_at, last_seen_at) VALUES \(rows.joined(separator: ", "))
            ON CONFLICT (platform, token) DO UPDATE SET member_id = excluded.member_id, last_seen_at = excluded.last_seen_at
            """).run()
        return registrations
    }

    /// The stored registrations of `tokens`, each looked up in the unique (platform, token) index. The
    /// tokens are joined to the table rather than matched with `(platform, token) IN (VALUES …)`, which
    /// the SQLite built in here searches by index too but older ones (3.40's plan) answer by reading
    /// every row.
    package static func registrationsQuery(_ tokens: [(platform: PushPlatform, token: String)]) -> SQLQueryString {
        let keys = tokens.map { "(\(bind: $0.platform.rawValue), \(bind: $0.token))" as SQLQueryString }
        return """
            SELECT d.platform, d.token, d.member_id, d.last_seen_at
            FROM (VALUES \(keys.joined(separator: ", "))) AS wanted JOIN device_tokens d ON d.platform = wanted.column1 AND d.token = wanted.column2
            """
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
