import Auth
import EndpointCore
import Storage

/// `/var/groups`: a folder per group (its properties in `_folder.cms`) holding a `.cms` file per
/// member whose primary group it is (reference §5.4). Password hashes, salts and tokens are never
/// shown; members are created and their passwords changed by the same rules as everywhere else
/// (``MemberRegistration``, ``PasswordChange``). Writing is in `GroupsFilesystem+Writing.swift`.
struct GroupsFilesystem: CommandrFilesystem {
    /// A group with its identity.
    struct Group {
        let record: GroupRecord
        let identity: ResourceIdentity
    }

    // MARK: Reading

    func list(_ path: [String], on connection: StoreConnection) async throws -> [CommandrEntry]? {
        try await Self.assignIdentities(on: connection)
        switch path.count {
        case 0:
            return try await Self.groups(on: connection).map { CommandrEntry.directory($0.identity.moniker) }
        case 1:
            guard let group = try await Self.group(moniker: path[0], on: connection) else { return nil }
            let members = try await ResourceIdentityStore.all(.member, on: connection)
            let files = try await MemberStore.ids(inPrimaryGroup: group.record.id, on: connection).compactMap { id in
                members[id].map { CommandrEntry.file($0.moniker + ".cms") }
            }
            return [.file(CommandrEntry.folderProperties)] + files
        default:
            return nil
        }
    }

    func read(_ path: [String], on connection: StoreConnection) async throws -> JSONValue? {
        guard path.count == 2 else { return nil }
        try await Self.assignIdentities(on: connection)
        guard let group = try await Self.group(moniker: path[0], on: connection) else { return nil }
        if path[1] == CommandrEntry.folderProperties { return Self.json(group) }
        guard let member = try await Self.member(file: path[1], in: group, on: connection) else { return nil }
        return try await Self.json(member, on: connection)
    }

    func locate(_ identity: ResourceIdentity, on connection: StoreConnection) async throws -> [String]? {
        try await Self.assignIdentities(on: connection)
        switch identity.type {
        case .group:
            return [identity.moniker, CommandrEntry.folderProperties]
        case .member:
            guard let member = try await MemberStore.find(id: identity.id, on: connection),
                let group = try await ResourceIdentityStore.find(.group, id: member.primaryGroupID, on: connection)
            else { return nil }
            return [group.moniker, identity.moniker + ".cms"]
        default:
            return nil
        }
    }

    // MARK: Lookups and JSON

    /// Gives groups and members made before identities existed (seeds, imports) theirs.
    static func assignIdentities(on connection: StoreConnection) async throws {
        try await ResourceIdentityStore.assignMissing(.group, on: connection)
        try await ResourceIdentityStore.assignMissing(.member, on: connection)
    }

    static func groups(on connection: StoreConnection) async throws -> [Group] {
        let identities = try await ResourceIdentityStore.all(.group, on: connection)
        return try await GroupStore.all(on: connection).compactMap { record in
            identities[record.id].map { Group(record: record, identity: $0) }
        }
    }

    static func group(moniker: String, on connection: StoreConnection) async throws -> Group? {
        guard let identity = try await ResourceIdentityStore.find(.group, moniker: moniker, on: connection) else { return nil }
        return try await self.groups(on: connection).first { $0.identity.id == identity.id }
    }

    static func member(file: String, in group: Group, on connection: StoreConnection) async throws -> MemberRecord? {
        guard file.hasSuffix(".cms"),
            let identity = try await ResourceIdentityStore.find(.member, moniker: String(file.dropLast(4)), on: connection),
            let member = try await MemberStore.find(id: identity.id, on: connection),
            member.primaryGroupID == group.record.id
        else { return nil }
        return member
    }

    static func json(_ group: Group) -> JSONValue {
        [
            "label": .string(group.identity.label),
            "is_default": .int(group.record.isDefault ? 1 : 0),
            "is_super_admin": .int(group.record.isSuperAdmin ? 1 : 0),
            "is_super_moderator": .int(group.record.isSuperModerator ? 1 : 0),
            "is_presented_at_install": .int(group.record.isPresentedAtInstall ? 1 : 0),
        ]
    }

    static func json(_ member: MemberRecord, on connection: StoreConnection) async throws -> JSONValue {
        let groupIdentities = try await ResourceIdentityStore.all(.group, on: connection)
        let memberships = try await MemberStore.groupIDs(of: member.id, on: connection)
        let dob = member.dateOfBirth.flatMap(DateOfBirth.components(ofISO:))
        return [
            "label": .string(member.username),
            "email_address": .string(member.email),
            "primary_group": ResourceReference.json(groupIdentities[member.primaryGroupID]),
            "groups": .array(memberships.map { ResourceReference.json(groupIdentities[$0]) }),
            "dob_day": dob.map { .int($0.day) } ?? .null,
            "dob_month": dob.map { .int($0.month) } ?? .null,
            "dob_year": dob.map { .int($0.year) } ?? .null,
            "reveal_age": .int(member.revealAge ? 1 : 0),
            "signature": .string(member.signature),
            "timezone": .string(member.timezone),
            "language": .string(member.language),
            "validated": .int(member.validated ? 1 : 0),
            "email_confirmed": .int(member.emailConfirmed ? 1 : 0),
            "is_perm_banned": .int(member.banned ? 1 : 0),
            "join_time": PortableTime.json(member.joinTime),
            "last_visit_time": PortableTime.json(member.lastVisitTime),
        ]
    }

    /// A resource label from a requested file name (`My Name.cms` → `My Name`).
    static func label(ofFile name: String) -> String {
        name.hasSuffix(".cms") ? String(name.dropLast(4)) : name
    }
}
