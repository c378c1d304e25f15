import Auth
import EndpointCore
import Messages
import Routes
import Storage
import Text

/// The members (administrators only): a search, a member's page with their groups, standing and
/// sessions, and the changes an administrator makes there — a ban (which ends every session of theirs
/// at once: a banned member's sessions are never recognised), lifting it, ending one session.
struct ConsoleMembers: Sendable {
    let database: Database
    let sessions: SessionStore
    let clock: SiteClock
    let effects: Console.Effects

    static let pageSize = 50

    func answer(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> ConsoleAnswer {
        switch (request.route, request.method) {
        case (.members, .get): return try await self.list(request, view)
        case (.member(let id), .get): return try await self.show(id, request, view)
        case (.member(let id), .post): return try await self.change(id, request, staff)
        case (.groups, .get): return try await self.groups(request, view)
        case (.groups, .post): return try await self.grant(request, staff)
        default: throw EndpointError(status: 404, message: .consoleNothing)
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

    private func show(_ id: Int, _ request: ConsoleRequest, _ view: ConsoleView) async throws -> ConsoleAnswer {
        guard id != MemberRecord.guestID, let member = try await MemberStore(database: self.database).find(id: id) else {
            throw EndpointError(status: 404, message: .consoleNoSuchMember)
        }
        let membership = try await PermissionStore(database: self.database).membership(of: id)
        let sessions = member.banned ? [] : try await self.sessions.live(memberID: id)
        func yesNo(_ value: Bool) -> String { view.messages.text(value ? .yes : .no) }
        let context: [String: Any] = [
            "action": ConsoleRoute.member(id: id).path,
            "username": member.username, "email": member.email,
            "groups": (membership?.groups ?? []).map(\.name).joined(separator: ", "),
            "validated": yesNo(member.validated), "emailConfirmed": yesNo(member.emailConfirmed), "banned": member.banned,
            "bannedText": yesNo(member.banned),
            "sessions": sessions.map { ["id": $0.id, "device": $0.userAgent, "ip": $0.ip, "lastUsed": ConsoleTime.text($0.lastUsedAt)] },
        ]
        let notice = request.query.first("saved") == "1" ? view.messages.text(.success) : nil
        return view.page(.member, title: member.username, section: .members, context: context, notice: notice)
    }

    /// A ban, lifting it, or ending one session, recorded with the member's name.
    private func change(_ id: Int, _ request: ConsoleRequest, _ staff: ConsoleStaff) async throws -> ConsoleAnswer {
        let now = self.clock.now
        try await self.database.transaction { connection in
            guard id != MemberRecord.guestID, let member = try await MemberStore.find(id: id, on: connection) else {
                throw EndpointError(status: 404, message: .consoleNoSuchMember)
            }
            let action: ConsoleChange.Action
            switch request.form["action"] {
            case "ban" where id != staff.memberID, "unban":
                var changes = MemberChanges()
                changes.banned = request.form["action"] == "ban"
                try await MemberStore.apply(changes, to: id, on: connection, now: now)
                action = changes.banned == true ? .memberBanned : .memberUnbanned
            case "end_session":
                try await DeviceSessionStore.revoke(id: request.form["session"] ?? "", memberID: id, now: now, on: connection)
                action = .sessionEnded
            default:
                throw EndpointError.badRequest(.improperlyFilledIn)
            }
            try await ConsoleChangeStore.record(
                ConsoleChange(memberID: staff.memberID, username: staff.username, action: action, subject: member.username, madeAt: now), on: connection)
        }
        self.effects.memberChanged(id)
        return .redirect(to: ConsoleRoute.member(id: id).target([("saved", "1")]))
    }

    /// The usergroups with their members counted, and which of them edit news.
    private func groups(_ request: ConsoleRequest, _ view: ConsoleView) async throws -> ConsoleAnswer {
        let (groups, editing, counts) = try await self.database.withConnection { connection in
            let groups = try await GroupStore.all(on: connection).filter { $0.id != GroupRecord.guestsID }
            var counts: [Int: Int] = [:]
            for group in groups { counts[group.id] = try await GroupStore.memberCount(group.id, on: connection) }
            return (groups, try await PermissionStore.groups(holding: ConsoleStaff.editingPrivilege, on: connection), counts)
        }
        let context: [String: Any] = [
            "groups": groups.map { group in
                [
                    "id": group.id, "name": group.name, "members": view.messages.text(.consoleMemberCount, view.messages.number(counts[group.id] ?? 0)),
                    "administrators": group.isSuperAdmin, "edits": editing.contains(group.id),
                ]
            }
        ]
        let notice = request.query.first("saved") == "1" ? view.messages.text(.success) : nil
        return view.page(.groups, title: view.messages.text(.usergroups), section: .groups, context: context, notice: notice)
    }

    /// Grants a group Composr's news-editing privilege, or takes it away, recorded with its name.
    private func grant(_ request: ConsoleRequest, _ staff: ConsoleStaff) async throws -> ConsoleAnswer {
        guard let groupID = request.form["group"].flatMap({ Int($0) }), let granted = ["1": true, "0": false][request.form["edits"] ?? ""] else {
            throw EndpointError.badRequest(.improperlyFilledIn)
        }
        let now = self.clock.now
        try await self.database.transaction { connection in
            guard groupID != GroupRecord.guestsID, let group = try await GroupStore.all(on: connection).first(where: { $0.id == groupID }) else {
                throw EndpointError.badRequest(.improperlyFilledIn)
            }
            try await PermissionStore.setPrivilege(ConsoleStaff.editingPrivilege, granted: granted, groupID: groupID, on: connection)
            try await ConsoleChangeStore.record(
                ConsoleChange(
                    memberID: staff.memberID, username: staff.username, action: granted ? .groupEditsNews : .groupStoppedEditingNews, subject: group.name,
                    madeAt: now),
                on: connection)
        }
        self.effects.groupsChanged()
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
        self.effects.memberChanged(staff.memberID)
    }
}
