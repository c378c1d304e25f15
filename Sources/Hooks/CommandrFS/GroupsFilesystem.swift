import Accounts
import Auth
import Foundation
import Messages
import SiteStore
import SQLKit

/// `/var/groups`: a folder per group (its properties in `_folder.cms`) holding a `.cms` file per
/// member whose primary group it is (reference §5.4). Password hashes, salts and tokens are never
/// shown; a member created here gets its password hashed like one who joined.
struct GroupsFilesystem: CommandrFilesystem {
    private struct Group {
        let identity: ResourceIdentity
        let isDefault: Bool
        let isSuperAdmin: Bool
        let isSuperModerator: Bool
        let isPresentedAtInstall: Bool
    }

    // MARK: Reading

    func list(_ path: [String], on connection: any SQLDatabase) async throws -> [CommandrEntry]? {
        try await Self.assignIdentities(on: connection)
        switch path.count {
        case 0:
            return try await Self.groups(on: connection).map { CommandrEntry.directory($0.identity.moniker) }
        case 1:
            guard let group = try await Self.group(moniker: path[0], on: connection) else { return nil }
            let members = try await ResourceIdentityStore.all(.member, on: connection)
            let rows = try await connection.raw("SELECT id FROM members WHERE primary_group_id = \(bind: group.identity.id)").all()
            let files = try rows.compactMap { row -> CommandrEntry? in
                guard let identity = members[try row.decode(column: "id", as: Int.self)] else { return nil }
                return .file(identity.moniker + ".cms")
            }
            return [.file("_folder.cms")] + files
        default:
            return nil
        }
    }

    func read(_ path: [String], on connection: any SQLDatabase) async throws -> JSONValue? {
        guard path.count == 2 else { return nil }
        try await Self.assignIdentities(on: connection)
        guard let group = try await Self.group(moniker: path[0], on: connection) else { return nil }
        if path[1] == "_folder.cms" { return Self.json(group) }
        guard let member = try await Self.member(file: path[1], in: group, on: connection) else { return nil }
        return try await Self.json(member, on: connection)
    }

    func locate(_ identity: ResourceIdentity, on connection: any SQLDatabase) async throws -> [String]? {
        try await Self.assignIdentities(on: connection)
        switch identity.type {
        case .group:
            return [identity.moniker, "_folder.cms"]
        case .member:
            guard let member = try await MemberStore.find(id: identity.id, on: connection),
                  let group = try await ResourceIdentityStore.find(.group, id: member.primaryGroupID, on: connection)
            else { return nil }
            return [group.moniker, identity.moniker + ".cms"]
        default:
            return nil
        }
    }

    // MARK: Writing

    func add(_ path: [String], _ write: CommandrWrite, on connection: any SQLDatabase) async throws -> [String] {
        guard path.count == 2 else { throw EndpointError.refused(.cannotCreateHere, "/var/groups/" + path.joined(separator: "/")) }
        var properties = try write.properties()
        if path[1] == "_folder.cms" {
            let label = try properties.text("label") ?? path[0]
            let row = try await Self.unique(label, alreadyExists: label) {
                try await connection.raw("""
                    INSERT INTO groups (name, is_default, is_super_admin, is_super_moderator, is_presented_at_install)
                    VALUES (\(bind: label), \(bind: false), \(bind: false), \(bind: false), \(bind: false)) RETURNING id
                    """).first()
            }
            guard let id = try row?.decode(column: "id", as: Int.self) else { throw InsertedRowMissing(table: "groups") }
            let identity = try await ResourceIdentityStore.assign(.group, id: id, label: label, on: connection)
            try await self.applyGroup(&properties, id: id, current: .emptyObject, write, on: connection)
            return [identity.moniker, "_folder.cms"]
        }
        guard let group = try await Self.group(moniker: path[0], on: connection) else {
            throw EndpointError.refused(.missingResourceNamed, "/var/groups/" + path[0])
        }
        return try await self.addMember(named: Self.label(ofFile: path[1]), in: group, &properties, write, on: connection)
    }

