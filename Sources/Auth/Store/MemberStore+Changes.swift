import SQLKit
public import Storage

extension MemberStore {
    /// Applies `changes` to `memberID` on `connection` in one statement; a taken username or address
    /// throws ``DuplicateValue``. A renamed member's identity is relabelled with it.
    public static func apply(_ changes: MemberChanges, to memberID: Int, on connection: StoreConnection, now: Int) async throws {
        guard !changes.isEmpty else { return }
        connection.markStale(.member(memberID))
        var assignments = ColumnAssignments()
        assignments.set("username", changes.username)
        assignments.set("email", changes.email)
        assignments.set("timezone", changes.timezone)
        assignments.set("language", changes.language)
        assignments.set("validated", changes.validated)
        assignments.set("email_confirmed", changes.emailConfirmed)
        assignments.set("reveal_age", changes.revealAge)
        assignments.set("signature", changes.signature)
        assignments.set("banned", changes.banned)
        assignments.set("dob", changes.dateOfBirth)
        let indexes = Self.uniqueIndexes(username: changes.username ?? "", email: changes.email ?? "")
        try await DuplicateValue.catching(indexes) {
            try await connection.raw("UPDATE members SET \(assignments.sql) WHERE id = \(bind: memberID)").run()
        }
        if let username = changes.username {
            try await ResourceIdentityStore.relabel(.member, id: memberID, label: username, on: connection)
        }
        if changes.banned == true {
            try await DeviceSessionStore.revokeAll(memberID: memberID, now: now, on: connection)
        }
    }

    /// Replaces the stored password hash (dropping any legacy salt, which only legacy hashes use) on
    /// `connection`; `confirmingEmail` also marks the address confirmed (the reset link proved it).
    public static func setPasswordHash(_ hash: String, memberID: Int, confirmingEmail: Bool = false, on connection: StoreConnection) async throws {
        connection.markStale(.member(memberID))
        let confirmation: SQLQueryString = confirmingEmail ? ", email_confirmed = \(bind: true)" : ""
        try await connection.raw(
            "UPDATE members SET password_hash = \(bind: hash), legacy_salt = ''\(confirmation) WHERE id = \(bind: memberID)"
        ).run()
    }

    /// Marks the member's e-mail address confirmed.
    public static func confirmEmail(memberID: Int, on connection: StoreConnection) async throws {
        connection.markStale(.member(memberID))
        try await connection.raw("UPDATE members SET email_confirmed = \(bind: true) WHERE id = \(bind: memberID)").run()
    }

    /// Records a visit (Unix time) on the member.
    public static func setLastVisit(_ time: Int, memberID: Int, on connection: StoreConnection) async throws {
        try await connection.raw("UPDATE members SET last_visit_time = \(bind: time) WHERE id = \(bind: memberID)").run()
    }

    /// Removes the member on `connection`: banned and logged out first (so nothing holding an old read
    /// of the row lets it back in), then deleted with its identity.
    public static func delete(memberID: Int, on connection: StoreConnection, now: Int) async throws {
        connection.markStale(.member(memberID))
        try await connection.raw("UPDATE members SET banned = \(bind: true) WHERE id = \(bind: memberID)").run()
        try await DeviceSessionStore.revokeAll(memberID: memberID, now: now, on: connection)
        try await connection.raw("DELETE FROM members WHERE id = \(bind: memberID)").run()
        try await ResourceIdentityStore.remove(.member, id: memberID, on: connection)
    }

    /// Removes, on `connection`, every account whose address is still unconfirmed and that joined before
    /// `cutoff` (it never could log in), with its identity; returns how many.
    public static func deletePending(joinedBefore cutoff: Int, on connection: StoreConnection) async throws -> Int {
        let pending: SQLQueryString =
            "SELECT id FROM members WHERE email_confirmed = \(bind: false) AND join_time < \(bind: cutoff) AND id <> \(bind: MemberRecord.guestID)"
        let ids = try await connection.raw(pending).all().map { try $0.decode(column: "id", as: Int.self) }
        guard !ids.isEmpty else { return 0 }
        for id in ids { connection.markStale(.member(id)) }
        try await connection.raw("DELETE FROM resource_ids WHERE resource_type = \(bind: ResourceType.member.rawValue) AND resource_id IN (\(binds: ids))")
            .run()
        try await connection.raw("DELETE FROM members WHERE id IN (\(binds: ids))").run()
        return ids.count
    }
}

extension MemberStore {
    /// Makes `memberID` an administrator (a member of the administrators' group) or not, on
    /// `connection`: the console's flag and `endpoint member grant-admin`/`revoke-admin` alike. A member
    /// no longer an administrator whose primary group was an administrators' one gets the default
    /// group as primary, so no row says they are one (standing is read from `group_members`, where
    /// the primary group is a row too).
    public static func setAdministrator(_ administrator: Bool, memberID: Int, on connection: StoreConnection) async throws {
        let groups = try await GroupStore.all(on: connection)
        let administrators = Set(groups.filter(\.isSuperAdmin).map(\.id))
        guard let first = administrators.min(), let ordinary = groups.first(where: \.isDefault)?.id else {
            throw GroupStore.MissingGroup(role: .administrators)
        }
        var memberOf = Set(try await Self.groupIDs(of: memberID, on: connection))
        if administrator {
            memberOf.insert(first)
        } else {
            memberOf.subtract(administrators)
            let primary = try await Self.find(id: memberID, on: connection)?.primaryGroupID
            if let primary, administrators.contains(primary) {
                try await connection.raw("UPDATE members SET primary_group_id = \(bind: ordinary) WHERE id = \(bind: memberID)").run()
                memberOf.insert(ordinary)
            }
        }
        try await Self.setGroups(memberOf, memberID: memberID, on: connection)
    }
}
