import Foundation
import SQLKit
public import Text

/// Gives resources their moniker and GUID when they are created, and finds them by either.
///
/// Monikers are unique per moniker space (``ResourceType/monikerSpace``: the type, but images and
/// videos share one; a unique index backs that); a collision takes a `_2`, `_3`…
/// suffix: the first free the first time a base collides, then the one after the last given. Resources made before identities existed (seeded groups, imported members) get
/// theirs the first time they are listed, through ``assignMissing(_:on:)``.
public enum ResourceIdentityStore {
    /// Creates the identity of a new resource on `connection` (inside the transaction that creates it).
    ///
    /// The insert yields to a moniker another transaction took meanwhile (the unique index decides; on PostgreSQL the insert waits
    /// for that transaction) and tries the next free one, instead of failing the write.
    @discardableResult
    public static func assign(_ type: ResourceType, id: Int, label: String, on connection: StoreConnection) async throws -> ResourceIdentity {
        let base = Moniker.base(for: label)
        let guid = UUID().uuidString.lowercased()
        // The base itself first: most titles are nobody else's (one statement, not a look and a write).
        var moniker = base
        for _ in 0..<Self.attempts {
            let inserted = try await connection.raw(
                """
                INSERT INTO resource_ids (resource_type, moniker_space, resource_id, moniker, label, guid)
                VALUES (\(bind: type.rawValue), \(bind: type.monikerSpace), \(bind: id), \(bind: moniker), \(bind: label), \(bind: guid))
                ON CONFLICT (moniker_space, moniker) DO NOTHING RETURNING moniker
                """
            ).first()
            if inserted != nil { return ResourceIdentity(type: type, id: id, moniker: moniker, label: label, guid: guid) }
            moniker = try await Self.suffixedMoniker(type, base: base, on: connection)
        }
        throw MonikerContention(base: base)
    }

