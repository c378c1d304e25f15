import SQLKit
import Storage

/// The record of changes made in the console (`console_changes`): who, what, to what, when.
enum ConsoleChangeStore {
    static func record(_ change: ConsoleChange, on connection: StoreConnection) async throws {
        try await connection.raw(
            """
            INSERT INTO console_changes (member_id, username, action, subject, made_at)
            VALUES (\(bind: change.memberID), \(bind: change.username), \(bind: change.action.rawValue), \(bind: change.subject), \(bind: change.madeAt))
            """
        ).run()
    }

    /// The `limit` latest changes, latest first.
    static func latest(_ limit: Int, of actions: [ConsoleChange.Action], on connection: StoreConnection) async throws -> [ConsoleChange] {
        let kinds = SQLList(actions.map { SQLBind($0.rawValue) })
        return try await connection.raw(
            """
            SELECT member_id, username, action, subject, made_at FROM console_changes WHERE action IN (\(kinds))
            ORDER BY made_at DESC, id DESC LIMIT \(bind: limit)
            """
        ).all().compactMap { row in
            guard let action = ConsoleChange.Action(rawValue: try row.decode(column: "action", as: String.self)) else { return nil }
            return ConsoleChange(
                memberID: try row.decode(column: "member_id", as: Int.self), username: try row.decode(column: "username", as: String.self),
                action: action, subject: try row.decode(column: "subject", as: String.self), madeAt: try row.decode(column: "made_at", as: Int.self)
            )
        }
    }
}