    func edit(_ path: [String], _ write: CommandrWrite, on connection: any SQLDatabase) async throws {
        guard let group = try await Self.group(moniker: path[0], on: connection) else { return }
        var properties = try write.properties()
        if path[1] == "_folder.cms" {
            try await self.applyGroup(&properties, id: group.identity.id, current: Self.json(group), write, on: connection)
            return
        }
        guard let member = try await Self.member(file: path[1], in: group, on: connection) else { return }
        try await self.applyMember(&properties, member: member, current: try await Self.json(member, on: connection), write, on: connection)
    }

    func delete(_ path: [String], _ write: CommandrWrite, on connection: any SQLDatabase) async throws {
        guard let group = try await Self.group(moniker: path[0], on: connection) else { return }
        if path[1] == "_folder.cms" {
            let members = try await connection.raw("SELECT COUNT(*) AS n FROM group_members WHERE group_id = \(bind: group.identity.id)").first()?
                .decode(column: "n", as: Int.self) ?? 0
            guard members == 0, group.identity.id != MemberRecord.guestID, !group.isDefault, !group.isSuperAdmin else {
                throw EndpointError.refused(.groupInUse, group.identity.label)
            }
            try await connection.raw("DELETE FROM groups WHERE id = \(bind: group.identity.id)").run()
            try await ResourceIdentityStore.remove(.group, id: group.identity.id, on: connection)
            write.forgetAllMemberships()
            return
        }
        guard let member = try await Self.member(file: path[1], in: group, on: connection) else { return }
        guard member.id != MemberRecord.guestID else { throw EndpointError.refused(.guestAccountFixed) }
        guard member.id != write.actorID else { throw EndpointError.refused(.cannotDeleteSelf) }
        try await connection.raw("UPDATE members SET banned = \(bind: true) WHERE id = \(bind: member.id)").run()
        try await SessionStore.revokeAll(memberID: member.id, on: connection)
        try await connection.raw("DELETE FROM members WHERE id = \(bind: member.id)").run()
        try await ResourceIdentityStore.remove(.member, id: member.id, on: connection)
        write.forgetMember(member.id)
    }

    private func applyGroup(_ properties: inout CommandrProperties, id: Int, current: JSONValue, _ write: CommandrWrite, on connection: any SQLDatabase) async throws {
        if let label = try properties.text("label"), !label.trimmingWhitespace.isEmpty {
            try await Self.unique(label, alreadyExists: label) {
                try await connection.raw("UPDATE groups SET name = \(bind: label.trimmingWhitespace) WHERE id = \(bind: id)").run()
            }
            try await connection.raw("UPDATE resource_ids SET label = \(bind: label) WHERE resource_type = 'group' AND resource_id = \(bind: id)").run()
        }
        for column in ["is_default", "is_super_admin", "is_super_moderator", "is_presented_at_install"] {
            if let value = try properties.flag(column) {
                try await connection.raw("UPDATE groups SET \(unsafeRaw: column) = \(bind: value) WHERE id = \(bind: id)").run()
            }
        }
        try properties.rejectUnread(allowingUnchanged: current)
        write.forgetAllMemberships()
    }

    private func addMember(
        named label: String, in group: Group, _ properties: inout CommandrProperties, _ write: CommandrWrite, on connection: any SQLDatabase
    ) async throws -> [String] {
        let username = (try properties.text("label") ?? label).trimmingWhitespace
        guard let password = try properties.text("password") else { throw EndpointError.refused(.noParameterSent, "password") }
        let email = (try properties.text("email_address", maximumLength: 254) ?? "").trimmingWhitespace
        let rules = try await write.services.accountPolicies.current().rules
        do {
            try rules.check(username: username, password: password)
            try rules.check(email: email)
        } catch {
            throw EndpointError.refused(error)
        }
        let id: Int
        do {
            id = try await MemberStore.create(NewMember(
                username: username, email: email, passwordHash: try await Self.hash(password, write), primaryGroupID: group.identity.id
            ), on: connection)
        } catch MemberStore.CreateError.usernameTaken {
            throw EndpointError.refused(.alreadyExists, username)
        } catch MemberStore.CreateError.emailTaken {
            throw EndpointError.refused(.emailAddressInUse)
        }
        guard let identity = try await ResourceIdentityStore.find(.member, id: id, on: connection) else { throw InsertedRowMissing(table: "members") }
        guard let member = try await MemberStore.find(id: id, on: connection) else { throw InsertedRowMissing(table: "members") }
        try await self.applyMember(&properties, member: member, current: try await Self.json(member, on: connection), isNew: true, write, on: connection)
        return [group.identity.moniker, identity.moniker + ".cms"]
    }

