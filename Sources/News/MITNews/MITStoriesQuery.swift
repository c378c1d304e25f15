public import EndpointCore
public import Messages
public import Routes
package import Text

/// The parameters of `GET /apis/news/stories/` as the MIT News apps send them, read strictly: a
/// number out of its range or a malformed cursor is a 400 naming it. Unlike `content/news`, a search
/// too short to run is no error: the apps show any failure as "Failed", so it answers an empty list.
public struct MITStoriesQuery: Hashable, Sendable {
    /// The category's moniker or ID.
    package var category: String?
    /// `q` as a search; nil without one.
    package var search: SearchQuery?
    /// `q` was sent but is empty, or has no word with a letter or a digit.
    package var searchTooShort = false
    /// `featured=true`: the featured stories only (the iOS app's top strip).
    package var featuredOnly = false
    /// Stories to skip (Android's "Load more…").
    package var offset: Int
    package var limit: Int
    /// Where the previous page ended (the iOS app follows the `Link` header that carries it).
    package var cursor: NewsCursor?

    public init(_ parameters: RequestParameters) throws(Refusal) {
        if let category = parameters.optionalEither("category")?.trimmingWhitespace, !category.isEmpty {
            guard category.utf8.count <= 100 else { throw .malformed(.invalidParameter, "category") }
            self.category = category
        }
        if let query = parameters.optionalEither("q") {
            self.search = try NewsParameters.searchText(query).flatMap(SearchQuery.init)
            self.searchTooShort = self.search == nil
        }
        switch parameters.optionalEither("featured")?.trimmingWhitespace.lowercased() {
        case nil, "", "false", "0": self.featuredOnly = false
        case "true", "1": self.featuredOnly = true
        default: throw .malformed(.invalidParameter, "featured")
        }
        self.offset = try parameters.number("offset", in: 0...100_000, default: 0)
        self.limit = try parameters.number("limit", in: 1...100, default: 20)
        if let text = parameters.optionalEither("cursor"), !text.isEmpty {
            guard let cursor = NewsCursor(token: text) else { throw .malformed(.newsBadCursor) }
            self.cursor = cursor
        }
    }

    /// The query of the next page's URL, after `cursor` (not `offset`: the cursor says where the next
    /// page starts), printed from what was parsed, as ``NewsParameters/nextPageQuery(cursor:)``.
    func nextPageQuery(cursor: String) -> RouteQuery {
        var pairs: [(name: String, value: String)] = []
        if let category = self.category { pairs.append(("category", category)) }
        if let search = self.search { pairs.append(("q", search.words.joined(separator: " "))) }
        if self.featuredOnly { pairs.append(("featured", "true")) }
        pairs += [("limit", String(self.limit)), ("cursor", cursor)]
        return RouteQuery(pairs)
    }

    /// A search (counted per client network as `content/news` searches are).
    public var isSearch: Bool { self.search != nil }

    /// What a cursor is bound to: the category, the words and whether only featured stories are
    /// listed, so a cursor of one list does not continue another.
    func listKey(categoryID: Int?) -> String {
        NewsFilters(categoryIDs: categoryID.map { [$0] }, search: self.search).key + (self.featuredOnly ? "-featured" : "")
    }
}
