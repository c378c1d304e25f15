import EndpointCore
import Galleries
import Messages
import Storage

/// `/var/galleries`: a folder per gallery, named by its name (Composr's, `root` among them), whatever
/// its place in the tree — a gallery's `parent` property says where it sits, so a path never changes
/// when a gallery moves. A folder holds the gallery's properties in `_folder.cms` and a `<id>.cms`
/// per item (validated or not), in the gallery's order. Adding `_folder.cms` in a new folder makes a
/// gallery of that name; deleting it removes the gallery (refused while it holds galleries). Adding
/// any `.cms` file with a `media` property (`media:<id>` or `video:<id>`) adds that library image or
/// video at the end (or at `index`), answered as `<id>.cms`. Every change goes through
/// ``GalleryEditor``.
struct GalleriesFilesystem: CommandrFilesystem {
    // MARK: Reading

    func list(_ path: [String], on connection: StoreConnection) async throws -> [CommandrEntry]? {
        switch path.count {
        case 0:
            return try await GalleryStore.all(on: connection).map { .directory($0.name, modified: $0.editDate) }
        case 1:
            guard let gallery = try await GalleryStore.gallery(named: path[0], on: connection) else { return nil }
            let items = try await GalleryItemStore.all(ofGallery: gallery.id, on: connection)
            return [.file(CommandrEntry.folderProperties, modified: gallery.editDate)] + items.map { .file("\($0.id).cms", modified: $0.addDate) }
        default:
            return nil
        }
    }

    func read(_ path: [String], on connection: StoreConnection) async throws -> JSONValue? {
        guard path.count == 2, let gallery = try await GalleryStore.gallery(named: path[0], on: connection) else { return nil }
        if path[1] == CommandrEntry.folderProperties { return try await Self.galleryJSON(gallery, on: connection) }
        guard let id = Self.itemID(path[1]), let item = try await GalleryItemStore.item(id, ofGallery: gallery.id, on: connection) else { return nil }
        return try await Self.itemJSON(item, in: gallery, on: connection)
    }

    // MARK: Writing

