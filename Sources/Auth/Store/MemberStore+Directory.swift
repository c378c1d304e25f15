import SQLKit
public import Storage

extension MemberStore {
    /// Members whose name or e-mail address contains `text` (any member when empty), by name, a page of
    /// `limit` from `offset`, and whether more follow. Guest is never listed.
    public static func search(_ text: String, offset: Int, limit: Int, on connection: StoreConnection) async throws -> (members: [MemberRecord], more: Bool) {
        var condition: SQLQueryString = "id <> \(bind: MemberRecord.guestID)"
        if !text.isEmpty {
            let pattern = SQLLike.containing(text)
            condition = "\(condition) AND (LOWER(username) LIKE \(bind: pattern) ESCAPE '\\' OR LOWER(email) LIKE \(bind: pattern) ESCAPE '\\')"
        }
        let rows = try await connection.raw(
            "SELECT \(unsafeRaw: Self.columns) FROM members WHERE \(condition) ORDER BY LOWER(username), id LIMIT \(bind: limit + 1) OFFSET \(bind: offset)"
        ).all()
        return (try rows.prefix(limit).map(Self.record), rows.count > limit)
    }
}
