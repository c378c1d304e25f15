import Messages
import News
import RichText
import Routes
import Storage

/// The reader's preview: the member's draft of an article — what they are typing, kept by the editor
/// (``keepDraft(_:_:_:_:)``), else the article as saved — rendered as the article's public page, framed
/// at a phone's and a desktop's width; and its share links, each that page as it was when shared, for
/// someone without an account (News's ``ArticleShareLinks``).
extension ConsoleArticles {
    /// `GET` shows the preview and the member's live links; `POST` shares the draft as it is now
    /// (`action=share`, its link shown this once) or revokes one of the links (`action=revoke`, `key`).
    func reader(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView, id: Int?) async throws -> ConsoleAnswer {
        var shared: String?
        var notice = request.query.first("revoked") == "1" ? view.messages.text(.consoleShareRevoked) : nil
        if request.method == .post {
            switch request.form["action"] {
            case "share":
                do {
                    let page = try await self.draftPage(id, staff, view)
                    shared = try await self.shareLinks.share(pageHTML: page.html, title: page.title, articleID: id, memberID: staff.memberID)
                    notice = view.messages.text(.consoleShareLinkMade)
                } catch {
                    guard let refusal = ConsoleRefusal(error) else { throw error }
                    return try await self.readerPage(id, staff, view, shared: nil, notice: nil, error: refusal.sentence(view.messages), status: refusal.status)
                }
            case "revoke":
                try await self.shareLinks.revoke(key: request.form["key"] ?? "", memberID: staff.memberID)
                return .redirect(to: ConsoleRoute.readerPreview(id: id).target([("revoked", "1")]))
            default: throw Refusal.malformed(.improperlyFilledIn)
            }
        }
        return try await self.readerPage(id, staff, view, shared: shared, notice: notice)
    }

    /// The draft's page alone, as the preview frames it (only this site may frame it).
    func readerFrame(_ staff: ConsoleStaff, _ view: ConsoleView, id: Int?) async throws -> ConsoleAnswer {
        ConsoleAnswer(body: .readerPage(try await self.draftPage(id, staff, view).html))
    }

    private func readerPage(
        _ id: Int?, _ staff: ConsoleStaff, _ view: ConsoleView, shared: String?, notice: String?, error: String? = nil, status: Int = 200
    ) async throws -> ConsoleAnswer {
        var (said, status) = (error, status)
        do {
            // Rendered once here so that a draft that cannot be shown says why, instead of two empty frames.
            _ = try await self.draftPage(id, staff, view)
        } catch {
            guard let refusal = ConsoleRefusal(error) else { throw error }
            (said, status) = (refusal.sentence(view.messages), refusal.status)
        }
        let links = try await self.shareLinks.links(articleID: id, memberID: staff.memberID)
        let days = try await self.config.options().integer(.newsShareLinkDays)
        var context: [String: Any] = [
            "editor": (id.map { ConsoleRoute.article(id: $0) } ?? .newArticle).path, "action": ConsoleRoute.readerPreview(id: id).path,
            "shareHint": view.messages.text(.consoleShareHint, view.messages.number(days)),
            "links": links.enumerated().map { index, link in
                [
                    "key": link.key, "index": index + 1,
                    "text": view.messages.text(.consoleShareLinkItem, link.title, ConsoleTime.text(link.createdAt), ConsoleTime.text(link.expiresAt)),
                ] as [String: Any]
            },
        ]
        if said == nil { context["frame"] = ConsoleRoute.readerFrame(id: id).path }
        if let shared { context["shared"] = shared }
        return view.page(
            .reader, title: view.messages.text(.consoleReaderPreview), section: .articles, context: context, notice: notice, error: said,
            status: status)
    }

    /// The reader's page of `staff`'s draft of article `id` (nil: their new one), and its title.
    private func draftPage(_ id: Int?, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> (html: String, title: String) {
        let current = try await id.asyncMap { try await self.article($0) }
        if let current, !staff.standing.mayChange(current) { throw Refusal.forbidden(.newsNotYourArticle) }
        let now = self.clock.now
        return try await self.database.withConnection { connection in
            let editor = ArticleEditor(publicURL: self.publicURL)
            let draft = try await editor.draft(of: id, by: staff.memberID, on: connection)
            let form =
                draft.map { ArticleForm($0.fields, format: $0.fields["format"].flatMap(TextFormat.init(rawValue:)) ?? current?.format ?? .markdown) }
                ?? current.map { ArticleForm($0, now: now) } ?? ArticleForm()
            let edit = try form.edit(validated: current?.validated ?? false, basedOn: nil, now: now, messages: view.messages)
            let content = try await editor.preview(edit, of: current, on: connection, now: now)
            return (self.readerPageHTML(content, view.messages, view.siteName), form.title)
        }
    }
}
