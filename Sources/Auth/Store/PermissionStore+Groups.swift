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
    public static func setPrivilege(_ privilege: String, granted: Bool, groupID: Int, on connection: StoreConnection) async throws {
        connection.markStale(.groups)
        try await connection.raw("DELETE FROM group_privileges WHERE group_id = \(bind: groupID) AND privilege = \(bind: privilege)").run()
        if granted {
            try await connection.raw("INSERT INTO group_privileges (group_id, privilege) VALUES (\(bind: groupID), \(bind: privilege))").run()
        }
    }
}
