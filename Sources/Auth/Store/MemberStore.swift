import SQLKit
public import Storage

/// Reads and creates accounts (table `members` and their rows in `group_members`).
///
/// Uniqueness of usernames and e-mail addresses (both case-insensitive) is enforced by the database's
/// unique indexes, so two simultaneous sign-ups cannot both succeed; the loser gets a
/// ``DuplicateValue``. Changes to existing accounts are in `MemberStore+Changes.swift`.
public enum MemberStore {
    /// Creates the account, its group memberships and its identity on `connection`, inside the
    /// caller's transaction (a ``DuplicateValue`` then leaves that transaction to be rolled back).
    public static func create(_ member: NewMember, on connection: StoreConnection, now: Int) async throws -> Int {
        let row = try await DuplicateValue.catching(Self.uniqueIndexes(username: member.username, email: member.email)) {
            try await connection.raw(
                """
                INSERT INTO members (username, email, password_hash, validated, email_confirmed, banned,
                    join_time, last_visit_time, primary_group_id, timezone, language, dob)
                VALUES (\(bind: member.username), \(bind: member.email), \(bind: member.passwordHash),
                    \(bind: member.validated), \(bind: member.emailConfirmed), \(bind: false), \(bind: now), \(bind: now),
                    \(bind: member.primaryGroupID), \(bind: member.timezone), \(bind: member.language), \(bind: member.dateOfBirth))
                RETURNING id
                """
            ).first()
        }
        guard let id = try row?.decode(column: "id", as: Int.self) else { throw InsertedRowMissing(table: "members") }
        try await Self.setGroups(Set([member.primaryGroupID] + member.secondaryGroupIDs), memberID: id, on: connection)
        try await ResourceIdentityStore.assign(.member, id: id, label: member.username, on: connection)
        return id
    }

    /// The member whose username or, failing that, e-mail address matches `login` case-insensitively.
    public static func find(login: String, on connection: StoreConnection) async throws -> MemberRecord? {
        let byName = try await connection.raw(
            "SELECT \(unsafeRaw: Self.columns) FROM members WHERE lower(username) = lower(\(bind: login))"
        ).first()
        if let byName { return try Self.record(byName) }
        let byEmail = try await connection.raw(
            "SELECT \(unsafeRaw: Self.columns) FROM members WHERE email <> '' AND lower(email) = lower(\(bind: login)) ORDER BY id LIMIT 1"
        ).first()
        return try byEmail.map(Self.record)
    }

    /// The member whose e-mail address is `email` (case-insensitive), if any.
    public static func find(email: String, on connection: StoreConnection) async throws -> MemberRecord? {
        guard !email.isEmpty else { return nil }
        return try await connection.raw(
            "SELECT \(unsafeRaw: Self.columns) FROM members WHERE email <> '' AND lower(email) = lower(\(bind: email)) ORDER BY id LIMIT 1"
        ).first().map(Self.record)
    }

    /// The member with this ID, read on `connection` (inside the caller's transaction).
    public static func find(id: Int, on connection: StoreConnection) async throws -> MemberRecord? {
        try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM members WHERE id = \(bind: id)").first().map(Self.record)
    }

    /// The IDs of the members whose primary group is `groupID`.
    public static func ids(inPrimaryGroup groupID: Int, on connection: StoreConnection) async throws -> [Int] {
        try await connection.raw("SELECT id FROM members WHERE primary_group_id = \(bind: groupID)").all()
            .map { try $0.decode(column: "id", as: Int.self) }
    }

    /// The IDs of every group `memberID` belongs to, in order.
    public static func groupIDs(of memberID: Int, on connection: StoreConnection) async throws -> [Int] {
        try await connection.raw("SELECT group_id FROM group_members WHERE member_id = \(bind: memberID) ORDER BY group_id").all()
            .map { try $0.decode(column: "group_id", as: Int.self) }
    }

    /// Makes `groupIDs` the member's groups, replacing the ones it had.
    public static func setGroups(_ groupIDs: Set<Int>, memberID: Int, on connection: StoreConnection) async throws {
        connection.markStale(.member(memberID))
        try await connection.raw("DELETE FROM group_members WHERE member_id = \(bind: memberID)").run()
        for group in groupIDs.sorted() {
            try await connection.raw("INSERT INTO group_members (group_id, member_id) VALUES (\(bind: group), \(bind: memberID))").run()
        }
    }

    /// The unique indexes of `members`, and the duplicate each reports.
    static func uniqueIndexes(username: String, email: String) -> [String: DuplicateValue] {
        ["members_username_key": DuplicateValue(.username, username), "members_email_key": DuplicateValue(.email, email)]
    }

    static let columns = """
        id, username, email, password_hash, legacy_salt, validated, email_confirmed, banned, join_time,
        last_visit_time, primary_group_id, timezone, language, dob, reveal_age, signature
        """

    static func record(_ row: any SQLRow) throws -> MemberRecord {
        MemberRecord(
            id: try row.decode(column: "id", as: Int.self),
            username: try row.decode(column: "username", as: String.self),
            email: try row.decode(column: "email", as: String.self),
            passwordHash: try row.decode(column: "password_hash", as: String.self),
            legacySalt: try row.decode(column: "legacy_salt", as: String.self),
            validated: try row.decode(column: "validated", as: Bool.self),
            emailConfirmed: try row.decode(column: "email_confirmed", as: Bool.self),
            banned: try row.decode(column: "banned", as: Bool.self),
            joinTime: try row.decode(column: "join_time", as: Int.self),
            lastVisitTime: try row.decode(column: "last_visit_time", as: Int.self),
            primaryGroupID: try row.decode(column: "primary_group_id", as: Int.self),
            timezone: try row.decode(column: "timezone", as: String.self),
            language: try row.decode(column: "language", as: String.self),
            dateOfBirth: try row.decode(column: "dob", as: String?.self),
            revealAge: try row.decode(column: "reveal_age", as: Bool.self),
            signature: try row.decode(column: "signature", as: String.self)
        )
    }
}