    func add(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws -> [String] {
        guard path.count == 2 else { throw EndpointError.refused(.cannotCreateHere, "var/galleries/" + path.joined(separator: "/")) }
        var properties = try write.properties()
        if path[1] == CommandrEntry.folderProperties {
            var changes = try Self.galleryChanges(&properties)
            changes.name = path[0]
            try properties.rejectUnread(allowingUnchanged: .emptyObject)
            let gallery = try await GalleryEditor.create(changes, on: connection, now: write.now)
            return [gallery.name, CommandrEntry.folderProperties]
        }
        guard let reference = try properties.text("media", maximumLength: 40) else { throw EndpointError.refused(.invalidProperty, "media") }
        guard let content = GalleryItem.Content(reference: reference) else { throw Refusal.invalid(.galleryBadItem, reference) }
        let changes = try Self.itemChanges(&properties)
        try properties.rejectUnread(allowingUnchanged: .emptyObject)
        let item = try await GalleryEditor.addItem(content, to: path[0], changes, by: write.actorID, on: connection, now: write.now)
        write.answer("id", .int(item.id))
        return [path[0], "\(item.id).cms"]
    }

    func edit(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws {
        guard path.count == 2, let gallery = try await GalleryStore.gallery(named: path[0], on: connection) else { return }
        var properties = try write.properties()
        if path[1] == CommandrEntry.folderProperties {
            let changes = try Self.galleryChanges(&properties)
            try properties.rejectUnread(allowingUnchanged: try await Self.galleryJSON(gallery, on: connection))
            let edited = try await GalleryEditor.edit(gallery.name, changes, on: connection, now: write.now)
            // A new name moves the folder: where it now is.
            write.answer("path", .string("/var/galleries/\(edited.name)/\(CommandrEntry.folderProperties)"))
            return
        }
        guard let id = Self.itemID(path[1]) else { return }
        let (_, item) = try await GalleryEditor.existingItem(id, of: gallery.name, on: connection)
        let changes = try Self.itemChanges(&properties)
        try properties.rejectUnread(allowingUnchanged: try await Self.itemJSON(item, in: gallery, on: connection))
        try await GalleryEditor.editItem(id, of: gallery.name, changes, on: connection, now: write.now)
    }

    func delete(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws {
        guard path.count == 2 else { return }
        if path[1] == CommandrEntry.folderProperties {
            try await GalleryEditor.delete(path[0], on: connection)
        } else if let id = Self.itemID(path[1]) {
            try await GalleryEditor.removeItem(id, of: path[0], on: connection, now: write.now)
        }
    }

    // MARK: Properties

    /// The item ID a file's name holds (`12.cms`).
    private static func itemID(_ file: String) -> Int? {
        guard file.hasSuffix(".cms"), let id = Int(file.dropLast(4)), id > 0 else { return nil }
        return id
    }

    private static func galleryChanges(_ properties: inout CommandrProperties) throws(EndpointError) -> GalleryEditor.Changes {
        var changes = GalleryEditor.Changes()
        changes.title = try properties.text("label", maximumLength: GalleryText.titleMaximum)
        changes.description = try properties.text("description", maximumLength: GalleryText.descriptionMaximum)
        if let name = try properties.text("name", maximumLength: GalleryName.maximum) { changes.name = name }
        if let parent = try properties.text("parent", maximumLength: GalleryName.maximum) { changes.parent = .some(parent.isEmpty ? nil : parent) }
        if let cover = try properties.text("cover", maximumLength: 40) {
            if cover.isEmpty {
                changes.coverMediaID = .some(nil)
            } else if case .image(let id)? = GalleryItem.Content(reference: cover) {
                changes.coverMediaID = .some(id)
            } else {
                throw .refused(.invalidProperty, "cover")
            }
        }
        if let translations = properties.structure("translations") { changes.translations = try Self.translations(translations) }
        return changes
    }

    /// `{"FR": {"title": …, "description": …}, …}`.
    private static func translations(_ value: JSONValue) throws(EndpointError) -> [String: GalleryText] {
        guard case .object(let pairs) = value else { throw .refused(.invalidProperty, "translations") }
        var translations: [String: GalleryText] = [:]
        for (language, text) in pairs {
            guard case .string(let title)? = text["title"] else { throw .refused(.invalidProperty, "translations") }
            var description = ""
            if let given = text["description"] {
                guard case .string(let text) = given else { throw .refused(.invalidProperty, "translations") }
                description = text
            }
            translations[language] = GalleryText(title: title, description: description)
        }
        return translations
    }

    private static func itemChanges(_ properties: inout CommandrProperties) throws(EndpointError) -> GalleryEditor.ItemChanges {
        GalleryEditor.ItemChanges(
            caption: try properties.text("caption", maximumLength: GalleryItem.captionMaximum),
            credit: try properties.text("credit", maximumLength: GalleryItem.captionMaximum), validated: try properties.flag("validated"),
            index: try properties.integer("index", in: 0...Int(Int32.max)))
    }

    private static func galleryJSON(_ gallery: Gallery, on connection: StoreConnection) async throws -> JSONValue {
        var parent = ""
        if let parentID = gallery.parentID { parent = try await GalleryStore.gallery(id: parentID, on: connection)?.name ?? "" }
        let translations = gallery.translations.sorted { $0.key < $1.key }.map { (key: $0.key, value: Self.textJSON($0.value)) }
        return [
            "label": .string(gallery.text.title), "name": .string(gallery.name), "description": .string(gallery.text.description),
            "parent": .string(parent), "cover": .string(gallery.coverMediaID.map { GalleryItem.Content.image($0).reference } ?? ""),
            "translations": .object(translations), "add_date": PortableTime.json(gallery.addDate), "edit_date": PortableTime.json(gallery.editDate),
        ]
    }

    private static func textJSON(_ text: GalleryText) -> JSONValue {
        ["title": .string(text.title), "description": .string(text.description)]
    }

    private static func itemJSON(_ item: GalleryItem, in gallery: Gallery, on connection: StoreConnection) async throws -> JSONValue {
        let order = try await GalleryItemStore.all(ofGallery: gallery.id, on: connection)
        return [
            "media": .string(item.content.reference), "caption": .string(item.caption), "credit": .string(item.credit),
            "validated": .int(item.validated ? 1 : 0), "index": .int(order.firstIndex { $0.id == item.id } ?? 0),
            "submitter": item.submitterID.map(JSONValue.int) ?? .null, "add_date": PortableTime.json(item.addDate),
        ]
    }
}
