import Auth
import Storage

/// Members, their memberships and, with `--keep-app-sessions`, their apps' sessions.
extension ComposrImporter {
    /// Writes the members not here yet; returns the password hashes of those that were (what a password
    /// changed here shows).
    func members(_ site: ComposrSite, groups: [Int: Int], _ report: inout ImportReport, on connection: StoreConnection) async throws
        -> [Int: String]
    {
        let defaultGroup = groups[site.groups.first { $0.isDefault }?.id ?? 0] ?? 4
        let here = try await ImportStore.members(on: connection)
        let usernames = Dictionary(here.map { ($0.id, $0.username) }) { first, _ in first }
        // Names and addresses taken, lower case (addresses after an `@`), by the username holding them:
        // this server's members', then those this run writes.
        var holders: [String: String] = [:]
        for member in here {
            for key in Self.keys(member.username, member.email) { holders[key] = member.username }
        }
        // The names of members with an application still pending, for the report.
        let applicants = Set(site.memberships.filter { !$0.validated }.map(\.memberID))
        var applicantNames: [Int: String] = [:]
        var done = 0
        try await site.members.forEachBatch(of: Self.batch) { batch in
            self.tell("members", done, of: site.members.count)
            done += batch.count
            for member in batch where applicants.contains(member.id) { applicantNames[member.id] = member.username }
            var inserts: [(member: ComposrMember, password: ImportedPassword, primaryGroupID: Int, language: String)] = []
            for var member in batch {
                if !member.email.isEmpty, !AccountRules.isEmailAddress(member.email) {
                    report.note("\(member.username): the e-mail address is not one (kept without an address; the member gives one after logging in)")
                    member.email = ""
                }
                if let existing = usernames[member.id] {
                    guard existing.lowercased() == member.username.lowercased() else {
                        throw ComposrImportError.collision(kind: "member", id: member.id, here: existing, there: member.username)
                    }
                    report.add(.members, member.id == 1 ? .matched : .alreadyHere)
                    continue
                }
                let keys = Self.keys(member.username, member.email)
                if let holder = keys.lazy.compactMap({ holders[$0] }).first {
                    throw ComposrImportError.collision(kind: "member", id: member.id, here: holder, there: member.username)
                }
                for key in keys { holders[key] = member.username }
                let password = ImportedPassword(member)
                if password == nil {
                    if let cost = LegacyComposrHash.bcryptCost(member.passwordHash), cost > LegacyComposrHash.maximumBcryptCost {
                        report.note(
                            "\(member.username): a bcrypt hash of cost \(cost) (above \(LegacyComposrHash.maximumBcryptCost)) not kept; a password reset sets one"
                        )
                    } else {
                        report.note("\(member.username): password scheme “\(member.passwordScheme)” not kept; a password reset sets one")
                    }
                }
                inserts.append(
                    (
                        member, password ?? ImportedPassword.none, groups[member.primaryGroupID] ?? defaultGroup,
                        member.language.isEmpty ? "EN" : member.language
                    ))
                report.add(.members, .imported)
            }
            try await ImportStore.insertMembers(inserts, on: connection)
        }
        for (done, membership) in site.memberships.enumerated() {
            self.tell("memberships", done, of: site.memberships.count)
            guard let group = groups[membership.groupID], site.memberIDs.contains(membership.memberID) else { continue }
            guard membership.validated else {
                report.add(.memberships, .leftOut)
                let group = site.groups.first { $0.id == membership.groupID }?.name ?? "group \(membership.groupID)"
                report.note(
                    "\(applicantNames[membership.memberID] ?? "member \(membership.memberID)"): the application to \(group) is still pending in Composr; not carried"
                )
                continue
            }
            let added = try await ImportStore.addMembership(member: membership.memberID, group: group, on: connection)
            report.add(.memberships, added ? .imported : .alreadyHere)
        }
        return Dictionary(here.map { ($0.id, $0.passwordHash) }) { first, _ in first }
    }

    /// A session per member whose Composr password is still theirs here (not changed, not yet used to
    /// log in here), whose token is that password's Composr hash: the `cms_member_hash` an app signed
    /// in to the Composr site presents. Each ends `composr_app_sessions_days` from now at the latest.
    /// `hashesBefore`: the password hashes of members that were here before this run (one imported now
    /// has its Composr hash).
    func appSessions(_ site: ComposrSite, hashesBefore: [Int: String], _ report: inout ImportReport, on connection: StoreConnection, now: Int)
        async throws
    {
        let days = ConfigOptions([
            ConfigOption.composrAppSessionsDays.name: try await ConfigStore.value(ConfigOption.composrAppSessionsDays.name, on: connection) ?? ""
        ]).integer(.composrAppSessionsDays)
        try await site.members.forEachBatch(of: Self.batch) { batch in
            for member in batch where member.id != 1 && member.validated && !member.banned && ImportedPassword(member) != nil {
                guard (hashesBefore[member.id] ?? member.passwordHash) == member.passwordHash else {
                    report.add(.appSessions, .leftOut)
                    report.note("\(member.username): the password was changed here; the app signs in again")
                    continue
                }
                let kept = try await DeviceSessionStore.keepComposrAppSession(
                    memberID: member.id, composrHash: member.passwordHash, expiresAt: now + days * 86_400, now: now, on: connection)
                report.add(.appSessions, kept ? .imported : .alreadyHere)
            }
        }
    }

    /// What a member's name and address take, lower case (as the unique indexes compare them).
    private static func keys(_ username: String, _ email: String) -> [String] {
        [username.lowercased()] + (email.isEmpty ? [] : ["@" + email.lowercased()])
    }
}
