import EndpointCore
import Galleries
import Media
import Messages
import News
import Routes
import Storage
import Text

/// The site's galleries (editors): the tree with each gallery's items counted and a form making a new
/// one; a gallery's page with its words and place in the tree, its items in order — each with its
/// caption, credit and whether readers see it, moved with buttons (the keyboard's way, and without
/// scripts) or dragged with Debian's Sortable, taken out —, items added from the media library or
/// uploaded into it, and its deletion after asking. Every change goes through ``GalleryEditor``, the
/// rules commandr_fs and the import follow; a refusal keeps the page with the sentence.
struct ConsoleGalleries: Sendable {
    let database: Database
    let clock: SiteClock
    let uploads: MediaUploads

    /// The library offered for adding: its newest images, and every video.
    static let libraryShown = 200

    func answer(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> ConsoleAnswer {
        guard staff.standing.editsAll else { throw Refusal.forbidden(.newsNotYourArticle) }
        let name: String? = if case .gallery(let name) = request.route { name } else { nil }
        guard request.method == .post else {
            let notice = request.query.first("made") != nil ? view.messages.text(.consoleGallerySaved) : nil
            guard let name else { return try await self.list(view) }
            return try await self.page(name, view, notice: notice)
        }
        do {
            guard let name else { return try await self.create(request, view) }
            return try await self.change(name, request, staff, view)
        } catch {
            guard let refusal = ConsoleRefusal(error) else { throw error }
            let sentence = refusal.sentence(view.messages)
            if let name, try await self.database.withConnection({ try await GalleryStore.gallery(named: name, on: $0) }) != nil {
                return try await self.page(name, view, error: sentence, status: refusal.status)
            }
            return try await self.list(view, error: sentence, status: refusal.status)
        }
    }

    /// A new gallery, then its page.
    private func create(_ request: ConsoleRequest, _ view: ConsoleView) async throws -> ConsoleAnswer {
        let name = (request.form["name"] ?? "").trimmingWhitespace
        let parent = request.form["parent"] ?? ""
        let changes = GalleryEditor.Changes(
            name: name.isEmpty ? nil : name, title: request.form["title"], description: request.form["description"],
            parent: .some(parent.isEmpty ? nil : parent)
        )
        let made = try await self.database.transaction { try await GalleryEditor.create(changes, on: $0, now: self.clock.now) }
        return .redirect(to: ConsoleRoute.gallery(name: made.name).target([("made", "1")]))
    }

    /// What the gallery's page posted: its words and place, an item added, uploaded, described, moved or
    /// taken out, the items' order, or the gallery's deletion.
    private func change(_ name: String, _ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> ConsoleAnswer {
        let form = request.form
        let now = self.clock.now
        let item = form["item"].flatMap { Int($0) }
        switch form["action"] {
        case "edit":
            let parent = form["parent"] ?? ""
            let changes = GalleryEditor.Changes(title: form["title"], description: form["description"], parent: .some(parent.isEmpty ? nil : parent))
            try await self.database.transaction { _ = try await GalleryEditor.edit(name, changes, on: $0, now: now) }
        case "add":
            guard let content = form["content"].flatMap(GalleryItem.Content.init(reference:)) else { throw Refusal.invalid(.consoleChooseImage) }
            let changes = GalleryEditor.ItemChanges(caption: form["caption"], credit: form["credit"])
            try await self.database.transaction { try await GalleryEditor.addItem(content, to: name, changes, by: staff.memberID, on: $0, now: now) }
        case "upload":
            try await self.upload(into: name, request, staff)
        case "item":
            let changes = GalleryEditor.ItemChanges(caption: form["caption"], credit: form["credit"], validated: form["validated"] == "1")
            try await self.database.transaction { try await GalleryEditor.editItem(try Self.required(item), of: name, changes, on: $0, now: now) }
        case "up", "down":
            try await self.database.transaction { connection in
                let items = try await GalleryEditor.itemOrder(of: name, on: connection)
                guard let id = item, let index = items.firstIndex(of: id) else { throw Refusal.malformed(.improperlyFilledIn) }
                let to = form["action"] == "up" ? index - 1 : index + 1
                guard items.indices.contains(to) else { return }
                try await GalleryEditor.editItem(id, of: name, .init(index: to), on: connection, now: now)
            }
        case "order":
            let order = (form["order"] ?? "").split(separator: ",").compactMap { Int($0) }
            try await self.database.transaction { try await GalleryEditor.reorder(name, order, on: $0, now: now) }
        case "remove":
            try await self.database.transaction { try await GalleryEditor.removeItem(try Self.required(item), of: name, on: $0, now: now) }
        case "delete":
            guard ConsoleConfirmation.isConfirmed(request) else { return self.confirmDeletion(name, view) }
            try await self.database.transaction { try await GalleryEditor.delete(name, on: $0) }
            return try await self.list(view, notice: view.messages.text(.consoleGalleryDeleted, name))
        default:
            throw Refusal.malformed(.invalidParameter, "action")
        }
        return try await self.page(name, view, notice: view.messages.text(.consoleGallerySaved))
    }

    /// Puts every image the form carries in the media library and at the end of the gallery; all or none.
    private func upload(into name: String, _ request: ConsoleRequest, _ staff: ConsoleStaff) async throws {
        let inspected = try await PostedImages.inspected(request, by: self.uploads)
        let now = self.clock.now
        try await self.database.transaction { connection in
            for (image, fileName) in inspected {
                let (stored, _) = try await self.uploads.store(image, name: fileName, properties: MediaChanges(), addedBy: staff.memberID, on: connection)
                try await GalleryEditor.addItem(.image(stored.id), to: name, .init(), by: staff.memberID, on: connection, now: now)
            }
        }
    }

    private static func required(_ item: Int?) throws(Refusal) -> Int {
        guard let item else { throw .malformed(.improperlyFilledIn) }
        return item
    }

    private func confirmDeletion(_ name: String, _ view: ConsoleView) -> ConsoleAnswer {
        let path = ConsoleRoute.gallery(name: name).path
        return ConsoleConfirmation(
            action: path, fields: [("action", "delete")], question: view.messages.text(.confirmDelete, name),
            confirmLabel: view.messages.text(.consoleDeleteGallery), back: path
        ).page(view, title: view.messages.text(.consoleDeleteGallery), section: .galleries)
    }

    /// The tree, each gallery indented under the one holding it, and the form making a new one.
    private func list(_ view: ConsoleView, notice: String? = nil, error: String? = nil, status: Int = 200) async throws -> ConsoleAnswer {
        let (galleries, counts) = try await self.database.withConnection { connection in
            (try await GalleryStore.all(on: connection), try await GalleryItemStore.counts(on: connection))
        }
        let rows = Self.tree(galleries).map { gallery, depth -> [String: Any] in
            [
                "name": gallery.name, "title": gallery.text.title, "path": ConsoleRoute.gallery(name: gallery.name).path, "count": counts[gallery.id] ?? 0,
                "indent": String(repeating: "— ", count: depth),
            ]
        }
        return view.page(
            .galleries, title: view.messages.text(.galleries), section: .galleries,
            context: ["galleries": rows, "none": rows.isEmpty, "parents": Self.parents(galleries, of: nil)], notice: notice, error: error,
            status: status)
    }

    /// A gallery's page.
    private func page(_ name: String, _ view: ConsoleView, notice: String? = nil, error: String? = nil, status: Int = 200) async throws
        -> ConsoleAnswer
    {
        let (gallery, galleries, items, images, videos) = try await self.database.withConnection { connection in
            let gallery = try await GalleryEditor.existing(name, on: connection)
            return (
                gallery, try await GalleryStore.all(on: connection), try await GalleryItemStore.shownItems(ofGallery: gallery.id, on: connection),
                try await MediaStore.newest(Self.libraryShown, offset: 0, on: connection), try await VideoStore.all(on: connection)
            )
        }
        let rows = items.enumerated().map { index, shown -> [String: Any] in
            var row: [String: Any] = [
                "id": shown.item.id, "caption": shown.item.caption, "credit": shown.item.credit, "validated": shown.item.validated,
                "first": index == 0, "last": index == items.count - 1, "reference": shown.item.content.reference,
            ]
            if let picture = shown.picture { row["thumbnail"] = MediaLinks.route(of: picture, .square(150)).target }
            return row
        }
        let library =
            images.map { ["value": GalleryItem.Content.image($0.id).reference, "label": $0.name] }
            + videos.map { ["value": GalleryItem.Content.video($0.id).reference, "label": $0.name] }
        let context: [String: Any] = [
            "gallery": [
                "name": gallery.name, "title": gallery.text.title, "description": gallery.text.description,
                "path": ConsoleRoute.gallery(name: gallery.name).path, "page": SiteRoute.galleryPage(name: gallery.name, query: .none).target,
            ],
            "parents": Self.parents(galleries, of: gallery), "items": rows, "noItems": rows.isEmpty,
            "order": items.map { String($0.item.id) }.joined(separator: ","),
            "library": library,
        ]
        return view.page(.gallery, title: gallery.text.title, section: .galleries, context: context, notice: notice, error: error, status: status)
    }

    /// The galleries in tree order with their depth.
    private static func tree(_ galleries: [Gallery]) -> [(Gallery, Int)] {
        let children = Dictionary(grouping: galleries, by: \.parentID)
        func walk(_ parent: Int?, _ depth: Int) -> [(Gallery, Int)] {
            (children[parent] ?? []).sorted { ($0.addDate, $0.id) < ($1.addDate, $1.id) }.flatMap { [($0, depth)] + walk($0.id, depth + 1) }
        }
        return walk(nil, 0)
    }

    /// The galleries `gallery` may be put inside (none of its own, nor itself), its parent chosen.
    private static func parents(_ galleries: [Gallery], of gallery: Gallery?) -> [[String: Any]] {
        var excluded: Set<Int> = []
        if let gallery {
            excluded.insert(gallery.id)
            var grew = true
            while grew {
                let inside = galleries.filter { $0.parentID.map(excluded.contains) == true && !excluded.contains($0.id) }
                grew = !inside.isEmpty
                excluded.formUnion(inside.map(\.id))
            }
        }
        return Self.tree(galleries).filter { !excluded.contains($0.0.id) }.map { candidate, depth in
            [
                "name": candidate.name, "label": String(repeating: "— ", count: depth) + candidate.text.title,
                "selected": gallery?.parentID == candidate.id,
            ]
        }
    }
}
