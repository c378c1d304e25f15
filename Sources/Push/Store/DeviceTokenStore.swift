package import SQLKit
public import Storage

/// Registered push devices (table `device_tokens`).
///
/// A token is unique per platform: registering a known token moves it to the new owner (the phone
/// changed hands, or someone else logged in on it) and refreshes its last-seen time, instead of
/// delivering one device's notifications to two members. A member may have any number of devices.
public enum DeviceTokenStore {
    /// Registers tokens, each for its member (nil: an anonymous device); returns for each, in order,
    /// whether it took a write and the last-seen time now stored, or that it was refused.
    ///
    /// The SDKs register at every app start with a token that is almost always registered already: a
    /// token already registered to the same owner and written less than `refreshSeconds` ago is left as
    /// it is, so a launch spike costs reads, not writes (on PostgreSQL, WAL flushes). Any other
    /// registration writes, so the last registration always decides the owner, whichever instance took
    /// the earlier one. A registration that adds a token counts against its ``DeviceTokenRequest/limits``
    /// (``RateWindow``, one upsert per subject) and is refused when one has no room left, so nobody can
    /// fill the table. Several registrations (``DeviceTokenRegistrar`` batches those that arrive
    /// together) are made as if one after the other (of two registrations of one token the later
    /// decides) in few statements: one read for all of them, one reservation per limited subject, and
    /// one write for those that need it.
    public static func register(_ requests: [DeviceTokenRequest], on connection: StoreConnection) async throws -> [DeviceRegistration] {
        guard !requests.isEmpty else { return [] }
        var stored: [DeviceTokenKey: (memberID: Int?, lastSeenAt: Int)] = [:]
        for row in try await connection.raw(Self.registrationsQuery(requests.map { ($0.platform, $0.token) })).all() {
            let key = DeviceTokenKey(platform: try row.decode(column: "platform", as: String.self), token: try row.decode(column: "token", as: String.self))
            stored[key] = (try row.decode(column: "member_id", as: Int?.self), try row.decode(column: "last_seen_at", as: Int.self))
        }
        let refusals = try await Self.admitNewTokens(requests, known: Set(stored.keys), on: connection)
        var writes: [DeviceTokenKey: DeviceTokenRequest] = [:]
        let registrations = requests.map { request in
            let key = DeviceTokenKey(request)
            if let wait = refusals[key] { return DeviceRegistration.limited(retryAfterSeconds: wait) }
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
        try await connection.raw(
            """
            INSERT INTO device_tokens (token, platform, member_id, created_at, last_seen_at) VALUES \(rows.joined(separator: ", "))
            ON CONFLICT (platform, token) DO UPDATE SET member_id = excluded.member_id, last_seen_at = excluded.last_seen_at
            """
        ).run()
        return registrations
    }

    /// The tokens among `requests` that would be added (not `known`) but for which a limit has no room
    /// left, with the seconds to wait. Each subject reserves room for the new tokens that count against
    /// it, in the order they came; a token refused by one subject gives its room back to the others.
    private static func admitNewTokens(
        _ requests: [DeviceTokenRequest], known: Set<DeviceTokenKey>, on connection: StoreConnection
    ) async throws -> [DeviceTokenKey: Int] {
        var adding: [DeviceTokenKey: DeviceTokenRequest] = [:]
        var order: [DeviceTokenKey] = []
        for request in requests where !request.limits.isEmpty {
            let key = DeviceTokenKey(request)
            if known.contains(key) || adding[key] != nil { continue }
            adding[key] = request
            order.append(key)
        }
        var subjects: [(limit: DeviceTokenRequest.Limit, keys: [DeviceTokenKey])] = []
        for key in order {
            for limit in adding[key]?.limits ?? [] {
                if let index = subjects.firstIndex(where: { $0.limit.subject == limit.subject }) {
                    subjects[index].keys.append(key)
                } else {
                    subjects.append((limit, [key]))
                }
            }
        }
        guard !subjects.isEmpty, let now = requests.first?.now else { return [:] }
        var refused: [DeviceTokenKey: Int] = [:]
        var granted: [(limit: DeviceTokenRequest.Limit, keys: [DeviceTokenKey])] = []
        for (limit, keys) in subjects {
            let grant = try await RateWindow.reserve(
                Self.addingAction, subject: limit.subject, count: keys.count, limit: limit.perHour, seconds: 3600, now: now, on: connection
            )
            for key in keys.dropFirst(grant.granted) { refused[key] = max(refused[key] ?? 0, grant.retryAfterSeconds) }
            granted.append((limit, Array(keys.prefix(grant.granted))))
        }
        for (limit, keys) in granted {
            let unused = keys.filter { refused[$0] != nil }.count
            try await RateWindow.giveBack(
                Self.addingAction, subject: limit.subject, count: unused, windowStart: RateWindow.windowStart(now, seconds: 3600), on: connection
            )
        }
        return refused
    }

    /// What added tokens are counted as in `rate_windows`.
    static let addingAction = "push_token"

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

    /// The condition "device of table alias `d` is one `target` reaches".
    static func reaches(_ target: PushTarget) -> SQLQueryString {
        switch target {
        case .member(let id): "d.member_id = \(bind: id)"
        case .allDevices: "1 = 1"
        case .anonymous: "d.member_id IS NULL"
        case .staff:
            """
            d.member_id IN (SELECT gm.member_id FROM group_members gm JOIN groups g ON g.id = gm.group_id
                WHERE g.is_super_admin = \(bind: true) OR g.is_super_moderator = \(bind: true))
            """
        case .group(let id): "d.member_id IN (SELECT gm.member_id FROM group_members gm WHERE gm.group_id = \(bind: id))"
        }
    }

    /// How many devices `target` reaches now.
    public static func count(reaching target: PushTarget, on connection: StoreConnection) async throws -> Int {
        try await connection.raw("SELECT count(*) AS devices FROM device_tokens d WHERE \(Self.reaches(target))").first()?
            .decode(column: "devices", as: Int.self) ?? 0
    }

    /// Forgets a token the push service called dead.
    public static func remove(token: String, platform: PushPlatform, on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM device_tokens WHERE platform = \(bind: platform.rawValue) AND token = \(bind: token)").run()
        connection.markStale(.tokens)
    }
}

/// A registered token's identity: its platform and text (unique together).
struct DeviceTokenKey: Hashable {
    let platform: String
    let token: String

    init(platform: String, token: String) {
        self.platform = platform
        self.token = token
    }

    init(_ request: DeviceTokenRequest) {
        self.init(platform: request.platform.rawValue, token: request.token)
    }
}

extension DeviceTokenStore {
    /// Push tokens not registered again for `seconds` (config `push_token_retention_days`): the
    /// services expire tokens of devices that stopped checking in, and apps register theirs at every start.
    public static func sweep(silentFor seconds: Int) -> MaintenanceSweep.Step {
        .deleting(from: "device_tokens") { now in "last_seen_at < \(bind: now - seconds)" }
    }
}
