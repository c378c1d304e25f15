import Auth
import EndpointCore
import Messages
import News
import Outbox
import Push
import Routes
import Storage
import Text

/// Push notifications (administrators): composed, reviewed with the number of devices they will
/// reach, sent to every device (after the password is given again), a group's members or one member,
/// and their deliveries counted afterwards. Sent by the rule `misc/push_send` follows
/// (``PushBroadcast``), recorded in the same transaction.
struct ConsolePush: Sendable {
    let database: Database
    let login: Login
    let clock: SiteClock
    let publicURL: String

    /// What the form holds.
    struct Draft {
        var title = ""
        var body = ""
        var articleID: Int?
        /// `everyone`, `group` or `member`.
        var audience = "group"
        var groupID: Int?
        var username = ""

        init() {}

        init(_ form: [String: String]) {
            self.title = (form["title"] ?? "").trimmingWhitespace
            self.body = (form["body"] ?? "").trimmingWhitespace
            self.articleID = form["article"].flatMap { Int($0) }
            self.audience = ["everyone", "group", "member"].contains(form["audience"] ?? "") ? form["audience"]! : "group"
            self.groupID = form["group"].flatMap { Int($0) }
            self.username = (form["username"] ?? "").trimmingWhitespace
        }
    }

    func answer(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> ConsoleAnswer {
        guard request.method == .post else {
            var deliveries: String?
            if let requestID = request.query.first("request"), !requestID.isEmpty, TextLength.fits(requestID, atMost: 200) {
                let counts = try await self.database.withConnection { try await PushOutbox.deliveries(requestID: requestID, on: $0) }
                deliveries = view.messages.text(
                    .consolePushDeliveries, view.messages.number(counts.sent), view.messages.number(counts.waiting), view.messages.number(counts.failed))
            }
            return try await self.page(view, Draft(), deliveries: deliveries)
        }
        let draft = Draft(request.form)
        do {
            let target = try await self.target(of: draft)
            let notification = try self.notification(draft, from: staff)
            switch request.form["action"] {
            case "review":
                let devices = try await self.database.withConnection { try await DeviceTokenStore.count(reaching: target, on: $0) }
                return try await self.page(view, draft, reviewing: view.messages.text(.consolePushReach, view.messages.number(devices)))
            case "send":
                if case .allDevices = target {
                    try await self.login.confirmPassword(memberID: staff.memberID, password: request.form["password"] ?? "", from: request.client)
                }
                let now = self.clock.now
                try await self.database.transaction { connection in
                    _ = try await PushBroadcast.queue(
                        PushBroadcast.Request(title: notification.title, body: notification.body, data: notification.data, target: target),
                        from: .member(id: staff.memberID, username: staff.username), on: connection, now: now)
                    try await ConsoleChangeStore.record(
                        ConsoleChange(memberID: staff.memberID, username: staff.username, action: .pushSent, subject: draft.title, madeAt: now),
                        on: connection)
                }
                return .redirect(to: ConsoleRoute.push.target([("request", RequestOrigin.requestID)]))
            default:
                return try await self.page(view, draft)
            }
        } catch is PushQueue.TooLarge {
            return try await self.page(view, draft, error: view.messages.text(.pushTooLarge, "4096"), status: ConsoleRefusal.refusedStatus)
        } catch {
            guard let refusal = ConsoleRefusal(error, wrongPassword: 401) else { throw error }
            guard error is AccountFailure else { return try await self.page(view, draft, error: refusal.sentence(view.messages), status: refusal.status) }
            // The password asked on the review: the review again, with its reach.
            let devices = try? await self.database.withConnection { try await DeviceTokenStore.count(reaching: .allDevices, on: $0) }
            return try await self.page(
                view, draft, reviewing: view.messages.text(.consolePushReach, view.messages.number(devices ?? 0)), error: refusal.sentence(view.messages),
                status: refusal.status)
        }
    }

    /// Who `draft` is for; a group or member that does not exist is refused with its sentence.
    private func target(of draft: Draft) async throws -> PushTarget {
        switch draft.audience {
        case "everyone": return .allDevices
        case "member":
            guard let member = try await self.database.withConnection({ try await MemberStore.find(login: draft.username, on: $0) }),
                member.id != MemberRecord.guestID
            else {
                throw Refusal.invalid(.consoleNoSuchMember)
            }
            return .member(member.id)
        default:
            let groups = try await self.database.withConnection { try await GroupStore.all(on: $0) }
            guard let id = draft.groupID, groups.contains(where: { $0.id == id }) else { throw Refusal.invalid(.consolePushNoSuchGroup) }
            return .group(id)
        }
    }

    /// The notification `draft` makes: its title and text, and the article it opens.
    private func notification(_ draft: Draft, from staff: ConsoleStaff) throws -> PushNotification {
        guard !draft.title.isEmpty, !draft.body.isEmpty else { throw Refusal.invalid(.consolePushNeedsText) }
        var data: [String: String] = [:]
        if let article = draft.articleID {
            data["id"] = String(article)
            data["url"] = SiteRoute.articlePage(reference: String(article), query: .none).url(on: self.publicURL)
        }
        let notification = PushNotification(title: draft.title, body: draft.body, data: data)
        guard notification.fitsServiceLimits else { throw PushQueue.TooLarge() }
        return notification
    }

    private func page(
        _ view: ConsoleView, _ draft: Draft, reviewing: String? = nil, deliveries: String? = nil, error: String? = nil, status: Int = 200
    ) async throws -> ConsoleAnswer {
        let now = self.clock.now
        let (groups, articles) = try await self.database.withConnection { connection in
            (
                try await GroupStore.all(on: connection).filter { $0.id != GroupRecord.guestsID },
                try await NewsDesk.articles(NewsDesk.Filter(state: .published, limit: 50), now: now, on: connection).entries
            )
        }
        let context: [String: Any] = [
            "title": draft.title, "body": draft.body, "username": draft.username,
            "everyone": draft.audience == "everyone", "group": draft.audience == "group", "member": draft.audience == "member",
            "groups": groups.map { ["id": $0.id, "name": $0.name, "selected": $0.id == draft.groupID] },
            "articles": articles.map { ["id": $0.article.id, "title": $0.article.title, "selected": $0.article.id == draft.articleID] },
            "review": reviewing.map { ["reach": $0, "askPassword": draft.audience == "everyone", "article": draft.articleID.map(String.init) ?? ""] } ?? false,
            "deliveries": deliveries ?? false,
        ]
        return view.page(.push, title: view.messages.text(.consolePush), section: .push, context: context, error: error, status: status)
    }
}
