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

    /// Applies member properties; for a member just created (`isNew`) its name and password are
    /// already set.
    private func applyMember(
        _ properties: inout CommandrProperties, member: MemberRecord, current: JSONValue, isNew: Bool = false,
        _ write: CommandrWrite, on connection: StoreConnection
    ) async throws {
        guard member.id != MemberRecord.guestID else { throw EndpointError.refused(.guestAccountFixed) }
        let rules = try await write.context.policies.current().rules
        var changes = MemberChanges()
        if let username = try properties.text("label")?.trimmingWhitespace, username != member.username, !isNew {
            try rules.check(username: username)
            changes.username = username
        }
        if let email = try properties.text("email_address", maximumLength: 254)?.trimmingWhitespace, email != member.email {
            if !email.isEmpty { try rules.check(email: email) }
            changes.email = email
        }
        var passwordHash: String?
        if !isNew, let password = try properties.text("password") {
            passwordHash = try await write.context.passwordChange.hash(password, rules: rules)
        }
        if let timezone = try properties.text("timezone") {
            guard TimezoneName.isKnown(timezone) else { throw EndpointError.refused(.invalidProperty, "timezone") }
            changes.timezone = timezone
        }
        if let language = try properties.text("language", maximumLength: 35)?.trimmingWhitespace {
            // Empty: no preference of the member's own (the browser's or the site's language applies).
            changes.language = language.isEmpty ? "" : try ConfigOptionRule.languageCode(language, option: "language")
        }
        changes.validated = try properties.flag("validated")
        changes.emailConfirmed = try properties.flag("email_confirmed")
        changes.revealAge = try properties.flag("reveal_age")
        changes.signature = try properties.text("signature", maximumLength: 4000)
        changes.banned = try properties.flag("is_perm_banned")
        guard !(changes.banned == true && member.id == write.actorID) else { throw EndpointError.refused(.cannotDeleteSelf) }
        let day = try properties.integer("dob_day")
        let month = try properties.integer("dob_month")
        let year = try properties.integer("dob_year")
        if day != nil || month != nil || year != nil {
            guard let day, let month, let year, let date = DateOfBirth(year: year, month: month, day: day, now: write.now) else {
                throw EndpointError.refused(.invalidDateGiven)
            }
            changes.dateOfBirth = date.description
        }
        let groups = try properties.references("groups")
        for groupID in groups ?? [] where try await ResourceIdentityStore.find(.group, id: groupID, on: connection) == nil {
            throw EndpointError.refused(.invalidProperty, "groups")
        }
        try properties.rejectUnread(allowingUnchanged: current)

        try await MemberStore.apply(changes, to: member.id, on: connection, now: write.now)
        if let passwordHash { try await PasswordChange.apply(hash: passwordHash, memberID: member.id, on: connection, now: write.now) }
        if let groups { try await MemberStore.setGroups(Set(groups + [member.primaryGroupID]), memberID: member.id, on: connection) }
    }
}
