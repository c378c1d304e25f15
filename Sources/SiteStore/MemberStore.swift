public import SQLKit

/// Reads and writes accounts.
///
/// Uniqueness of usernames and e-mail addresses (both case-insensitive) is enforced by the database's
/// unique indexes, so two simultaneous sign-ups cannot both succeed; the loser gets a
/// ``CreateError``.
public struct MemberStore: Sendable {
    private let database: Database

    /// Why an account could not be created.
    public enum CreateError: Error, Equatable {
        case usernameTaken
        case emailTaken
        case noSuchGroup
    }

    public init(database: Database) {
        self.database = database
    }

    /// Creates the account and its group memberships in one transaction; returns the new member ID.
    ///
    /// `andThen` runs inside the same transaction with the new ID (e.g. to queue a confirmation
    /// e-mail), so either everything is stored or nothing is.
    public func create(
        _ member: NewMember,
        andThen: (any SQLDatabase, Int) async throws -> Void = { _, _ in }
    ) async throws -> Int {
        try await self.database.transaction { connection in
            let id = try await Self.create(member, on: connection)
            try await andThen(connection, id)
            return id
        }
    }

    /// Creates the account, its group memberships and its identity on `connection`, inside the
    /// caller's transaction (a ``CreateError`` then leaves that transaction to be rolled back).
    public static func create(_ member: NewMember, on connection: any SQLDatabase) async throws -> Int {
        let now = UnixTime.now
        do {
            let row = try await connection.raw("""
                INSERT INTO members (username, email, password_hash, validated, email_confirmed, banned,
                    join_time, last_visit_time, primary_group_id, timezone, language, dob)
                VALUES (\(bind: member.username), \(bind: member.email), \(bind: member.passwordHash),
                    \(bind: member.validated), \(bind: member.emailConfirmed), \(bind: false), \(bind: now), \(bind: now),
                    \(bind: member.primaryGroupID), \(bind: member.timezone), \(bind: member.language), \(bind: member.dateOfBirth))
                RETURNING id
                """).first()
            guard let id = try row?.decode(column: "id", as: Int.self) else { throw CreateError.noSuchGroup }
            for group in Set([member.primaryGroupID] + member.secondaryGroupIDs) {
                try await connection.raw("INSERT INTO group_members (group_id, member_id) VALUES (\(bind: group), \(bind: id))").run()
            }
            try await ResourceIdentityStore.assign(.member, id: id, label: member.username, on: connection)
            return id
        } catch {
            switch ConstraintViolation.uniqueIndexName(in: error) {
            case "members_username_key": throw CreateError.usernameTaken
            case "members_email_key": throw CreateError.emailTaken
            default: throw error
            }
        }
    }

    /// The member whose username or, failing that, e-mail address matches `login` case-insensitively.
    public func find(login: String) async throws -> MemberRecord? {
        try await self.database.withConnection { connection in
            let byName = try await connection.raw(
                "SELECT \(unsafeRaw: Self.columns) FROM members WHERE lower(username) = lower(\(bind: login))"
            ).first()
            if let byName { return try Self.record(byName) }
            let byEmail = try await connection.raw(
                "SELECT \(unsafeRaw: Self.columns) FROM members WHERE email <> '' AND lower(email) = lower(\(bind: login)) ORDER BY id LIMIT 1"
            ).first()
            return try byEmail.map(Self.record)
        }
    }

    /// The member whose e-mail address is `email` (case-insensitive), if any.
    public func find(email: String) async throws -> MemberRecord? {
        guard !email.isEmpty else { return nil }
        return try await self.database.withConnection { connection in
            try await connection.raw(
                "SELECT \(unsafeRaw: Self.columns) FROM members WHERE email <> '' AND lower(email) = lower(\(bind: email)) ORDER BY id LIMIT 1"
            ).first().map(Self.record)
        }
    }

    /// The member with this ID.
    public func find(id: Int) async throws -> MemberRecord? {
        try await self.database.withConnection { try await Self.find(id: id, on: $0) }
    }

    /// The member with this ID, read on `connection` (inside the caller's transaction).
    public static func find(id: Int, on connection: any SQLDatabase) async throws -> MemberRecord? {
        try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM members WHERE id = \(bind: id)").first().map(Self.record)
    }

    /// Replaces the stored password hash (and drops any legacy salt, which only legacy hashes use).
    public func setPasswordHash(_ hash: String, memberID: Int) async throws {
        try await self.database.withConnection { connection in
            try await connection.raw(
                "UPDATE members SET password_hash = \(bind: hash), legacy_salt = '' WHERE id = \(bind: memberID)"
            ).run()
        }
    }

    /// Records a visit (Unix time) on the member.
    public func setLastVisit(_ time: Int, memberID: Int) async throws {
        try await self.database.withConnection { connection in
            try await connection.raw("UPDATE members SET last_visit_time = \(bind: time) WHERE id = \(bind: memberID)").run()
        }
    }

    /// The ID of the group playing `role`.
    public func groupID(for role: GroupRole) async throws -> Int {
        try await self.database.withConnection { connection in
            let row = try await connection.raw(
                "SELECT id FROM groups WHERE \(unsafeRaw: role.flagColumn) = \(bind: true) ORDER BY id LIMIT 1"
            ).first()
            guard let id = try row?.decode(column: "id", as: Int.self) else { throw CreateError.noSuchGroup }
            return id
        }
    }

    private static let columns = """
        id, username, email, password_hash, legacy_salt, validated, email_confirmed, banned, join_time,
        last_visit_time, primary_group_id, timezone, language, dob
        """

    private static func record(_ row: any SQLRow) throws -> MemberRecord {
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
            dateOfBirth: try row.decode(column: "dob", as: String?.self)
        )
    }
}
