import Auth
import Messages
import News
import RichText
import Routes
import Storage

/// The editor's drafts and locks: what a member is typing kept by the page's script, offered back,
/// discarded; who else is editing an article, and taking it over.
extension ConsoleArticles {
    /// Keeps what the member is typing (the form as it is, posted with `action=autosave` by the page's
    /// script every few seconds of change and when it is left) and answers the sentence saying when.
    func keepDraft(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView, _ current: NewsArticle?) async throws
        -> ConsoleAnswer
    {
        var fields = ArticleForm(request.form, format: request.form["format"].flatMap(TextFormat.init(rawValue:)) ?? current?.format ?? .markdown)
            .fields
        if current != nil { fields["version"] = request.form["version"] ?? "" }
        let now = self.clock.now
        let takenOver = try await self.database.withConnection { connection in
            let editor = ArticleEditor(publicURL: self.publicURL)
            try await editor.keepDraft(fields, of: current?.id, by: staff.memberID, on: connection, now: now)
            return try await current.asyncMap { try await editor.hold($0.id, by: staff.memberID, on: connection, now: now) } ?? nil
        }
        guard let takenOver else {
            return ConsoleAnswer(body: .text(view.messages.text(.consoleChangesKept, ConsoleTime.text(now)), contentType: "text/plain; charset=utf-8"))
        }
        let who = try await self.username(takenOver.memberID)
        return ConsoleAnswer(
            status: 409,
            body: .text(view.messages.text(.consoleTakenOver, who, ConsoleTime.text(takenOver.since)), contentType: "text/plain; charset=utf-8"))
    }

    /// Who else is editing article `id` and since when, if someone is; otherwise `staff` now holds
    /// its lock (nil for a new article).
    func lockHeld(onArticle id: Int?, against staff: ConsoleStaff, on connection: StoreConnection, now: Int) async throws
        -> (who: String, since: String)?
    {
        guard let id, let lock = try await ArticleEditor(publicURL: self.publicURL).hold(id, by: staff.memberID, on: connection, now: now) else {
            return nil
        }
        return (try await MemberStore.find(id: lock.memberID, on: connection)?.username ?? "—", ConsoleTime.text(lock.since))
    }

    /// Takes over editing `current` from whoever held it, recorded, and opens it again.
    func takeOver(_ current: NewsArticle, _ staff: ConsoleStaff) async throws -> ConsoleAnswer {
        let now = self.clock.now
        try await self.database.transaction { connection in
            try await ArticleEditor(publicURL: self.publicURL).takeOver(current.id, by: staff.memberID, on: connection, now: now)
            try await ConsoleChangeStore.record(
                ConsoleChange(memberID: staff.memberID, username: staff.username, action: .articleTakenOver, subject: current.title, madeAt: now),
                on: connection)
        }
        return .redirect(to: ConsoleRoute.article(id: current.id).path)
    }

    func username(_ memberID: Int) async throws -> String {
        try await self.database.withConnection { try await MemberStore.find(id: memberID, on: $0)?.username } ?? "—"
    }

    /// Forgets the member's kept draft of the article and opens it as stored.
    func discardDraft(_ staff: ConsoleStaff, _ current: NewsArticle?) async throws -> ConsoleAnswer {
        try await self.database.withConnection { connection in
            try await ArticleEditor(publicURL: self.publicURL).discardDraft(of: current?.id, by: staff.memberID, on: connection)
        }
        return .redirect(to: current.map { ConsoleRoute.article(id: $0.id).path } ?? ConsoleRoute.newArticle.path)
    }
}
