public import Media
public import Messages
public import Storage
import Text

/// The one door of changes to galleries and their items (commandr_fs, the console, the import): each
/// change checked by the rules here, whoever makes it, on the caller's connection, so it joins the
/// caller's transaction. A change to a gallery's items moves its edit date (commandr_fs lists it).
public enum GalleryEditor {
    /// What a write says of a gallery; nil leaves a property as it is.
    public struct Changes: Sendable, Equatable {
        public var name: String?
        public var title: String?
        public var description: String?
        /// Other languages' words, by language code, replacing those kept.
        public var translations: [String: GalleryText]?
        /// The name of the gallery holding it; `.some(nil)` for the top level.
        public var parent: String??
        /// The library image standing for it; `.some(nil)` for none.
        public var coverMediaID: Int??

        public init(
            name: String? = nil, title: String? = nil, description: String? = nil, translations: [String: GalleryText]? = nil, parent: String?? = nil,
            coverMediaID: Int?? = nil
        ) {
            self.name = name
            self.title = title
            self.description = description
            self.translations = translations
            self.parent = parent
            self.coverMediaID = coverMediaID
        }
    }

    /// Makes a gallery; its name is the one given, else made from its title (``GalleryName/made(from:)``).
    @discardableResult
    public static func create(_ changes: Changes, on connection: StoreConnection, now: Int) async throws -> Gallery {
        let title = changes.title ?? ""
        guard let name = changes.name ?? GalleryName.made(from: title) else { throw Refusal.invalid(.galleryTitleRequired) }
        var gallery = Gallery(
            id: 0, name: name, parentID: nil, text: GalleryText(title: title), translations: [:], coverMediaID: nil, addDate: now, editDate: now)
        try await Self.apply(changes, to: &gallery, on: connection)
        gallery.id = try await GalleryStore.create(gallery, on: connection)
        return gallery
    }

    /// Changes gallery `name`.
    @discardableResult
    public static func edit(_ name: String, _ changes: Changes, on connection: StoreConnection, now: Int) async throws -> Gallery {
        var gallery = try await Self.existing(name, on: connection)
        try await Self.apply(changes, to: &gallery, on: connection)
        gallery.editDate = now
        try await GalleryStore.update(gallery, on: connection)
        return gallery
    }

    /// Removes gallery `name` and its items (the library keeps the images and videos); refused while it
    /// holds other galleries.
    public static func delete(_ name: String, on connection: StoreConnection) async throws {
        let gallery = try await Self.existing(name, on: connection)
        guard try await GalleryStore.childCount(of: gallery.id, on: connection) == 0 else { throw Refusal.conflict(.galleryHoldsGalleries, name) }
        try await GalleryStore.delete(gallery.id, on: connection)
    }

    /// The gallery named `name`, or a refusal saying there is none.
    public static func existing(_ name: String, on connection: StoreConnection) async throws -> Gallery {
        guard let gallery = try await GalleryStore.gallery(named: name, on: connection) else {
            throw Refusal.notFound(.galleryUnknown, TextLength.prefix(name, GalleryName.maximum))
        }
        return gallery
    }

    private static func apply(_ changes: Changes, to gallery: inout Gallery, on connection: StoreConnection) async throws {
        if let name = changes.name, name != gallery.name {
            guard GalleryName.isValid(name) else {
                throw Refusal.invalid(.galleryBadName, TextLength.prefix(name, GalleryName.maximum), String(GalleryName.maximum))
            }
            guard try await GalleryStore.gallery(named: name, on: connection) == nil else { throw Refusal.conflict(.alreadyExists, name) }
            gallery.name = name
        } else if gallery.id == 0 {
            guard GalleryName.isValid(gallery.name) else {
                throw Refusal.invalid(.galleryBadName, TextLength.prefix(gallery.name, GalleryName.maximum), String(GalleryName.maximum))
            }
            guard try await GalleryStore.gallery(named: gallery.name, on: connection) == nil else { throw Refusal.conflict(.alreadyExists, gallery.name) }
        }
        if let title = changes.title { gallery.text.title = title.trimmingWhitespace }
        if let description = changes.description { gallery.text.description = description.trimmingWhitespace }
        try Self.check(gallery.text)
        if let translations = changes.translations {
            for (language, text) in translations {
                guard Languages.bundled.codes.contains(language) else {
                    throw Refusal.invalid(.galleryBadLanguage, TextLength.prefix(language, 8), Languages.bundled.codes.joined(separator: ", "))
                }
                try Self.check(text)
            }
            gallery.translations = translations
        }
        if let parent = changes.parent {
            gallery.parentID = try await Self.parentID(parent, of: gallery, on: connection)
        }
        if let cover = changes.coverMediaID {
            if let cover, try await MediaStore.find(id: cover, on: connection) == nil {
                throw Refusal.invalid(.galleryBadItem, GalleryItem.Content.image(cover).reference)
            }
            gallery.coverMediaID = cover
        }
    }

    /// A gallery's words within their limits: a title, of at most 255 scalars, a description of at most 10,000.
    private static func check(_ text: GalleryText) throws(Refusal) {
        guard !text.title.isEmpty else { throw .invalid(.galleryTitleRequired) }
        guard TextLength.fits(text.title, atMost: GalleryText.titleMaximum) else {
            throw .invalid(.fieldTooLong, "title", String(GalleryText.titleMaximum))
        }
        guard TextLength.fits(text.description, atMost: GalleryText.descriptionMaximum) else {
            throw .invalid(.fieldTooLong, "description", String(GalleryText.descriptionMaximum))
        }
    }

    /// The ID of the gallery named `parent` as `gallery`'s parent: refused when there is none, or when
    /// it is `gallery` or inside it (the tree would become a loop).
    private static func parentID(_ parent: String?, of gallery: Gallery, on connection: StoreConnection) async throws -> Int? {
        guard let parent else { return nil }
        let found = try await Self.existing(parent, on: connection)
        guard gallery.id != 0 else { return found.id }
        let parents = Dictionary(uniqueKeysWithValues: try await GalleryStore.all(on: connection).map { ($0.id, $0.parentID) })
        var next: Int? = found.id
        while let id = next {
            guard id != gallery.id else { throw Refusal.invalid(.galleryLoop) }
            next = parents[id] ?? nil
        }
        return found.id
    }
}
