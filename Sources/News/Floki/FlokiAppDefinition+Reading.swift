public import EndpointCore
import Galleries
public import Storage

extension FlokiAppDefinition {
    /// The definition in force, read on `connection`: the administrator's, or the generated one in
    /// the tab order they gave it.
    public static func current(now: Int, on connection: StoreConnection) async throws -> Self {
        try await Self.read(now: now, on: connection).definition
    }

    /// Where the definition in force comes from.
    public enum Origin: Sendable {
        /// Generated from the site, in its own order.
        case generated
        /// Generated from the site, its tabs in an administrator's order (new tabs at the end).
        case ordered
        /// Written whole by an administrator: the site's new categories and galleries get no tab.
        case written
    }

    /// The definition in force and where it comes from.
    public static func read(now: Int, on connection: StoreConnection) async throws -> (definition: Self, origin: Origin) {
        try await Choice.read(on: connection).inForce {
            let categories = try await NewsFeedStore.categories(now: now, on: connection)
            return .generated(
                categoryIDs: categories.map(\.category.id), hasGallery: try await Self.galleryShown(now: now, on: connection),
                galleries: try await GalleryStore.all(on: connection))
        }
    }

    /// A definition an administrator writes, checked against the categories and galleries there are.
    public static func written(_ json: JSONValue, on connection: StoreConnection) async throws -> Self {
        let categoryIDs = Set(try await NewsStore.categories(on: connection).map(\.id))
        return try Self(parsing: json, categoryIDs: categoryIDs, galleryNames: Set(try await GalleryStore.all(on: connection).map(\.name)))
    }

    /// What an administrator chose, as stored: a definition written whole, or an order of the
    /// generated app's tabs (neither: the generated app as it is).
    struct Choice: Sendable {
        let written: FlokiAppDefinition?
        let order: [Int]?

        static func read(on connection: StoreConnection) async throws -> Self {
            Self(
                written: FlokiAppDefinition.stored(try await FlokiAppStore.definition(on: connection)), order: try await FlokiAppStore.tabOrder(on: connection))
        }

        /// The definition in force, the generated app made by `generated` when it is needed.
        func inForce(generated: () async throws -> FlokiAppDefinition) async throws -> (definition: FlokiAppDefinition, origin: Origin) {
            if let written = self.written { return (written, .written) }
            guard let order = self.order else { return (try await generated(), .generated) }
            return (try await generated().arranged(order), .ordered)
        }
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
