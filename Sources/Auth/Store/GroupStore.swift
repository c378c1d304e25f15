import SQLKit
public import Storage

/// Reads and writes usergroups (table `groups`). Group names are unique regardless of case (a unique
/// index decides; a clash throws ``DuplicateValue``).
public enum GroupStore {
    /// The ID of the group playing `role`.
    public static func groupID(for role: GroupRole, on connection: StoreConnection) async throws -> Int {
        let row = try await connection.raw(
            "SELECT id FROM groups WHERE \(unsafeRaw: role.flagColumn) = \(bind: true) ORDER BY id LIMIT 1"
        ).first()
        guard let id = try row?.decode(column: "id", as: Int.self) else { throw MissingGroup(role: role) }
        return id
    }

    /// No group plays a role the server needs (a site whose groups were edited into an unusable state).
    public struct MissingGroup: Error, CustomStringConvertible {
        public let role: GroupRole
        public var description: String { "No group is flagged \(self.role.flagColumn)." }
    }

    /// Every group, by ID.
    public static func all(on connection: StoreConnection) async throws -> [GroupRecord] {
        try await connection.raw(
            """
            SELECT id, name, is_default, is_super_admin, is_super_moderator, is_presented_at_install FROM groups ORDER BY id
            """
        ).all().map { row in
            GroupRecord(
                id: try row.decode(column: "id", as: Int.self),
                name: try row.decode(column: "name", as: String.self),
                isDefault: try row.decode(column: "is_default", as: Bool.self),
                isSuperAdmin: try row.decode(column: "is_super_admin", as: Bool.self),
                isSuperModerator: try row.decode(column: "is_super_moderator", as: Bool.self),
                isPresentedAtInstall: try row.decode(column: "is_presented_at_install", as: Bool.self)
            )
        }
    }

    /// Creates a group with no standing, and its identity; returns its ID.
    public static func create(name: String, on connection: StoreConnection) async throws -> Int {
        connection.markStale(.groups)
        let row = try await DuplicateValue.catching(Self.uniqueIndexes(name)) {
            try await connection.raw(
                """
                INSERT INTO groups (name, is_default, is_super_admin, is_super_moderator, is_presented_at_install)
                VALUES (\(bind: name), \(bind: false), \(bind: false), \(bind: false), \(bind: false)) RETURNING id
                """
            ).first()
        }
        guard let id = try row?.decode(column: "id", as: Int.self) else { throw InsertedRowMissing(table: "groups") }
        try await ResourceIdentityStore.assign(.group, id: id, label: name, on: connection)
        return id
    }

    /// Applies `changes` to group `id`; a new name relabels its identity too.
    public static func apply(_ changes: GroupChanges, to id: Int, on connection: StoreConnection) async throws {
        var assignments = ColumnAssignments()
        assignments.set("name", changes.name)
        assignments.set("is_default", changes.isDefault)
        assignments.set("is_super_admin", changes.isSuperAdmin)
        assignments.set("is_super_moderator", changes.isSuperModerator)
        assignments.set("is_presented_at_install", changes.isPresentedAtInstall)
        guard !assignments.isEmpty else { return }
        connection.markStale(.groups)
        try await DuplicateValue.catching(Self.uniqueIndexes(changes.name ?? "")) {
            try await connection.raw("UPDATE groups SET \(assignments.sql) WHERE id = \(bind: id)").run()
        }
        if let name = changes.name {
            try await ResourceIdentityStore.relabel(.group, id: id, label: name, on: connection)
        }
    }

    /// How many members group `id` has.
    public static func memberCount(_ id: Int, on connection: StoreConnection) async throws -> Int {
        try await connection.raw("SELECT COUNT(*) AS n FROM group_members WHERE group_id = \(bind: id)").first()?
            .decode(column: "n", as: Int.self) ?? 0
    }

    /// Deletes group `id` and its identity.
    public static func delete(_ id: Int, on connection: StoreConnection) async throws {
        connection.markStale(.groups)
        try await connection.raw("DELETE FROM groups WHERE id = \(bind: id)").run()
        try await ResourceIdentityStore.remove(.group, id: id, on: connection)
    }

    private static func uniqueIndexes(_ name: String) -> [String: DuplicateValue] {
        ["groups_name_key": DuplicateValue(.groupName, name)]
    }
}
