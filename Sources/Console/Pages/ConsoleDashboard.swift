import Auth
import Contact
import Mail
import Messages
import News
import Outbox
import Push
import Routes
import Storage

/// `/admin`: what needs attention — the articles waiting for review (for editors, who review them),
/// drafts and scheduled articles, the latest contact messages (for
/// administrators, who answer them), what the outboxes have still to send, the live streams open — and
/// the changes recently made in the console.
struct ConsoleDashboard: Sendable {
    let database: Database
    let clock: SiteClock
    /// How many live news streams this instance holds open.
    let liveStreams: @Sendable () -> Int

    func show(_ view: ConsoleView) async throws -> ConsoleAnswer {
        let now = self.clock.now
        let reviews = view.staff?.standing.editsAll == true
        // Writers and authors see their own drafts: the only ones they may open.
        let own = reviews ? nil : view.staff?.memberID
        let (waiting, drafts, scheduled, messages, changes, mails, pushes) = try await self.database.withConnection { connection in
            (
                reviews ? try await self.waiting(on: connection) : [],
                try await NewsDesk.articles(NewsDesk.Filter(state: .draft, submitterID: own, limit: 10), now: now, on: connection).entries,
                try await NewsDesk.articles(NewsDesk.Filter(state: .scheduled, submitterID: own, limit: 10), now: now, on: connection).entries,
                try await StaffMessageStore.newest(5, on: connection),
                try await ConsoleChangeStore.latest(20, of: Self.changesShown(to: view.staff), on: connection),
                try await MailOutbox.backlog(now: now, on: connection).pending, try await PushOutbox.backlog(now: now, on: connection).pending
            )
        }
        let answersMessages = view.staff.map { $0.isAdministrator || !Console.isForAdministrators(.messages) } ?? false
        let context: [String: Any] = [
            "reviews": reviews,
            "waiting": waiting.map { entry in
                [
                    "path": ConsoleRoute.article(id: entry.article.id).path, "title": entry.article.title,
                    "submitted": view.messages.text(.consoleSubmittedBy, entry.writer, ConsoleTime.text(entry.review.changedAt)),
                ]
            },
            "articles": (scheduled + drafts).map { entry in
                [
                    "path": ConsoleRoute.article(id: entry.article.id).path, "title": entry.article.title,
                    "state": view.messages.text(ConsoleArticles.label(of: entry.state)), "time": ConsoleTime.text(entry.article.addDate),
                ]
            },
            "administrator": answersMessages,
            "messages": answersMessages
                ? messages.map {
                    ["path": ConsoleRoute.message(id: $0.id).path, "title": $0.title, "name": $0.name, "time": ConsoleTime.text($0.createdAt)]
                } : [],
            "outboxes": view.messages.text(.consoleOutboxes, view.messages.number(mails), view.messages.number(pushes)),
            "liveStreams": view.messages.text(.consoleLiveStreams, view.messages.number(self.liveStreams())),
            "changes": changes.map { change in
                ["who": change.username, "what": view.messages.text(change.action.message, change.subject), "when": ConsoleTime.text(change.madeAt)]
            },
        ]
        return view.page(.dashboard, title: view.messages.text(.consoleDashboard), section: .dashboard, context: context)
    }

    /// The articles waiting for review, longest waiting first, with who submitted them.
    private func waiting(on connection: StoreConnection) async throws -> [(review: ArticleReview, article: NewsArticle, writer: String)] {
        var waiting: [(review: ArticleReview, article: NewsArticle, writer: String)] = []
        for review in try await NewsReviewStore.waiting(limit: 20, on: connection) {
            guard let article = try await NewsStore.article(id: review.articleID, on: connection) else { continue }
            let writer = try await review.changedBy.asyncMap { try await MemberStore.find(id: $0, on: connection)?.username } ?? nil
            waiting.append((review, article, writer ?? "—"))
        }
        return waiting
    }

    /// The changes `staff` may read of: those made in sections they may open.
    static func changesShown(to staff: ConsoleStaff?) -> [ConsoleChange.Action] {
        ConsoleChange.Action.allCases.filter { staff?.isAdministrator == true || !Console.isForAdministrators($0.section) }
    }
}