    /// For a `base` some resource of `type` has: `base_N`, N the number after the last one given for
    /// `base` (`moniker_suffixes`: a title given a thousand times costs a row, not a read of the
    /// thousand monikers), the first time the first free one.
    private static func suffixedMoniker(_ type: ResourceType, base: String, on connection: StoreConnection) async throws -> String {
        while let next = try await connection.raw(
            """
            UPDATE moniker_suffixes SET last_suffix = last_suffix + 1 WHERE resource_type = \(bind: type.monikerSpace) AND base = \(bind: base)
            RETURNING last_suffix
            """
        ).first()?.decode(column: "last_suffix", as: Int.self) {
            // A moniker of that form given otherwise (a rename) is passed over.
            if try await !Self.isTaken(type, "\(base)_\(next)", on: connection) { return "\(base)_\(next)" }
        }
        // `base_…` as a range of the index on SQLite, whose BINARY order is the bytes' (its LIKE is
        // case-insensitive and reads every moniker of the type); PostgreSQL's order follows its
        // collation, so LIKE there.
        let suffixed: SQLQueryString =
            connection.isPostgres ? "moniker LIKE \(bind: base + "!_%") ESCAPE '!'" : "(moniker >= \(bind: base + "_") AND moniker < \(bind: base + "`"))"
        let taken = Set(
            try await connection.raw("SELECT moniker FROM resource_ids WHERE moniker_space = \(bind: type.monikerSpace) AND \(suffixed)").all()
                .map { try $0.decode(column: "moniker", as: String.self) })
        let moniker = Moniker.firstFree(base, taken: taken.union([base]))
        let number = Int(moniker.dropFirst(base.count + 1)) ?? 2
        try await connection.raw(
            """
            INSERT INTO moniker_suffixes (resource_type, base, last_suffix) VALUES (\(bind: type.monikerSpace), \(bind: base), \(bind: number))
            ON CONFLICT (resource_type, base) DO UPDATE SET last_suffix = \(bind: number)
            """
        ).run()
        return moniker
    }

    private static func isTaken(_ type: ResourceType, _ moniker: String, on connection: StoreConnection) async throws -> Bool {
        try await connection.raw("SELECT 1 AS taken FROM resource_ids WHERE moniker_space = \(bind: type.monikerSpace) AND moniker = \(bind: moniker)")
            .first() != nil
    }

    /// Tries before ``MonikerContention``: each lost one means another transaction took the moniker
    /// in the moment between reading and inserting.
    static let attempts = 16

    /// Other transactions kept taking the monikers this one chose.
    public struct MonikerContention: Error {
        public let base: String
    }

    /// Gives an identity to every resource of `type` that has none yet (groups and members seeded or
    /// imported before identities existed).
    public static func assignMissing(_ type: ResourceType, on connection: StoreConnection) async throws {
        let rows = try await connection.raw(
            """
            SELECT l.id AS id, l.label AS label FROM (\(Self.labels(of: type))) l
            LEFT JOIN resource_ids r ON r.resource_type = \(bind: type.rawValue) AND r.resource_id = l.id
            WHERE r.guid IS NULL ORDER BY l.id
            """
        ).all()
        for row in rows {
            try await self.assign(type, id: try row.decode(column: "id", as: Int.self), label: try row.decode(column: "label", as: String.self), on: connection)
        }
    }

    /// Changes the label of an identity (its resource was renamed); the moniker stays, so paths and
    /// references keep working.
    public static func relabel(_ type: ResourceType, id: Int, label: String, on connection: StoreConnection) async throws {
        try await connection.raw(
            """
            UPDATE resource_ids SET label = \(bind: label) WHERE resource_type = \(bind: type.rawValue) AND resource_id = \(bind: id)
            """
        ).run()
    }

    /// Gives resource `id` of `type` the moniker `moniker` (an editor's choice: a slug), keeping the one
    /// it had as a former moniker (``formerOwner(_:moniker:on:)``); false when another resource has it.
    /// A moniker that was this or another resource's former one is taken over.
    public static func rename(_ type: ResourceType, id: Int, to moniker: String, on connection: StoreConnection) async throws -> Bool {
        guard let current = try await Self.find(type, id: id, on: connection) else { return false }
        guard current.moniker != moniker else { return true }
        guard try await !Self.isTaken(type, moniker, on: connection) else { return false }
        try await connection.raw(
            "DELETE FROM former_monikers WHERE moniker_space = \(bind: type.monikerSpace) AND moniker = \(bind: moniker)"
        ).run()
        try await connection.raw(
            """
            INSERT INTO former_monikers (moniker_space, moniker, resource_type, resource_id)
            VALUES (\(bind: type.monikerSpace), \(bind: current.moniker), \(bind: type.rawValue), \(bind: id))
            """
        ).run()
        try await connection.raw(
            "UPDATE resource_ids SET moniker = \(bind: moniker) WHERE resource_type = \(bind: type.rawValue) AND resource_id = \(bind: id)"
        ).run()
        return true
    }

    /// The resource of `type` that had `moniker` before it was renamed, if one did.
    public static func formerOwner(_ type: ResourceType, moniker: String, on connection: StoreConnection) async throws -> Int? {
        try await connection.raw(
            """
            SELECT resource_id FROM former_monikers
            WHERE moniker_space = \(bind: type.monikerSpace) AND moniker = \(bind: moniker) AND resource_type = \(bind: type.rawValue)
            """
        ).first()?.decode(column: "resource_id", as: Int.self)
    }

    /// A query listing every resource of `type` as `id` and `label`.
    private static func labels(of type: ResourceType) -> SQLQueryString {
        switch type {
        case .group: "SELECT id, name AS label FROM groups"
        case .member: "SELECT id, username AS label FROM members"
        case .newsCategory: "SELECT id, label FROM news_categories"
        case .news: "SELECT id, title AS label FROM news"
        case .contactMessage: "SELECT id, CASE WHEN title = '' THEN 'message ' || id ELSE title END AS label FROM staff_messages"
        case .media: "SELECT id, name AS label FROM media"
        case .video: "SELECT id, name AS label FROM videos"
        }
    }

    /// Every identity of `type`, by resource ID.
    public static func all(_ type: ResourceType, on connection: StoreConnection) async throws -> [Int: ResourceIdentity] {
        let rows = try await connection.raw(
            """
            SELECT resource_id, moniker, label, guid FROM resource_ids WHERE resource_type = \(bind: type.rawValue)
            """
        ).all()
        var identities: [Int: ResourceIdentity] = [:]
        for row in rows {
            let identity = try Self.identity(type, row)
            identities[identity.id] = identity
        }
        return identities
    }

    /// The identity of `type` with this moniker.
    public static func find(_ type: ResourceType, moniker: String, on connection: StoreConnection) async throws -> ResourceIdentity? {
        try await connection.raw(
            """
            SELECT resource_id, moniker, label, guid FROM resource_ids WHERE resource_type = \(bind: type.rawValue) AND moniker = \(bind: moniker)
            """
        ).first().map { try Self.identity(type, $0) }
    }

    /// The identity of `type` and `id`.
    public static func find(_ type: ResourceType, id: Int, on connection: StoreConnection) async throws -> ResourceIdentity? {
        try await connection.raw(
            """
            SELECT resource_id, moniker, label, guid FROM resource_ids WHERE resource_type = \(bind: type.rawValue) AND resource_id = \(bind: id)
            """
        ).first().map { try Self.identity(type, $0) }
    }

    /// The identity with this GUID, of whatever type.
    public static func find(guid: String, on connection: StoreConnection) async throws -> ResourceIdentity? {
        let row = try await connection.raw(
            """
            SELECT resource_type, resource_id, moniker, label, guid FROM resource_ids WHERE guid = \(bind: guid.lowercased())
            """
        ).first()
        guard let row, let type = ResourceType(rawValue: try row.decode(column: "resource_type", as: String.self)) else { return nil }
        return try Self.identity(type, row)
    }

    /// Forgets the identity of a deleted resource.
    public static func remove(_ type: ResourceType, id: Int, on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM resource_ids WHERE resource_type = \(bind: type.rawValue) AND resource_id = \(bind: id)").run()
        try await connection.raw("DELETE FROM former_monikers WHERE resource_type = \(bind: type.rawValue) AND resource_id = \(bind: id)").run()
    }

    private static func identity(_ type: ResourceType, _ row: any SQLRow) throws -> ResourceIdentity {
        ResourceIdentity(
            type: type,
            id: try row.decode(column: "resource_id", as: Int.self),
            moniker: try row.decode(column: "moniker", as: String.self),
            label: try row.decode(column: "label", as: String.self),
            guid: try row.decode(column: "guid", as: String.self)
        )
    }
}