    /// Applies member properties; for a member just created (`isNew`) its name and password are
    /// already set.
    private func applyMember(
        _ properties: inout CommandrProperties, member: MemberRecord, current: JSONValue, isNew: Bool = false,
        _ write: CommandrWrite, on connection: any SQLDatabase
    ) async throws {
        guard member.id != MemberRecord.guestID else { throw EndpointError.refused(.guestAccountFixed) }
        let rules = try await write.services.accountPolicies.current().rules
        func set(_ assignment: SQLQueryString) async throws {
            try await connection.raw("UPDATE members SET \(assignment) WHERE id = \(bind: member.id)").run()
        }
        if let username = try properties.text("label")?.trimmingWhitespace, username != member.username, !isNew {
            do { try rules.check(username: username) } catch { throw EndpointError.refused(error) }
            try await Self.unique(username, alreadyExists: username) { try await set("username = \(bind: username)") }
            try await connection.raw("UPDATE resource_ids SET label = \(bind: username) WHERE resource_type = 'member' AND resource_id = \(bind: member.id)").run()
        }
        if let email = try properties.text("email_address", maximumLength: 254)?.trimmingWhitespace, email != member.email {
            if !email.isEmpty {
                do { try rules.check(email: email) } catch { throw EndpointError.refused(error) }
            }
            try await Self.unique(email, alreadyExists: email) { try await set("email = \(bind: email)") }
        }
        if let password = try properties.text("password"), !isNew {
            do { try rules.check(password: password) } catch { throw EndpointError.refused(error) }
            try await set("password_hash = \(bind: try await Self.hash(password, write)), legacy_salt = ''")
            try await SessionStore.revokeAll(memberID: member.id, on: connection)
        }
        if let timezone = try properties.text("timezone") {
            guard TimeZone(identifier: timezone) != nil else { throw EndpointError.refused(.invalidProperty, "timezone") }
            try await set("timezone = \(bind: timezone)")
        }
        if let language = try properties.text("language", maximumLength: 10) { try await set("language = \(bind: language)") }
        for (property, column) in [("validated", "validated"), ("email_confirmed", "email_confirmed"), ("reveal_age", "reveal_age")] {
            if let value = try properties.flag(property) { try await set("\(unsafeRaw: column) = \(bind: value)") }
        }
        if let banned = try properties.flag("is_perm_banned") {
            guard !(banned && member.id == write.actorID) else { throw EndpointError.refused(.cannotDeleteSelf) }
            try await set("banned = \(bind: banned)")
            if banned { try await SessionStore.revokeAll(memberID: member.id, on: connection) }
        }
        let day = try properties.integer("dob_day"), month = try properties.integer("dob_month"), year = try properties.integer("dob_year")
        if day != nil || month != nil || year != nil {
            guard let day, let month, let year, let date = DateOfBirth(year: year, month: month, day: day) else {
                throw EndpointError.refused(.invalidDateGiven)
            }
            try await set("dob = \(bind: date.description)")
        }
        if let groups = try properties.references("groups") {
            try await connection.raw("DELETE FROM group_members WHERE member_id = \(bind: member.id)").run()
            for groupID in Set(groups + [member.primaryGroupID]) {
                guard try await ResourceIdentityStore.find(.group, id: groupID, on: connection) != nil else {
                    throw EndpointError.refused(.invalidProperty, "groups")
                }
                try await connection.raw("INSERT INTO group_members (group_id, member_id) VALUES (\(bind: groupID), \(bind: member.id))").run()
            }
        }
        try properties.rejectUnread(allowingUnchanged: current)
        write.forgetMember(member.id)
    }

    // MARK: Lookups and JSON

    /// Gives groups and members made before identities existed (seeds, imports) theirs.
    static func assignIdentities(on connection: any SQLDatabase) async throws {
        try await ResourceIdentityStore.assignMissing(.group, labels: "SELECT id, name AS label FROM groups", on: connection)
        try await ResourceIdentityStore.assignMissing(.member, labels: "SELECT id, username AS label FROM members", on: connection)
    }

