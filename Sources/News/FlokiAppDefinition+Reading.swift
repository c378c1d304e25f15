public import EndpointCore
public import Storage

extension FlokiAppDefinition {
    /// The definition in force, read on `connection`: the administrator's, or the generated one.
    public static func current(now: Int, on connection: StoreConnection) async throws -> Self {
        if let stored = Self.stored(try await FlokiAppStore.definition(on: connection)) { return stored }
        let categories = try await NewsFeedStore.categories(now: now, on: connection)
        return .generated(categoryIDs: categories.map(\.category.id), hasGallery: try await Self.galleryShown(now: now, on: connection))
    }

    /// The definition an administrator stored; nil for none. It passed ``init(parsing:categoryIDs:)``
    /// when written: a category deleted since leaves its tab out of the app, not the definition.
    static func stored(_ text: String?) -> Self? {
        guard let text, let json = JSONValue(parsing: text) else { return nil }
        return try? Self(parsing: json, categoryIDs: nil)
    }

    /// Whether a shown article has a gallery (the generated app has a Gallery tab then).
    static func galleryShown(now: Int, on connection: StoreConnection) async throws -> Bool {
        try await !NewsFeedStore.articles(in: nil, withGallery: true, after: nil, limit: 1, now: now, on: connection).isEmpty
    }
}
