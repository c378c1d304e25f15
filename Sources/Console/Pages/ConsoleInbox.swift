import Contact
import EndpointCore
import Mail
import Messages
import Routes
import Storage
import Text

/// The staff's inbox of contact messages (administrators): newest first, each read, marked and
/// answered by e-mail through the mail outbox, in the transaction that records the answer.
struct ConsoleInbox: Sendable {
    let database: Database
    let config: ConfigStore
    /// Contact's door: the reply follows its rules.
    let inbox: StaffInbox
    let clock: SiteClock

    static let pageSize = 50

    func answer(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> ConsoleAnswer {
        switch (request.route, request.method) {
        case (.messages, .get): return try await self.list(request, view)
        case (.message(let id), .get): return try await self.show(id, request, view)
        case (.message(let id), .post): return try await self.change(id, request, staff, view)
        default: throw Refusal.notFound(.consoleNothing)
        }
    }

    private func list(_ request: ConsoleRequest, _ view: ConsoleView) async throws -> ConsoleAnswer {
        let page = min(max(1, request.query.first("page").flatMap { Int($0) } ?? 1), 10_000)
        let messages = try await self.database.withConnection { connection in
            try await StaffMessageStore.newest(Self.pageSize + 1, offset: (page - 1) * Self.pageSize, on: connection)
        }
        let context: [String: Any] = [
            "messages": messages.prefix(Self.pageSize).map { message in
                [
                    "path": ConsoleRoute.message(id: message.id).path, "title": message.title, "name": message.name,
                    "status": view.messages.text(Self.label(message.status)), "unread": message.status == .new, "time": ConsoleTime.text(message.createdAt),
                ]
            },
            "previous": page > 1 ? ConsoleRoute.messages.target([("page", String(page - 1))]) : false,
            "next": messages.count > Self.pageSize ? ConsoleRoute.messages.target([("page", String(page + 1))]) : false,
        ]
        return view.page(.messages, title: view.messages.text(.consoleMessages), section: .messages, context: context)
    }

    private func show(_ id: Int, _ request: ConsoleRequest, _ view: ConsoleView, reply: String = "", error: String? = nil, status: Int = 200)
        async throws -> ConsoleAnswer
    {
        let message = try await self.message(id)
        let context: [String: Any] = [
            "action": ConsoleRoute.message(id: id).path, "title": message.title, "name": message.name, "email": message.email,
            "category": message.category, "post": message.post, "time": ConsoleTime.text(message.createdAt),
            "status": view.messages.text(Self.label(message.status)), "canReply": !message.email.isEmpty, "reply": reply,
            "read": message.status != .new, "handled": message.status == .closed,
        ]
        let notice =
            switch request.query.first("done") {
            case "reply": view.messages.text(.consoleReplyQueued)
            case "status": view.messages.text(.success)
            default: String?.none
            }
        return view.page(
            .message, title: message.title.isEmpty ? view.messages.text(.consoleMessages) : message.title, section: .messages, context: context,
            notice: notice, error: error ?? (message.email.isEmpty ? view.messages.text(.consoleNoAddress) : nil), status: status)
    }

    /// Marks the message read or handled, or mails the reply and marks it answered.
    private func change(_ id: Int, _ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> ConsoleAnswer {
        let now = self.clock.now
        switch request.form["action"] {
        case "read", "handled":
            let status: StaffMessage.Status = request.form["action"] == "read" ? .read : .closed
            try await self.database.transaction { connection in
                guard let message = try await StaffMessageStore.find(id: id, on: connection) else {
                    throw Refusal.notFound(.consoleNoSuchMessage)
                }
                try await StaffMessageStore.setStatus(status, id: id, on: connection)
                try await ConsoleChangeStore.record(
                    ConsoleChange(
                        memberID: staff.memberID, username: staff.username, action: status == .read ? .messageRead : .messageHandled,
                        subject: message.title, madeAt: now),
                    on: connection)
            }
            return .redirect(to: ConsoleRoute.message(id: id).target([("done", "status")]))
        case "reply":
            let reply = (request.form["reply"] ?? "").trimmingWhitespace
            guard !reply.isEmpty else {
                return try await self.show(id, request, view, reply: reply, error: view.messages.text(.consoleReplyEmpty), status: ConsoleRefusal.refusedStatus)
            }
            do {
                let siteName = try await self.config.options().siteName
                try await self.database.transaction { connection in
                    let message = try await self.inbox.reply(reply, to: id, messages: view.messages, siteName: siteName, on: connection)
                    try await ConsoleChangeStore.record(
                        ConsoleChange(memberID: staff.memberID, username: staff.username, action: .messageReplied, subject: message.title, madeAt: now),
                        on: connection)
                }
            } catch {
                guard let refusal = ConsoleRefusal(error) else { throw error }
                return try await self.show(id, request, view, reply: reply, error: refusal.sentence(view.messages), status: refusal.status)
            }
            return .redirect(to: ConsoleRoute.message(id: id).target([("done", "reply")]))
        default:
            throw Refusal.malformed(.improperlyFilledIn)
        }
    }

    private func message(_ id: Int) async throws -> StaffMessage {
        guard let message = try await self.database.withConnection({ try await StaffMessageStore.find(id: id, on: $0) }) else {
            throw Refusal.notFound(.consoleNoSuchMessage)
        }
        return message
    }

    static func label(_ status: StaffMessage.Status) -> MessageID {
        switch status {
        case .new: .consoleMessageNew
        case .read: .consoleMessageRead
        case .answered: .consoleMessageAnswered
        case .closed: .consoleMessageClosed
        }
    }
}
