import Auth
import Messages
import News
import RichText
import Routes
import Storage

/// The editor's drafts and locks: what a member is typing kept by the page's script, offered back,
/// discarded; who else is editing an article, and taking it over.
extension ConsoleArticles {
    /// Keeps what the member is typing (posted with `action=autosave` by the page's script every few
    /// seconds of change and when it is left: the form whole, or what changed since the keep it names,
    /// ``draftChange(_:keepsVersion:)``) and answers the sentence saying when, with the keep's number
    /// in ``draftKeptHeader``; 412 when the draft moved on from the keep named (the script then sends
    /// the form whole).
    func keepDraft(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView, _ current: NewsArticle?) async throws
        -> ConsoleAnswer
    {
        let change = try Self.draftChange(request.form, keepsVersion: current != nil)
        let now = self.clock.now
        let kept: (number: Int, takenOver: ArticleLock?)
        do {
            kept = try await self.database.transaction { connection in
                let editor = ArticleEditor(publicURL: self.publicURL)
                let number = try await editor.keepDraft(change, of: current?.id, by: staff.memberID, on: connection, now: now)
                return (number, try await current.asyncMap { try await editor.hold($0.id, by: staff.memberID, on: connection, now: now) } ?? nil)
            }
        } catch is DraftMovedOn {
            return ConsoleAnswer(status: 412, body: .text(view.messages.text(.consoleDraftMovedOn), contentType: "text/plain; charset=utf-8"))
        }
        let header = [(name: Self.draftKeptHeader, value: String(kept.number))]
        guard let takenOver = kept.takenOver else {
            return ConsoleAnswer(
                body: .text(view.messages.text(.consoleChangesKept, ConsoleTime.text(now)), contentType: "text/plain; charset=utf-8"), extraHeaders: header)
        }
        let who = try await self.username(takenOver.memberID)
        return ConsoleAnswer(
            status: 409, body: .text(view.messages.text(.consoleTakenOver, who, ConsoleTime.text(takenOver.since)), contentType: "text/plain; charset=utf-8"),
            extraHeaders: header)
    }

    /// The header an autosave's answer names the keep it made in, which the script's next autosave
    /// sends back as `draft_kept`.
    static let draftKeptHeader = "Draft-Kept"

    /// What an autosave's `form` changes in the member's draft. Without `draft_kept`, the form whole.
    /// With it (the keep the change was made on): the fields sent, each whole or, with
    /// `splice.<name>=start,end,length`, as the text replacing those Unicode scalars of the kept text;
    /// `draft_removed` names (separated by spaces) fields no longer in the form; every other field is
    /// as kept. `version` is kept for an article already saved. Anything else sent is not kept.
    static func draftChange(_ form: [String: String], keepsVersion: Bool) throws(Refusal) -> DraftChange {
        let isField = { (name: String) in ArticleForm.isField(name) || (keepsVersion && name == "version") }
        var change = DraftChange(whole: [:])
        if let kept = form["draft_kept"] {
            guard let number = Int(kept) else { throw .malformed(.malformedBody, "autosave") }
            change.basedOn = number
            change.removed = (form["draft_removed"] ?? "").split(separator: " ").map(String.init).filter(isField)
        }
        for (name, value) in form where isField(name) {
            guard let range = form["splice." + name] else {
                change.whole[name] = value
                continue
            }
            guard change.basedOn != nil, let splice = DraftSplice(field: name, range: range, text: value) else {
                throw .malformed(.malformedBody, "autosave")
            }
            change.splices.append(splice)
        }
        // Each field is a row or more, each removed one a value bound: a form is a few dozen (a box a
        // category among them).
        guard change.whole.count + change.splices.count + change.removed.count <= Self.draftFieldsMaximum else {
            throw .malformed(.malformedBody, "autosave")
        }
        return change
    }

    /// The most fields an autosave may keep and remove.
    static let draftFieldsMaximum = 2_000

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
