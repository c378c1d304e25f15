package import SQLKit
public import Storage

/// The site's galleries: the tree's nodes with their words in every language. Trees are small (a
/// site has tens or hundreds of galleries), so the tree is read whole. A change to the tree marks
/// news answers stale: the Floki app's tabs are made from its top-level galleries.
public enum GalleryStore {
    /// Every gallery, by name, with its translations.
    public static func all(on connection: StoreConnection) async throws -> [Gallery] {
        let rows = try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM galleries ORDER BY name").all()
        let translations = try await Self.translations(on: connection)
        return try rows.map { try Self.gallery($0, translations: translations) }
    }

    /// The gallery named `name`, with its translations.
    public static func gallery(named name: String, on connection: StoreConnection) async throws -> Gallery? {
        guard let row = try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM galleries WHERE name = \(bind: name)").first() else {
            return nil
        }
        let id = try row.decode(column: "id", as: Int.self)
        return try Self.gallery(row, translations: try await Self.translations(ofGallery: id, on: connection))
    }

    /// The gallery with ID `id`, with its translations.
    public static func gallery(id: Int, on connection: StoreConnection) async throws -> Gallery? {
        guard let row = try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM galleries WHERE id = \(bind: id)").first() else {
            return nil
        }
        return try Self.gallery(row, translations: try await Self.translations(ofGallery: id, on: connection))
    }

    /// Adds `gallery` (its ID and dates aside) and answers its ID.
    static func create(_ gallery: Gallery, on connection: StoreConnection) async throws -> Int {
        let row = try await connection.raw(
            """
            INSERT INTO galleries (name, parent_id, title, description, cover_media_id, add_date, edit_date)
            VALUES (\(bind: gallery.name), \(bind: gallery.parentID), \(bind: gallery.text.title), \(bind: gallery.text.description),
            \(bind: gallery.coverMediaID), \(bind: gallery.addDate), \(bind: gallery.editDate)) RETURNING id
            """
        ).first()
        guard let id = try row?.decode(column: "id", as: Int.self) else { throw InsertedRowMissing(table: "galleries") }
        try await Self.setTranslations(gallery.translations, ofGallery: id, on: connection)
        connection.markStale(.news)
        return id
    }

    /// Writes `gallery` over the stored one with its ID.
    static func update(_ gallery: Gallery, on connection: StoreConnection) async throws {
        try await connection.raw(
            """
            UPDATE galleries SET name = \(bind: gallery.name), parent_id = \(bind: gallery.parentID), title = \(bind: gallery.text.title),
            description = \(bind: gallery.text.description), cover_media_id = \(bind: gallery.coverMediaID), edit_date = \(bind: gallery.editDate)
            WHERE id = \(bind: gallery.id)
            """
        ).run()
        try await Self.setTranslations(gallery.translations, ofGallery: gallery.id, on: connection)
        connection.markStale(.news)
    }

    /// Moves gallery `id`'s edit date to `now`.
    static func touch(_ id: Int, now: Int, on connection: StoreConnection) async throws {
        try await connection.raw("UPDATE galleries SET edit_date = \(bind: now) WHERE id = \(bind: id)").run()
    }

    /// Removes gallery `id` and its items.
    static func delete(_ id: Int, on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM galleries WHERE id = \(bind: id)").run()
        connection.markStale(.news)
    }

    /// How many galleries gallery `id` holds.
    static func childCount(of id: Int, on connection: StoreConnection) async throws -> Int {
        try await connection.raw("SELECT COUNT(*) AS children FROM galleries WHERE parent_id = \(bind: id)").first()?
            .decode(column: "children", as: Int.self) ?? 0
    }

    private static func setTranslations(_ translations: [String: GalleryText], ofGallery id: Int, on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM gallery_translations WHERE gallery_id = \(bind: id)").run()
        guard !translations.isEmpty else { return }
        let rows: [SQLQueryString] = translations.sorted { $0.key < $1.key }.map {
            "(\(bind: id), \(bind: $0.key), \(bind: $0.value.title), \(bind: $0.value.description))"
        }
        try await connection.raw("INSERT INTO gallery_translations (gallery_id, language, title, description) VALUES \(rows.joined(separator: ", "))")
            .run()
    }

    private static func translations(ofGallery id: Int? = nil, on connection: StoreConnection) async throws -> [Int: [String: GalleryText]] {
        let condition: SQLQueryString = id.map { "WHERE gallery_id = \(bind: $0)" } ?? ""
        var translations: [Int: [String: GalleryText]] = [:]
        for row in try await connection.raw("SELECT gallery_id, language, title, description FROM gallery_translations \(condition)").all() {
            translations[try row.decode(column: "gallery_id", as: Int.self), default: [:]][try row.decode(column: "language", as: String.self)] =
                GalleryText(title: try row.decode(column: "title", as: String.self), description: try row.decode(column: "description", as: String.self))
        }
        return translations
    }

    private static let columns = "id, name, parent_id, title, description, cover_media_id, add_date, edit_date, validated_items"

    private static func gallery(_ row: any SQLRow, translations: [Int: [String: GalleryText]]) throws -> Gallery {
        let id = try row.decode(column: "id", as: Int.self)
        return Gallery(
            id: id, name: try row.decode(column: "name", as: String.self), parentID: try row.decode(column: "parent_id", as: Int?.self),
            text: GalleryText(title: try row.decode(column: "title", as: String.self), description: try row.decode(column: "description", as: String.self)),
            translations: translations[id] ?? [:], coverMediaID: try row.decode(column: "cover_media_id", as: Int?.self),
            addDate: try row.decode(column: "add_date", as: Int.self), editDate: try row.decode(column: "edit_date", as: Int.self),
            validatedItems: try row.decode(column: "validated_items", as: Int.self))
    }
}
