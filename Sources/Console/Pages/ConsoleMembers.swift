import Auth
import EndpointCore
import Messages
import Routes
import Storage
import Text

/// The members (administrators only): a search, a member's page with their groups, standing and
/// sessions, and the changes an administrator makes there — a ban (which ends every session of theirs
/// at once: a banned member's sessions are never recognised), lifting it, ending one session,
/// validating, confirming the address, mailing a reset link; setting a password or the administrator
/// flag after giving one's own password again —, adding a member; the groups granted news editing.
/// Each by the account flows the API follows.
struct ConsoleMembers: Sendable {
    let database: Database
    let accounts: Console.Accounts
    let clock: SiteClock

    static let pageSize = 50

    func answer(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> ConsoleAnswer {
        switch (request.route, request.method) {
        case (.members, .get): return try await self.list(request, view)
        case (.member(let id), .get): return try await self.show(id, request, view)
        case (.member(let id), .post): return try await self.change(id, request, staff, view)
        case (.newMember, .get): return try await self.addition(view)
        case (.newMember, .post): return try await self.add(request, staff, view)
        case (.groups, .get): return try await self.groups(request, view)
        case (.groups, .post): return try await self.grant(request, staff, view)
        default: throw Refusal.notFound(.consoleNothing)
        }
    }

    private func list(_ request: ConsoleRequest, _ view: ConsoleView) async throws -> ConsoleAnswer {
        let page = min(max(1, request.query.first("page").flatMap { Int($0) } ?? 1), 10_000)
        let search = request.query.first("q")?.trimmingWhitespace ?? ""
        let (members, more) = try await self.database.withConnection { connection in
            try await MemberStore.search(search, offset: (page - 1) * Self.pageSize, limit: Self.pageSize, on: connection)
        }
        func pageLink(_ number: Int) -> String {
            ConsoleRoute.members.target((search.isEmpty ? [] : [("q", search)]) + [("page", String(number))])
        }
        let context: [String: Any] = [
            "q": search,
            "members": members.map { member in
                [
                    "path": ConsoleRoute.member(id: member.id).path, "username": member.username, "email": member.email,
                    "banned": member.banned, "lastVisit": member.lastVisitTime > 0 ? ConsoleTime.text(member.lastVisitTime) : "",
                ]
            },
            "previous": page > 1 ? pageLink(page - 1) : false,
            "next": more ? pageLink(page + 1) : false,
        ]
        return view.page(.members, title: view.messages.text(.members), section: .members, context: context)
    }

    private func show(_ id: Int, _ request: ConsoleRequest, _ view: ConsoleView, error: String? = nil, status: Int = 200) async throws -> ConsoleAnswer {
        guard let staff = view.staff else { throw EndpointError(status: 403, message: .consoleSessionEnded) }
        let (member, membership) = try await self.database.withConnection { connection in
            (try await MemberStore.find(id: id, on: connection), try await PermissionStore.membership(of: id, on: connection))
        }
        guard id != MemberRecord.guestID, let member else { throw Refusal.notFound(.consoleNoSuchMember) }
        let sessions = member.banned ? [] : try await self.accounts.sessions.live(memberID: id)
        func yesNo(_ value: Bool) -> String { view.messages.text(value ? .yes : .no) }
        let context: [String: Any] = [
            "action": ConsoleRoute.member(id: id).path,
            "username": member.username, "email": member.email,
            "groups": (membership?.groups ?? []).map(\.name).joined(separator: ", "),
            "validated": member.validated, "validatedText": yesNo(member.validated), "emailConfirmed": member.emailConfirmed,
            "emailConfirmedText": yesNo(member.emailConfirmed), "banned": member.banned, "bannedText": yesNo(member.banned),
            "administrator": membership?.isAdmin == true, "administratorText": yesNo(membership?.isAdmin == true), "yourself": id == staff.memberID,
            "sessions": sessions.map { ["id": $0.id, "device": $0.userAgent, "ip": $0.ip, "lastUsed": ConsoleTime.text($0.lastUsedAt)] },
        ]
        let notice =
            switch request.query.first("saved") {
            case "1": view.messages.text(.success)
            case "reset": view.messages.text(.consoleResetSent)
            default: String?.none
            }
        return view.page(.member, title: member.username, section: .members, context: context, notice: notice, error: error, status: status)
    }

    /// A change to member `id`, recorded with their name: a ban or lifting it, ending a session,
    /// validating, confirming the address, mailing a reset link, and — after the administrator's own
    /// password — setting the password or the administrator flag. Refusals show the page again.
    private func change(_ id: Int, _ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> ConsoleAnswer {
        let action = request.form["action"] ?? ""
        if action == "ban", id != staff.memberID, !ConsoleConfirmation.isConfirmed(request),
            let member = try await self.database.withConnection({ try await MemberStore.find(id: id, on: $0) }), id != MemberRecord.guestID
        {
            return ConsoleConfirmation(
                action: ConsoleRoute.member(id: id).path, fields: [("action", "ban")], question: view.messages.text(.consoleConfirmBan, member.username),
                confirmLabel: view.messages.text(.banMember), back: ConsoleRoute.member(id: id).path, askReason: true
            ).page(view, title: view.messages.text(.banMember), section: .members)
        }
        do {
            if ["set_password", "make_admin", "remove_admin"].contains(action) {
                try await self.accounts.login.confirmPassword(memberID: staff.memberID, password: request.form["your_password"] ?? "", from: request.client)
            }
            let done = try await self.apply(action, to: id, request, staff)
            return .redirect(to: ConsoleRoute.member(id: id).target([("saved", done)]))
        } catch {
            guard let refusal = ConsoleRefusal(error) else { throw error }
            return try await self.show(id, request, view, error: refusal.sentence(view.messages), status: refusal.status)
        }
    }

    /// Applies `action` to member `id`; what the page says after it (`1`, or `reset`).
    private func apply(_ action: String, to id: Int, _ request: ConsoleRequest, _ staff: ConsoleStaff) async throws -> String {
        let now = self.clock.now
        guard id != MemberRecord.guestID, let member = try await self.database.withConnection({ try await MemberStore.find(id: id, on: $0) }) else {
            throw Refusal.notFound(.consoleNoSuchMember)
        }
        // A ban's reason is recorded with it: "banned victim (spam)".
        let reason = TextLength.prefix((request.form["reason"] ?? "").trimmingWhitespace, 255)
        let record = { (change: ConsoleChange.Action, connection: StoreConnection) in
            let subject = change == .memberBanned && !reason.isEmpty ? "\(member.username) (\(reason))" : member.username
            try await ConsoleChangeStore.record(
                ConsoleChange(memberID: staff.memberID, username: staff.username, action: change, subject: subject, madeAt: now), on: connection)
        }
        var edit = MemberEdit()
        let change: ConsoleChange.Action
        switch action {
        case "ban": (edit.columns.banned, change) = (true, .memberBanned)
        case "unban": (edit.columns.banned, change) = (false, .memberUnbanned)
        case "validate": (edit.columns.validated, change) = (true, .memberValidated)
        case "confirm_email": (edit.columns.emailConfirmed, change) = (true, .emailConfirmed)
        case "set_password": (edit.password, change) = ((request.form["new_password"] ?? "").trimmingWhitespace, .passwordSet)
        case "make_admin": (edit.administrator, change) = (true, .madeAdministrator)
        case "remove_admin": (edit.administrator, change) = (false, .administratorRemoved)
        default: return try await self.act(action, on: member, request, record: record)
        }
        let administration = self.accounts.administration
        let checked = try await administration.check(edit, for: member, now: now)
        try await self.database.transaction { connection in
            try await administration.apply(checked, to: member, by: staff.memberID, on: connection, now: now)
            try await record(change, connection)
        }
        if edit.password != nil { self.accounts.passwordChange.committed(memberID: id) }
        return "1"
    }

    /// What the member page does besides changing the member: ending a session, mailing a reset link.
    private func act(
        _ action: String, on member: MemberRecord, _ request: ConsoleRequest, record: (ConsoleChange.Action, StoreConnection) async throws -> Void
    ) async throws -> String {
        switch action {
        case "end_session":
            let now = self.clock.now
            try await self.database.transaction { connection in
                try await DeviceSessionStore.revoke(id: request.form["session"] ?? "", memberID: member.id, now: now, on: connection)
                try await record(.sessionEnded, connection)
            }
        case "reset":
            // A member without an address gets no link: the page says so rather than that one is on its way.
            guard !member.email.isEmpty else { throw Refusal.invalid(.consoleMemberNoAddress) }
            try await self.accounts.passwordReset.request(login: member.username, ip: request.client.ip)
            try await self.database.transaction { try await record(.resetSent, $0) }
            return "reset"
        default:
            throw Refusal.malformed(.improperlyFilledIn)
        }
        return "1"
    }

    /// The form adding a member.
    private func addition(_ view: ConsoleView, username: String = "", email: String = "", error: String? = nil, status: Int = 200) async throws
        -> ConsoleAnswer
    {
        let (groups, members) = try await self.database.withConnection { connection in
            (try await GroupStore.all(on: connection).filter { $0.id != GroupRecord.guestsID }, try await GroupStore.groupID(for: .members, on: connection))
        }
        let context: [String: Any] = [
            "username": username, "email": email,
            "groups": groups.map { ["id": $0.id, "name": $0.name, "selected": $0.id == members] },
        ]
        return view.page(.newMember, title: view.messages.text(.consoleAddMember), section: .members, context: context, error: error, status: status)
    }

    /// Adds a member by the joining rules (name, address, password), validated and confirmed.
    private func add(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> ConsoleAnswer {
        let username = (request.form["username"] ?? "").trimmingWhitespace
        let email = (request.form["email"] ?? "").trimmingWhitespace
        let groups = try await self.database.withConnection { try await GroupStore.all(on: $0) }
        guard let group = request.form["group"].flatMap({ Int($0) }), group != GroupRecord.guestsID, groups.contains(where: { $0.id == group }) else {
            return try await self.addition(
                view, username: username, email: email, error: view.messages.text(.consolePushNoSuchGroup), status: ConsoleRefusal.refusedStatus)
        }
        let application = MemberRegistration.Application(
            username: username, password: (request.form["password"] ?? "").trimmingWhitespace, email: email, primaryGroupID: group)
        let now = self.clock.now
        do {
            if try await self.isStaffGroup(group) {
                try await self.accounts.login.confirmPassword(memberID: staff.memberID, password: request.form["your_password"] ?? "", from: request.client)
            }
            let checked = try await self.accounts.registration.check(application, policy: try await self.accounts.policies.current())
            let id = try await self.database.transaction { connection in
                let id = try await self.accounts.registration.register(checked, on: connection)
                try await ConsoleChangeStore.record(
                    ConsoleChange(memberID: staff.memberID, username: staff.username, action: .memberAdded, subject: username, madeAt: now), on: connection)
                return id
            }
            return .redirect(to: ConsoleRoute.member(id: id).target([("saved", "1")]))
        } catch {
            guard let refusal = ConsoleRefusal(error) else { throw error }
            return try await self.addition(view, username: username, email: email, error: refusal.sentence(view.messages), status: refusal.status)
        }
    }

    /// Whether a member of `groupID` is staff: an administrator, a super-moderator, or one who gets
    /// into the console for news (an editor, author or writer). Making someone one asks for the
    /// administrator's password again, however it is done.
    private func isStaffGroup(_ groupID: Int) async throws -> Bool {
        try await self.database.withConnection { connection in
            let group = try await GroupStore.all(on: connection).first { $0.id == groupID }
            let editing = try await PermissionStore.groups(holding: ConsoleAccess.editingPrivilege, on: connection)
            let submitting = try await PermissionStore.groups(holding: ConsoleAccess.submittingPrivilege, on: connection)
            return group.map { $0.isSuperAdmin || $0.isSuperModerator } == true || editing.union(submitting).contains(groupID)
        }
    }

    /// The usergroups with their members counted, and each one's console role (``ConsoleAccess``).
    private func groups(_ request: ConsoleRequest, _ view: ConsoleView, error: String? = nil, status: Int = 200) async throws -> ConsoleAnswer {
        let (groups, roles, counts) = try await self.database.withConnection { connection in
            let groups = try await GroupStore.all(on: connection).filter { $0.id != GroupRecord.guestsID }
            var counts: [Int: Int] = [:]
            for group in groups { counts[group.id] = try await GroupStore.memberCount(group.id, on: connection) }
            return (groups, try await self.roles(on: connection), counts)
        }
        let context: [String: Any] = [
            "groups": groups.map { group in
                [
                    "id": group.id, "name": group.name, "members": view.messages.text(.consoleMemberCount, view.messages.number(counts[group.id] ?? 0)),
                    "administrators": group.isSuperAdmin,
                    "roles": Self.groupRoles.map { role in
                        ["value": Self.value(of: role), "label": view.messages.text(Self.label(of: role)), "selected": roles[group.id] == role]
                    },
                ]
            }
        ]
        let notice = request.query.first("saved") == "1" ? view.messages.text(.success) : nil
        return view.page(.groups, title: view.messages.text(.usergroups), section: .groups, context: context, notice: notice, error: error, status: status)
    }

    /// The roles a group can be given here (administrators are a group's flag).
    private static let groupRoles: [ConsoleAccess.Role?] = [nil, .writer, .author, .editor]

    private static func value(of role: ConsoleAccess.Role?) -> String {
        switch role {
        case nil: "none"
        case .writer: "writer"
        case .author: "author"
        case .editor, .administrator: "editor"
        }
    }

    private static func label(of role: ConsoleAccess.Role?) -> MessageID {
        switch role {
        case nil: .consoleRoleNone
        case .writer: .consoleRoleWriter
        case .author: .consoleRoleAuthor
        case .editor, .administrator: .consoleRoleEditor
        }
    }

    /// Each group's console role, by the privileges it holds (none: absent).
    private func roles(on connection: StoreConnection) async throws -> [Int: ConsoleAccess.Role] {
        var held: [Int: Set<String>] = [:]
        for (privilege, _) in ConsoleAccess.privileges(giving: nil) {
            for group in try await PermissionStore.groups(holding: privilege, on: connection) { held[group, default: []].insert(privilege) }
        }
        return held.compactMapValues { ConsoleAccess.role(privileges: $0) }
    }

    /// Gives a group a console role by Composr's privileges — giving more than it had after the
    /// administrator's password again —, recorded with its name and the role.
    private func grant(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> ConsoleAnswer {
        guard let groupID = request.form["group"].flatMap({ Int($0) }),
            let role = Self.groupRoles.first(where: { Self.value(of: $0) == request.form["role"] })
        else { throw Refusal.malformed(.improperlyFilledIn) }
        let current = try await self.database.withConnection { try await self.roles(on: $0)[groupID] }
        if ConsoleAccess.reach(role) > ConsoleAccess.reach(current) {
            do {
                try await self.accounts.login.confirmPassword(memberID: staff.memberID, password: request.form["your_password"] ?? "", from: request.client)
            } catch {
                guard let refusal = ConsoleRefusal(error) else { throw error }
                return try await self.groups(request, view, error: refusal.sentence(view.messages), status: refusal.status)
            }
        }
        let now = self.clock.now
        let roleName = view.messages.text(Self.label(of: role))
        try await self.database.transaction { connection in
            guard groupID != GroupRecord.guestsID, let group = try await GroupStore.all(on: connection).first(where: { $0.id == groupID }) else {
                throw Refusal.malformed(.improperlyFilledIn)
            }
            for (privilege, granted) in ConsoleAccess.privileges(giving: role) {
                try await PermissionStore.setPrivilege(privilege, granted: granted, groupID: groupID, on: connection)
            }
            try await ConsoleChangeStore.record(
                ConsoleChange(
                    memberID: staff.memberID, username: staff.username, action: .groupRoleSet, subject: "\(group.name): \(roleName)", madeAt: now),
                on: connection)
        }
        return .redirect(to: ConsoleRoute.groups.target([("saved", "1")]))
    }

    /// Ends every session of `staff`'s, the apps' too, recorded.
    func endEverySession(of staff: ConsoleStaff) async throws {
        let now = self.clock.now
        try await self.database.transaction { connection in
            _ = try await DeviceSessionStore.revokeAll(memberID: staff.memberID, now: now, on: connection)
            try await ConsoleChangeStore.record(
                ConsoleChange(memberID: staff.memberID, username: staff.username, action: .loggedOutEverywhere, subject: staff.username, madeAt: now),
                on: connection)
        }
    }
}
