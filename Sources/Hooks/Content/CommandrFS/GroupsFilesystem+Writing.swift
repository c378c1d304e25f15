import Auth
import EndpointCore
import Foundation
import Messages
import Storage
import Text

extension GroupsFilesystem {
    func add(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws -> [String] {
        guard path.count == 2 else { throw EndpointError.refused(.cannotCreateHere, "var/groups/" + path.joined(separator: "/")) }
        var properties = try write.properties()
        if path[1] == CommandrEntry.folderProperties {
            let label = try properties.text("label") ?? path[0]
            let id = try await GroupStore.create(name: label, on: connection)
            try await self.applyGroup(&properties, id: id, current: .emptyObject, write, on: connection)
            guard let identity = try await ResourceIdentityStore.find(.group, id: id, on: connection) else { throw InsertedRowMissing(table: "groups") }
            return [identity.moniker, CommandrEntry.folderProperties]
        }
        guard let group = try await Self.group(moniker: path[0], on: connection) else {
            throw EndpointError.refused(.missingResourceNamed, "var/groups/" + path[0])
        }
        return try await self.addMember(named: Self.label(ofFile: path[1]), in: group, &properties, write, on: connection)
    }

    func edit(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws {
        guard let group = try await Self.group(moniker: path[0], on: connection) else { return }
        var properties = try write.properties()
        if path[1] == CommandrEntry.folderProperties {
            try await self.applyGroup(&properties, id: group.record.id, current: Self.json(group), write, on: connection)
            return
        }
        guard let member = try await Self.member(file: path[1], in: group, on: connection) else { return }
        try await self.applyMember(&properties, member: member, current: try await Self.json(member, on: connection), write, on: connection)
    }

    func delete(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws {
        guard let group = try await Self.group(moniker: path[0], on: connection) else { return }
        if path[1] == CommandrEntry.folderProperties {
            let record = group.record
            guard try await GroupStore.memberCount(record.id, on: connection) == 0, record.id != GroupRecord.guestsID,
                !record.isDefault, !record.isSuperAdmin
            else { throw EndpointError.refused(.groupInUse, group.identity.label) }
            try await GroupStore.delete(record.id, on: connection)
            return
        }
        guard let member = try await Self.member(file: path[1], in: group, on: connection) else { return }
        guard member.id != MemberRecord.guestID else { throw EndpointError.refused(.guestAccountFixed) }
        guard member.id != write.actorID else { throw EndpointError.refused(.cannotDeleteSelf) }
        try await MemberStore.delete(memberID: member.id, on: connection, now: write.now)
    }

    private func applyGroup(_ properties: inout CommandrProperties, id: Int, current: JSONValue, _ write: CommandrWrite, on connection: StoreConnection)
        async throws
    {
        var changes = GroupChanges()
        if let label = try properties.text("label")?.trimmingWhitespace, !label.isEmpty { changes.name = label }
        changes.isDefault = try properties.flag("is_default")
        changes.isSuperAdmin = try properties.flag("is_super_admin")
        changes.isSuperModerator = try properties.flag("is_super_moderator")
        changes.isPresentedAtInstall = try properties.flag("is_presented_at_install")
        try properties.rejectUnread(allowingUnchanged: current)
        try await GroupStore.apply(changes, to: id, on: connection)
    }

    private func addMember(
        named label: String, in group: Group, _ properties: inout CommandrProperties, _ write: CommandrWrite, on connection: StoreConnection
    ) async throws -> [String] {
        let username = (try properties.text("label") ?? label).trimmingWhitespace
        guard let password = try properties.text("password") else { throw EndpointError.refused(.noParameterSent, "password") }
        let email = (try properties.text("email_address", maximumLength: 254) ?? "").trimmingWhitespace
        let application = MemberRegistration.Application(username: username, password: password, email: email, primaryGroupID: group.record.id)
        let policy = try await write.context.policies.current()
        let id = try await write.context.registration.register(try await write.context.registration.check(application, policy: policy), on: connection)
        guard let identity = try await ResourceIdentityStore.find(.member, id: id, on: connection),
            let member = try await MemberStore.find(id: id, on: connection)
        else { throw InsertedRowMissing(table: "members") }
        try await self.applyMember(&properties, member: member, current: try await Self.json(member, on: connection), isNew: true, write, on: connection)
        return [group.identity.moniker, identity.moniker + ".cms"]
    }

    /// Translates member properties into an edit for ``MemberAdministration``, which checks and
    /// applies it; for a member just created (`isNew`) its name and password are already set.
    private func applyMember(
        _ properties: inout CommandrProperties, member: MemberRecord, current: JSONValue, isNew: Bool = false,
        _ write: CommandrWrite, on connection: StoreConnection
    ) async throws {
        var edit = MemberEdit()
        edit.columns.username = isNew ? nil : try properties.text("label")?.trimmingWhitespace
        edit.columns.email = try properties.text("email_address", maximumLength: 254)?.trimmingWhitespace
        edit.password = isNew ? nil : try properties.text("password")
        edit.columns.timezone = try properties.text("timezone")
        edit.columns.language = try properties.text("language", maximumLength: 35)?.trimmingWhitespace
        edit.columns.validated = try properties.flag("validated")
        edit.columns.emailConfirmed = try properties.flag("email_confirmed")
        edit.columns.revealAge = try properties.flag("reveal_age")
        edit.columns.signature = try properties.text("signature", maximumLength: 4000)
        edit.columns.banned = try properties.flag("is_perm_banned")
        let day = try properties.integer("dob_day")
        let month = try properties.integer("dob_month")
        let year = try properties.integer("dob_year")
        if day != nil || month != nil || year != nil {
            guard let day, let month, let year else { throw EndpointError.refused(.invalidDateGiven) }
            edit.dateOfBirth = (year, month, day)
        }
        edit.groups = try properties.references("groups")
        try properties.rejectUnread(allowingUnchanged: current)
        let administration = write.context.memberAdministration
        try await administration.apply(
            try await administration.check(edit, for: member, now: write.now), to: member, by: write.actorID, on: connection, now: write.now)
    }
}
