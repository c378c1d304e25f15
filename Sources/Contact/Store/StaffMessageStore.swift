import SQLKit
public import Storage

/// Reads and writes `staff_messages` (what `contact_us` receives, administered under
/// `/var/contact_messages` in `content/commandr_fs`).
public enum StaffMessageStore {
    /// Stores `message` on `connection` with its moniker and GUID; returns its ID.
    public static func create(_ message: StaffMessage, on connection: StoreConnection) async throws -> Int {
        let row = try await connection.raw(
            """
            INSERT INTO staff_messages (member_id, name, email, title, category, post, ip, created_at, status)
            VALUES (\(bind: message.memberID), \(bind: message.name), \(bind: message.email), \(bind: message.title),
                \(bind: message.category), \(bind: message.post), \(bind: message.ip), \(bind: message.createdAt), \(bind: message.status.rawValue))
            RETURNING id
            """
        ).first()
        guard let id = try row?.decode(column: "id", as: Int.self) else { throw InsertedRowMissing(table: "staff_messages") }
        let label = message.title.isEmpty ? "message \(id)" : message.title
        try await ResourceIdentityStore.assign(.contactMessage, id: id, label: label, on: connection)
        return id
    }

    /// Every message, oldest first.
    public static func all(on connection: StoreConnection) async throws -> [StaffMessage] {
        try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM staff_messages ORDER BY id").all().map(Self.message)
    }

    /// A page of `limit` messages from `offset`, newest first.
    public static func newest(_ limit: Int, offset: Int = 0, on connection: StoreConnection) async throws -> [StaffMessage] {
        try await connection.raw(
            "SELECT \(unsafeRaw: Self.columns) FROM staff_messages ORDER BY id DESC LIMIT \(bind: limit) OFFSET \(bind: offset)"
        ).all().map(Self.message)
    }

    /// The message with this ID.
    public static func find(id: Int, on connection: StoreConnection) async throws -> StaffMessage? {
        try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM staff_messages WHERE id = \(bind: id)").first().map(Self.message)
    }

    /// Sets the status of message `id`.
    public static func setStatus(_ status: StaffMessage.Status, id: Int, on connection: StoreConnection) async throws {
        try await connection.raw("UPDATE staff_messages SET status = \(bind: status.rawValue) WHERE id = \(bind: id)").run()
    }

    /// Deletes message `id` and its identity.
    public static func delete(id: Int, on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM staff_messages WHERE id = \(bind: id)").run()
        try await ResourceIdentityStore.remove(.contactMessage, id: id, on: connection)
    }

    /// The e-mail addresses of every administrator who has one and is not banned.
    public static func administratorAddresses(on connection: StoreConnection) async throws -> [String] {
        try await connection.raw(
            """
            SELECT DISTINCT m.email FROM members m
            JOIN group_members gm ON gm.member_id = m.id JOIN groups g ON g.id = gm.group_id
            WHERE g.is_super_admin = \(bind: true) AND m.email <> '' AND m.banned = \(bind: false)
            ORDER BY m.email
            """
        ).all().map { try $0.decode(column: "email", as: String.self) }
    }

    private static let columns = "id, member_id, name, email, title, category, post, ip, created_at, status"

    private static func message(_ row: any SQLRow) throws -> StaffMessage {
        StaffMessage(
            id: try row.decode(column: "id", as: Int.self),
            memberID: try row.decode(column: "member_id", as: Int?.self),
            name: try row.decode(column: "name", as: String.self),
            email: try row.decode(column: "email", as: String.self),
            title: try row.decode(column: "title", as: String.self),
            category: try row.decode(column: "category", as: String.self),
            post: try row.decode(column: "post", as: String.self),
            ip: try row.decode(column: "ip", as: String.self),
            createdAt: try row.decode(column: "created_at", as: Int.self),
            status: StaffMessage.Status(rawValue: try row.decode(column: "status", as: String.self)) ?? .new
        )
    }
}
