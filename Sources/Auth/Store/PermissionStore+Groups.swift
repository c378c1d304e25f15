import SQLKit
public import Storage

extension PermissionStore {
    /// The groups granted `privilege`.
    public static func groups(holding privilege: String, on connection: StoreConnection) async throws -> Set<Int> {
        Set(
            try await connection.raw("SELECT group_id FROM group_privileges WHERE privilege = \(bind: privilege)").all().map {
                try $0.decode(column: "group_id", as: Int.self)
            })
    }

    /// Grants group `groupID` the (declared) `privilege`, or takes it away.
    /// The usernames of the members who can sign in to the console (``ConsoleAccess``): validated,
    /// not banned, in a group of administrators or granted news editing or submitting.
    public static func consoleStaffUsernames(on connection: StoreConnection) async throws -> [String] {
        try await connection.raw(
            """
            SELECT DISTINCT m.username AS username FROM members m JOIN group_members gm ON gm.member_id = m.id JOIN groups g ON g.id = gm.group_id
            WHERE m.validated = \(bind: true) AND m.banned = \(bind: false) AND (g.is_super_admin = \(bind: true)
                OR g.id IN (SELECT group_id FROM group_privileges WHERE privilege IN (\(binds: [ConsoleAccess.editingPrivilege, ConsoleAccess.submittingPrivilege]))))
            ORDER BY m.username
            """
        ).all().map { try $0.decode(column: "username", as: String.self) }
    }

    public static func setPrivilege(_ privilege: String, granted: Bool, groupID: Int, on connection: StoreConnection) async throws {
        connection.markStale(.groups)
        try await connection.raw("DELETE FROM group_privileges WHERE group_id = \(bind: groupID) AND privilege = \(bind: privilege)").run()
        if granted {
            try await connection.raw("INSERT INTO group_privileges (group_id, privilege) VALUES (\(bind: groupID), \(bind: privilege))").run()
        }
    }
}
