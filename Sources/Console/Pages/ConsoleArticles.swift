import Auth
import EndpointCore
import Foundation
import Media
import Messages
import News
import RichText
import Routes
import Storage
import Text

/// The articles: the list, the editor (new and existing), the preview, deletion. The form is
/// translated into an edit for News's ``ArticleEditor`` — commandr_fs's door too — and written in one
/// transaction with its record in the console's changes, so readers see it exactly alike.
struct ConsoleArticles: Sendable {
    let database: Database
    let config: ConfigStore
    let clock: SiteClock
    let publicURL: String
    /// The media library's upload rules (the API's): images dropped into the editor go through them.
    let uploads: MediaUploads
    let shareLinks: ArticleShareLinks
    /// The article's public page as `content` makes it, as a draft (the layer serving that page renders it).
    let readerPageHTML: @Sendable (_ content: ArticlePageContent, _ messages: MessageCatalog, _ siteName: String) -> String

    static let pageSize = 25
    /// How many of the library's newest images the editor offers as the article's image.
    static let imageChoices = 60

    func answer(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> ConsoleAnswer {
        switch (request.route, request.method) {
        case (.articles, .get): return try await self.list(request, staff, view)
        case (.newArticle, .get): return try await self.open(request, staff, view, id: nil)
        case (.article(let id), .get): return try await self.open(request, staff, view, id: id)
        case (.newArticle, .post): return try await self.save(request, staff, view, id: nil)
        case (.article(let id), .post): return try await self.save(request, staff, view, id: id)
        case (.deleteArticle(let id), .get):
            let article = try await self.article(id)
            return view.page(
                .deleteArticle, title: view.messages.text(.deleteNews), section: .articles,
                context: [
                    "question": view.messages.text(.confirmDelete, article.title), "action": ConsoleRoute.deleteArticle(id: id).path,
                    "back": ConsoleRoute.article(id: id).path,
                ])
        case (.deleteArticle(let id), .post): return try await self.delete(id, staff)
        case (.readerPreview(let id), _): return try await self.reader(request, staff, view, id: id)
        case (.readerFrame(let id), .get): return try await self.readerFrame(staff, view, id: id)
        case (.images, .post):
            let format = request.form["format"].flatMap(TextFormat.init(rawValue:)) ?? .markdown
            return ConsoleAnswer(body: .text(try await self.insertImage(request, staff, format: format), contentType: "text/plain; charset=utf-8"))
        case (.preview, .post):
            let format = request.form["format"].flatMap(TextFormat.init(rawValue:)) ?? .markdown
            let preview = try await self.preview(ArticleForm(request.form, format: format))
            return ConsoleAnswer(body: .html(preview))
        default: throw Refusal.notFound(.consoleNothing)
        }
    }

    // MARK: The list

    private func list(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> ConsoleAnswer {
        let page = max(1, request.query.first("page").flatMap { Int($0) } ?? 1)
        let search = request.query.first("q")?.trimmingWhitespace ?? ""
        let categoryID = request.query.first("category").flatMap { Int($0) }
        let state = request.query.first("state").flatMap(NewsDesk.State.init(rawValue:))
        // Writers and authors see their own articles: the only ones they may open.
        let filter = NewsDesk.Filter(
            search: search.isEmpty ? nil : search, categoryID: categoryID, state: state,
            submitterID: staff.standing.editsAll ? nil : staff.memberID, offset: (min(page, 10_000) - 1) * Self.pageSize, limit: Self.pageSize)
        let now = self.clock.now
        let (entries, more, categories) = try await self.database.withConnection { connection in
            let (entries, more) = try await NewsDesk.articles(filter, now: now, on: connection)
            return (entries, more, try await NewsStore.categories(on: connection))
        }
        let labels = Dictionary(uniqueKeysWithValues: categories.map { ($0.id, $0.label) })
        func pageLink(_ number: Int) -> String {
            var pairs: [(name: String, value: String)] = []
            if !search.isEmpty { pairs.append(("q", search)) }
            if let categoryID { pairs.append(("category", String(categoryID))) }
            if let state { pairs.append(("state", state.rawValue)) }
            pairs.append(("page", String(number)))
            return ConsoleRoute.articles.target(pairs)
        }
        let context: [String: Any] = [
            "q": search,
            "categories": categories.map { ["id": $0.id, "label": $0.label, "selected": $0.id == categoryID] },
            "states": NewsDesk.State.allCases.map { ["value": $0.rawValue, "label": view.messages.text(Self.label(of: $0)), "selected": $0 == state] },
            "articles": entries.map { entry in
                [
                    "path": ConsoleRoute.article(id: entry.article.id).path, "title": entry.article.title,
                    "category": labels[entry.article.categoryID] ?? "", "state": view.messages.text(Self.label(of: entry.state)),
                    "time": ConsoleTime.text(entry.article.addDate),
                ]
            },
            "previous": page > 1 ? pageLink(page - 1) : false,
            "next": more ? pageLink(page + 1) : false,
        ]
        return view.page(.articles, title: view.messages.text(.consoleArticles), section: .articles, context: context)
    }

    static func label(of state: NewsDesk.State) -> MessageID {
        switch state {
        case .draft: .consoleStateDraft
        case .scheduled: .consoleStateScheduled
        case .published: .consoleStatePublished
        case .expired: .consoleStateExpired
        }
    }

    // MARK: The editor

    func article(_ id: Int) async throws -> NewsArticle {
        guard let article = try await self.database.withConnection({ try await NewsStore.article(id: id, on: $0) }) else {
            throw Refusal.notFound(.consoleNoSuchArticle)
        }
        return article
    }

    /// The editor opened on article `id` (nil: a new one), as stored — or, with `?draft=restore`, as
    /// the member's kept draft of it holds it; a draft not restored is offered above the form.
    private func open(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView, id: Int?) async throws -> ConsoleAnswer {
        let current = try await id.asyncMap { try await self.article($0) }
        if let current, !staff.standing.mayChange(current) { throw Refusal.forbidden(.newsNotYourArticle) }
        if let current, let compared = request.query.first("compare").flatMap({ Int($0) }) {
            return try await self.difference(from: compared, to: current, view)
        }
        let now = self.clock.now
        let (draft, lock) = try await self.database.withConnection { connection in
            let editor = ArticleEditor(publicURL: self.publicURL)
            return (
                try await editor.draft(of: id, by: staff.memberID, on: connection),
                try await self.lockHeld(onArticle: id, against: staff, on: connection, now: now)
            )
        }
        var form = current.map { ArticleForm($0, now: self.clock.now) } ?? ArticleForm()
        var version: String?
        var notice = request.query.first("saved") == "1" ? view.messages.text(.success) : nil
        var unsaved: [String: Any]?
        let route = id.map { ConsoleRoute.article(id: $0) } ?? .newArticle
        if let draft {
            let time = ConsoleTime.text(draft.savedAt)
            if request.query.first("draft") == "restore" {
                form = ArticleForm(draft.fields, format: draft.fields["format"].flatMap(TextFormat.init(rawValue:)) ?? current?.format ?? .markdown)
                version = draft.fields["version"]
                notice = view.messages.text(.consoleChangesRestored, time)
            } else {
                unsaved = ["text": view.messages.text(.consoleUnsavedChanges, time), "restorePath": route.target([("draft", "restore")])]
            }
        }
        return try await self.editor(
            view, id: id, form: form, current: current, version: version, notice: notice, unsaved: unsaved,
            lock: lock.map { view.messages.text(.consoleLockedBy, $0.who, $0.since) },
            restored: request.query.first("restored").flatMap { Int($0) }, allRevisions: request.query.first("revisions") == "all")
    }

    /// The editor for article `id` (nil: a new one) holding `form`; `current` is the article as stored.
    private func editor(
        _ view: ConsoleView, id: Int?, form: ArticleForm, current: NewsArticle?, version: String? = nil, notice: String?, error: String? = nil,
        preview: String? = nil, theirs: NewsArticle? = nil, unsaved: [String: Any]? = nil, lock: String? = nil, restored: Int? = nil,
        allRevisions: Bool = false, status: Int = 200
    ) async throws -> ConsoleAnswer {
        let now = self.clock.now
        var form = form
        let revisions = try await self.revisions(ofArticle: id, view)
        let notice =
            notice
            ?? restored.flatMap { id in revisions.first { $0["id"] as? Int == id } }.map { revision in
                view.messages.text(.consoleRestored, revision["time"] as? String ?? "")
            }
        let (categories, state, library, chosen, videos, review, siteTags) = try await self.database.withConnection { connection in
            form.gallery = try await self.galleryAsWritten(form.gallery, on: connection)
            if form.otherCategoryIDs == nil, let id { form.otherCategoryIDs = try await NewsStore.otherCategories(ofArticle: id, on: connection) }
            if form.slug == nil, let id { form.slug = try await ResourceIdentityStore.find(.news, id: id, on: connection)?.moniker }
            if form.tags == nil, let id { form.tags = try await NewsTagStore.tags(ofArticle: id, on: connection).map(\.label).joined(separator: ", ") }
            let chosen = try await self.libraryImage(form.image, on: connection)
            if let chosen { form.image = "media:\(chosen.id)" }
            return (
                try await NewsStore.categories(on: connection), try await id.asyncMap { try await NewsDesk.state(ofArticle: $0, now: now, on: connection) },
                try await MediaStore.newest(Self.imageChoices, offset: 0, on: connection), chosen,
                try await VideoStore.newest(Self.imageChoices, on: connection),
                try await self.review(ofArticle: id, view, on: connection), try await NewsTagStore.all(on: connection).map(\.tag.label)
            )
        }
        var images = library.map { Self.imageChoice($0, chosen: form.image) }
        if !form.image.isEmpty, !images.contains(where: { $0["value"] as? String == form.image }) {
            images.insert(
                chosen.map { Self.imageChoice($0, chosen: form.image) } ?? ["id": "image-address", "value": form.image, "label": form.image, "selected": true],
                at: 0)
        }
        let validated = current?.validated ?? false
        let standing = view.staff?.standing
        let own = current.map { standing?.mayChange($0) == true } ?? true
        var context: [String: Any] = [
            "mayPublish": standing?.publishesOwn == true && own,
            "maySubmit": standing?.publishesOwn == false && !validated && review?.state != .submitted,
            "mayReturn": standing?.editsAll == true && review?.state == .submitted,
            "review": review?.context ?? false,
            "action": id.map { ConsoleRoute.article(id: $0).path } ?? ConsoleRoute.newArticle.path,
            "version": version ?? current.map(ArticleEditor.version(of:)) ?? "",
            "article": form.context(view.messages),
            "format": form.format.rawValue,
            "formatHint": view.messages.text(.consoleBodyFormat, Self.formatName(form.format)),
            "categories": categories.map { ["id": $0.id, "label": $0.label, "selected": $0.id == (form.categoryID ?? categories.first?.id)] },
            "otherCategories": categories.map {
                ["name": ArticleForm.alsoIn + String($0.id), "label": $0.label, "checked": form.otherCategoryIDs?.contains($0.id) == true]
            },
            "saveLabel": view.messages.text(validated ? .save : .consoleSaveDraft),
            "validated": validated,
            "deletePath": id.flatMap { id in
                standing?.editsAll == true || (own && (!validated || standing?.publishesOwn == true)) ? ConsoleRoute.deleteArticle(id: id).path : nil
            } ?? false,
            "images": images, "noImage": form.image.isEmpty, "galleryLabel": view.messages.text(.gallery),
            "videos": videos.map(form.videoChoice),
            "noVideo": form.video.isEmpty, "siteTags": siteTags,
            "revisions": allRevisions ? revisions : Array(revisions.prefix(Self.revisionsListed)),
        ]
        if let id, !allRevisions, revisions.count > Self.revisionsListed {
            context["allRevisions"] = [
                "text": view.messages.text(.consoleAllRevisions, String(revisions.count)),
                "path": ConsoleRoute.article(id: id).target([("revisions", "all")]) + "#revisions",
            ]
        }
        if let unsaved { context["unsaved"] = unsaved }
        if let lock { context["lock"] = lock }
        if let state = state ?? nil { context["state"] = view.messages.text(Self.label(of: state)) }
        if let preview { context["preview"] = preview }
        if let theirs { context["theirs"] = ["title": theirs.title, "summary": theirs.summary, "body": theirs.article] }
        return view.page(
            .article, title: view.messages.text(id == nil ? .addNews : .editNews), section: .articles, context: context, notice: notice, error: error,
            status: status)
    }

    /// A format's name as editors know it.
    private static func formatName(_ format: TextFormat) -> String {
        switch format {
        case .markdown: "Markdown"
        case .comcode: "Comcode"
        case .text: "text"
        }
    }

    /// The gallery's lines as an editor writes them: an image of the library as `media:<id>`, not the
    /// 64-character address it is stored under (what the library page shows beside each image).
    private func galleryAsWritten(_ lines: String, on connection: StoreConnection) async throws -> String {
        var written: [String] = []
        for line in lines.split(separator: "\n", omittingEmptySubsequences: false) {
            let parts = line.components(separatedBy: " | ")
            guard let image = try await self.libraryImage(parts[0], on: connection) else {
                written.append(String(line))
                continue
            }
            written.append((["media:\(image.id)"] + parts.dropFirst()).joined(separator: " | "))
        }
        return written.joined(separator: "\n")
    }

    /// The library's image `address` names (`media:<id>`, or the address it is stored under); nil for
    /// an external image or none.
    private func libraryImage(_ address: String, on connection: StoreConnection) async throws -> MediaRecord? {
        switch MediaLinks.reference(address, publicURL: self.publicURL) {
        case .id(let id)?: try await MediaStore.find(id: id, on: connection)
        case .contentHash(let hash)?: try await MediaStore.find(contentHash: hash, on: connection)
        case nil: nil
        }
    }

    /// One image of the picker: written as `media:<id>`, shown by its square thumbnail, name and size.
    private static func imageChoice(_ image: MediaRecord, chosen: String) -> [String: Any] {
        [
            "id": "image-\(image.id)", "value": "media:\(image.id)", "label": "\(image.name) (\(image.width) × \(image.height))",
            "thumbnail": MediaLinks.path(of: image, .square(75)), "selected": "media:\(image.id)" == chosen,
        ]
    }

    /// Saves, publishes, unpublishes or previews what the editor sent.
    private func save(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView, id: Int?) async throws -> ConsoleAnswer {
        let current = try await id.asyncMap { try await self.article($0) }
        if let current, !staff.standing.mayChange(current) { throw Refusal.forbidden(.newsNotYourArticle) }
        let action = request.form["action"] ?? "save"
        if action == "restore", let current { return try await self.restore(request, staff, current) }
        if action == "autosave" { return try await self.keepDraft(request, staff, view, current) }
        if action == "reader" {
            _ = try await self.keepDraft(request, staff, view, current)
            return .redirect(to: ConsoleRoute.readerPreview(id: current?.id).path)
        }
        if action == "discard" { return try await self.discardDraft(staff, current) }
        if action == "take_over", let current { return try await self.takeOver(current, staff) }
        var form = ArticleForm(request.form, format: current?.format ?? .markdown)
        let sentVersion = request.form["version"] ?? ""
        if action == "upload" {
            do {
                form.body += (form.body.isEmpty ? "" : "\n\n") + (try await self.insertImage(request, staff, format: form.format)) + "\n"
            } catch {
                guard let refusal = ConsoleRefusal(error) else { throw error }
                return try await self.editor(
                    view, id: id, form: form, current: current, version: sentVersion, notice: nil, error: refusal.sentence(view.messages),
                    status: refusal.status)
            }
            return try await self.editor(
                view, id: id, form: form, current: current, version: sentVersion, notice: view.messages.text(.consoleImageInserted),
                preview: try await self.preview(form))
        }
        if action == "preview" {
            return try await self.editor(
                view, id: id, form: form, current: current, version: sentVersion, notice: nil, preview: try await self.preview(form))
        }
        let validated = action == "publish" ? true : action == "unpublish" ? false : (current?.validated ?? false)
        let now = self.clock.now
        do {
            let edit = try form.edit(validated: validated, basedOn: current.map { _ in sentVersion }, now: now, messages: view.messages)
            let editor = ArticleEditor(publicURL: self.publicURL)
            let siteLanguage = try await self.config.options().defaultLanguage
            let savedID = try await self.database.transaction { connection in
                let savedID: Int
                let change: ConsoleChange.Action
                if let current {
                    let review = try await NewsReviewStore.review(ofArticle: current.id, on: connection)
                    try await editor.edit(current, with: edit, by: staff.standing, on: connection, now: now)
                    savedID = current.id
                    change = action == "publish" ? .articlePublished : action == "unpublish" ? .articleUnpublished : .articleEdited
                    if action == "publish", review != nil, current.submitterID != staff.memberID {
                        try await ArticleReviewMail.send(
                            .published, title: form.title, writerID: current.submitterID, editor: staff.username, siteName: view.siteName,
                            siteLanguage: siteLanguage, on: connection, now: now)
                    }
                } else {
                    savedID = try await editor.create(edit, title: form.title, by: staff.standing, byline: staff.username, on: connection, now: now).id
                    change = .articleAdded
                }
                try await self.moveReview(action, savedID, request, staff, view, siteLanguage: siteLanguage, on: connection, now: now)
                try await editor.discardDraft(of: current?.id, by: staff.memberID, on: connection)
                try await ConsoleChangeStore.record(
                    ConsoleChange(memberID: staff.memberID, username: staff.username, action: change, subject: form.title, madeAt: now), on: connection)
                return savedID
            }
            return .redirect(to: ConsoleRoute.article(id: savedID).target([("saved", "1")]))
        } catch let refusal as Refusal where refusal.kind == .conflict {
            // The page keeps this editor's text, shows theirs, and now carries their version: saving
            // again is this editor's choice to save over theirs, not the same refusal again.
            let theirs = try await self.article(id ?? 0)
            return try await self.editor(
                view, id: id, form: form, current: theirs, version: ArticleEditor.version(of: theirs), notice: nil,
                error: view.messages.text(refusal.message, refusal.arguments), theirs: theirs, status: RefusalStatuses.http.status(of: .conflict))
        } catch {
            guard let refusal = ConsoleRefusal(error) else { throw error }
            form.categoryID = form.categoryID ?? current?.categoryID
            return try await self.editor(
                view, id: id, form: form, current: current, version: sentVersion, notice: nil,
                error: ArticleForm.said(refusal, messages: view.messages), status: refusal.status)
        }
    }

    /// What the form's summary and body render to, as the article would show them: the preview's HTML.
    private func preview(_ form: ArticleForm) async throws -> String {
        let rendered = try await self.database.withConnection { connection in
            try await ArticleRendering.preview(summary: form.summary, body: form.body, format: form.format, publicURL: self.publicURL, on: connection)
        }
        return ConsoleTemplates.render(.preview, ["summary": rendered.summaryHTML, "body": rendered.bodyHTML])
    }

    /// Puts the image the request carries (its `image` file) in the media library by the API's rules,
    /// and answers the text that shows it in a body written in `format`.
    private func insertImage(_ request: ConsoleRequest, _ staff: ConsoleStaff, format: TextFormat) async throws -> String {
        guard let file = request.files.first(where: { $0.name == "image" }), !file.bytes.isEmpty else {
            throw Refusal.invalid(.consoleChooseImage)
        }
        let inspected = try await self.uploads.inspect(Array(file.bytes))
        let stem = UploadName.stem(file.fileName, fallback: "image")
        let (image, _) = try await self.database.transaction { connection in
            try await self.uploads.store(
                inspected, name: stem, properties: MediaChanges(), addedBy: staff.memberID, on: connection)
        }
        return switch format {
        case .comcode: "[img]media:\(image.id)[/img]"
        case .markdown, .text: "![\(stem)](media:\(image.id))"
        }
    }

    private func delete(_ id: Int, _ staff: ConsoleStaff) async throws -> ConsoleAnswer {
        let now = self.clock.now
        try await self.database.transaction { connection in
            guard let article = try await NewsStore.article(id: id, on: connection) else { throw Refusal.notFound(.consoleNoSuchArticle) }
            try await ArticleEditor(publicURL: self.publicURL).delete(article, by: staff.standing, on: connection, now: now)
            try await ConsoleChangeStore.record(
                ConsoleChange(memberID: staff.memberID, username: staff.username, action: .articleDeleted, subject: article.title, madeAt: now),
                on: connection)
        }
        return .redirect(to: ConsoleRoute.articles.path)
    }
}

extension Optional {
    func asyncMap<Mapped>(_ transform: (Wrapped) async throws -> Mapped) async rethrows -> Mapped? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