    private static func groups(on connection: any SQLDatabase) async throws -> [Group] {
        let identities = try await ResourceIdentityStore.all(.group, on: connection)
        return try await connection.raw("SELECT id, is_default, is_super_admin, is_super_moderator, is_presented_at_install FROM groups ORDER BY id")
            .all().compactMap { row in
                guard let identity = identities[try row.decode(column: "id", as: Int.self)] else { return nil }
                return Group(
                    identity: identity,
                    isDefault: try row.decode(column: "is_default", as: Bool.self),
                    isSuperAdmin: try row.decode(column: "is_super_admin", as: Bool.self),
                    isSuperModerator: try row.decode(column: "is_super_moderator", as: Bool.self),
                    isPresentedAtInstall: try row.decode(column: "is_presented_at_install", as: Bool.self)
                )
            }
    }

    private static func group(moniker: String, on connection: any SQLDatabase) async throws -> Group? {
        guard let identity = try await ResourceIdentityStore.find(.group, moniker: moniker, on: connection) else { return nil }
        return try await self.groups(on: connection).first { $0.identity.id == identity.id }
    }

    private static func member(file: String, in group: Group, on connection: any SQLDatabase) async throws -> MemberRecord? {
        guard file.hasSuffix(".cms"),
              let identity = try await ResourceIdentityStore.find(.member, moniker: String(file.dropLast(4)), on: connection),
              let member = try await MemberStore.find(id: identity.id, on: connection),
              member.primaryGroupID == group.identity.id
        else { return nil }
        return member
    }

    private static func json(_ group: Group) -> JSONValue {
        [
            "label": .string(group.identity.label),
            "is_default": .int(group.isDefault ? 1 : 0),
            "is_super_admin": .int(group.isSuperAdmin ? 1 : 0),
            "is_super_moderator": .int(group.isSuperModerator ? 1 : 0),
            "is_presented_at_install": .int(group.isPresentedAtInstall ? 1 : 0),
        ]
    }

    private static func json(_ member: MemberRecord, on connection: any SQLDatabase) async throws -> JSONValue {
        let groupIdentities = try await ResourceIdentityStore.all(.group, on: connection)
        let memberships = try await connection.raw("SELECT group_id FROM group_members WHERE member_id = \(bind: member.id) ORDER BY group_id")
            .all().map { try $0.decode(column: "group_id", as: Int.self) }
        let dob = member.dateOfBirth.flatMap(DateOfBirth.components(ofISO:))
        return [
            "label": .string(member.username),
            "email_address": .string(member.email),
            "primary_group": ResourceReference.json(groupIdentities[member.primaryGroupID]),
            "groups": .array(memberships.map { ResourceReference.json(groupIdentities[$0]) }),
            "dob_day": dob.map { .int($0.day) } ?? .null,
            "dob_month": dob.map { .int($0.month) } ?? .null,
            "dob_year": dob.map { .int($0.year) } ?? .null,
            "timezone": .string(member.timezone),
            "language": .string(member.language),
            "validated": .int(member.validated ? 1 : 0),
            "email_confirmed": .int(member.emailConfirmed ? 1 : 0),
            "is_perm_banned": .int(member.banned ? 1 : 0),
            "join_time": PortableTime.json(member.joinTime),
            "last_visit_time": PortableTime.json(member.lastVisitTime),
        ]
    }

    private static func hash(_ password: String, _ write: CommandrWrite) async throws -> String {
        do {
            return try await write.services.hasher.hash(password)
        } catch is PasswordHasher.Busy {
            throw EndpointError.serverBusy
        }
    }

    /// A resource label from a requested file name (`My Name.cms` → `My Name`).
    static func label(ofFile name: String) -> String {
        name.hasSuffix(".cms") ? String(name.dropLast(4)) : name
    }

    /// Runs `body`, reporting a unique-index violation as "already exists".
    @discardableResult
    static func unique<Result>(_ value: String, alreadyExists name: String, _ body: () async throws -> Result) async throws -> Result {
        do {
            return try await body()
        } catch {
            if ConstraintViolation.uniqueIndexName(in: error) != nil { throw EndpointError.refused(.alreadyExists, name) }
            throw error
        }
    }
}
