public import Media
public import Messages
public import Storage
import Text

extension GalleryEditor {
    /// What a write says of an item; nil leaves a property as it is.
    public struct ItemChanges: Sendable, Equatable {
        public var caption: String?
        public var credit: String?
        public var validated: Bool?
        /// Its place in the gallery, from 0 (past the end: last).
        public var index: Int?

        public init(caption: String? = nil, credit: String? = nil, validated: Bool? = nil, index: Int? = nil) {
            self.caption = caption
            self.credit = credit
            self.validated = validated
            self.index = index
        }
    }

    /// Adds `content` (a library image or video) at the end of gallery `name`, then where
    /// `changes.index` says; validated unless said otherwise.
    @discardableResult
    public static func addItem(
        _ content: GalleryItem.Content, to name: String, _ changes: ItemChanges, by submitterID: Int?, on connection: StoreConnection, now: Int
    ) async throws -> GalleryItem {
        let gallery = try await Self.existing(name, on: connection)
        try await Self.checkExists(content, on: connection)
        var item = GalleryItem(
            id: 0, galleryID: gallery.id, position: 0, content: content, caption: "", credit: "", validated: true, submitterID: submitterID,
            addDate: now)
        try Self.apply(changes, to: &item)
        let id = try await GalleryItemStore.add(item, on: connection)
        guard let added = try await GalleryItemStore.item(id, ofGallery: gallery.id, on: connection) else {
            throw InsertedRowMissing(table: "gallery_items")
        }
        try await Self.place(added, at: changes.index, on: connection)
        try await GalleryStore.touch(gallery.id, now: now, on: connection)
        return try await GalleryItemStore.item(id, ofGallery: gallery.id, on: connection) ?? added
    }

    /// Changes item `id` of gallery `name`.
    public static func editItem(_ id: Int, of name: String, _ changes: ItemChanges, on connection: StoreConnection, now: Int) async throws {
        let (gallery, current) = try await Self.existingItem(id, of: name, on: connection)
        var item = current
        try Self.apply(changes, to: &item)
        try await GalleryItemStore.update(item, on: connection)
        try await Self.place(item, at: changes.index, on: connection)
        try await GalleryStore.touch(gallery.id, now: now, on: connection)
    }

    /// Takes item `id` out of gallery `name` (the library keeps the image or video).
    public static func removeItem(_ id: Int, of name: String, on connection: StoreConnection, now: Int) async throws {
        let (gallery, _) = try await Self.existingItem(id, of: name, on: connection)
        try await GalleryItemStore.delete(id, on: connection)
        try await GalleryStore.touch(gallery.id, now: now, on: connection)
    }

    /// The IDs of gallery `name`'s items, in order.
    public static func itemOrder(of name: String, on connection: StoreConnection) async throws -> [Int] {
        let gallery = try await Self.existing(name, on: connection)
        return try await GalleryItemStore.all(ofGallery: gallery.id, on: connection).map(\.id)
    }

    /// Puts gallery `name`'s items in the order `ids` gives: every item of the gallery, each once
    /// (refused otherwise: the gallery changed since the order was chosen).
    public static func reorder(_ name: String, _ ids: [Int], on connection: StoreConnection, now: Int) async throws {
        let gallery = try await Self.existing(name, on: connection)
        let items = try await GalleryItemStore.all(ofGallery: gallery.id, on: connection).map(\.id)
        guard ids.count == items.count, Set(ids) == Set(items) else { throw Refusal.invalid(.galleryOrderChanged) }
        try await GalleryItemStore.setOrder(ids, ofGallery: gallery.id, on: connection)
        try await GalleryStore.touch(gallery.id, now: now, on: connection)
    }

    /// Item `id` of gallery `name`, or a refusal saying there is none.
    public static func existingItem(_ id: Int, of name: String, on connection: StoreConnection) async throws -> (Gallery, GalleryItem) {
        let gallery = try await Self.existing(name, on: connection)
        guard let item = try await GalleryItemStore.item(id, ofGallery: gallery.id, on: connection) else {
            throw Refusal.notFound(.galleryUnknownItem, String(id), name)
        }
        return (gallery, item)
    }

    private static func apply(_ changes: ItemChanges, to item: inout GalleryItem) throws(Refusal) {
        if let caption = changes.caption { item.caption = caption.trimmingWhitespace }
        if let credit = changes.credit { item.credit = credit.trimmingWhitespace }
        if let validated = changes.validated { item.validated = validated }
        for (field, text) in [("caption", item.caption), ("credit", item.credit)] where !TextLength.fits(text, atMost: GalleryItem.captionMaximum) {
            throw .invalid(.fieldTooLong, field, String(GalleryItem.captionMaximum))
        }
    }

    /// Moves `item` to `index` of its gallery's order (past the end: last); nil leaves it.
    private static func place(_ item: GalleryItem, at index: Int?, on connection: StoreConnection) async throws {
        guard let index else { return }
        var target = try await GalleryItemStore.position(at: max(0, index), ofGallery: item.galleryID, on: connection)
        if target == nil { target = try await GalleryItemStore.lastPosition(ofGallery: item.galleryID, on: connection) }
        guard let target else { return }
        try await GalleryItemStore.move(item, to: target, on: connection)
    }

    private static func checkExists(_ content: GalleryItem.Content, on connection: StoreConnection) async throws {
        let exists =
            switch content {
            case .image(let id): try await MediaStore.find(id: id, on: connection) != nil
            case .video(let id): try await VideoStore.find(id: id, on: connection) != nil
            }
        guard exists else { throw Refusal.invalid(.galleryBadItem, content.reference) }
    }
}
