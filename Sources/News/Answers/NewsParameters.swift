public import EndpointCore
import Foundation
public import Media
public import Messages
package import Routes
package import Text

/// The parameters of `content/news`, read strictly: a number that is not a whole number in its range,
/// a malformed cursor or sync token, or an unknown field name is a 400 with a sentence saying which.
public struct NewsParameters: Hashable, Sendable {
    /// Category IDs or monikers (`category`, or its alias `categories`), as sent.
    package var categories: [String]?
    package var limit: Int
    package var perCategory: Int
    package var cursor: NewsCursor?
    package var since: SyncToken?
    var device: DeviceClass
    var fields: Set<String>?
    /// `tag`: the moniker of the tag whose articles are listed (sent as its moniker or its label).
    package var tag: String?
    /// `q` as a search (its distinct words, folded: ``SearchQuery``); nil without one.
    package var search: SearchQuery?
    /// `sort=relevance`: a search's results most relevant first rather than newest first.
    package var byRelevance = false
    /// The Floki search page (from 1).
    package var page: Int
    /// Floki's `l` (lowest cached ID), `h` (highest) and `o` (older than this one); nil when absent or
    /// not positive, which the protocol says to ignore.
    var lowest: Int?
    var highest: Int?
    var older: Int?
    /// The Floki tab's `cache_size` (its feed's length), which the app data puts in the tab's URL.
    var cacheSize: Int?
    /// Whether a Floki feed's sections start collapsed (`sections=collapsed`) rather than open.
    var sectionsCollapsed = false

    /// Every parameter read here (Floki's `page`, `l`, `h`, `o` among them).
    public static let names: Set<String> = [
        "category", "categories", "limit", "per_category", "cursor", "since", "d", "q", "page", "l", "h", "o", "cache_size", "sections", "fields", "sort",
        "tag",
    ]

    public init(_ parameters: RequestParameters) throws(Refusal) {
        if let list = parameters.optionalEither("category") ?? parameters.optionalEither("categories") {
            let references = list.split(separator: ",").map { String($0).trimmingWhitespace }
            guard !references.isEmpty, references.count <= 50, references.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 100 }) else {
                throw .malformed(.invalidParameter, "category")
            }
            self.categories = references
        }
        self.limit = try parameters.number("limit", in: 1...100, default: 20)
        self.perCategory = try parameters.number("per_category", in: 1...20, default: 3)
        if let text = parameters.optionalEither("cursor"), !text.isEmpty {
            guard let cursor = NewsCursor(token: text) else { throw .malformed(.newsBadCursor) }
            self.cursor = cursor
        }
        if let text = parameters.optionalEither("since"), !text.isEmpty {
            guard let token = SyncToken(token: text) else { throw .malformed(.newsBadSyncToken) }
            self.since = token
        }
        let device = parameters.optionalEither("d")
        guard (device?.utf8.count ?? 0) <= 16 else { throw .malformed(.invalidParameter, "d") }
        self.device = DeviceClass(parameter: device)
        if let query = parameters.optionalEither("q") {
            guard let text = try Self.searchText(query) else {
                throw .malformed(.newsSearchLength, String(Self.searchLength.lowerBound), String(Self.searchLength.upperBound))
            }
            guard let search = SearchQuery(text) else { throw .malformed(.newsSearchWord) }
            self.search = search
        }
        if let tag = parameters.optionalEither("tag") {
            guard tag.utf8.count <= 400, let moniker = ArticleTag.moniker(of: tag) else { throw .malformed(.invalidParameter, "tag") }
            guard self.categories == nil, self.search == nil else { throw .malformed(.newsTagAlone) }
            self.tag = moniker
        }
        switch parameters.optionalEither("sort")?.trimmingWhitespace {
        case nil, "", "newest": self.byRelevance = false
        case "relevance" where self.search != nil: self.byRelevance = true
        default: throw .malformed(.invalidParameter, "sort")
        }
        self.page = try parameters.number("page", in: 1...10_000, default: 1)
        self.lowest = try Self.flokiID(parameters, "l")
        self.highest = try Self.flokiID(parameters, "h")
        self.older = try Self.flokiID(parameters, "o")
        switch parameters.optionalEither("sections") {
        case nil, "open": self.sectionsCollapsed = false
        case "collapsed": self.sectionsCollapsed = true
        default: throw .malformed(.invalidParameter, "sections")
        }
        if parameters.optionalEither("cache_size") != nil {
            self.cacheSize = try parameters.number("cache_size", in: 1...FlokiFeed.maximumFeedSize, default: FlokiFeed.defaultFeedSize)
        }
        if let list = parameters.optionalEither("fields"), !list.isEmpty {
            let names = Set(list.split(separator: ",").map { String($0).trimmingWhitespace })
            if let unknown = names.sorted().first(where: { !NewsJSON.articleKeys.contains($0) }) {
                throw .malformed(.newsUnknownField, TextLength.prefix(unknown, 40))
            }
            self.fields = names
        }
    }

    /// The query of the next page of the list these parameters ask for, after `cursor`: every
    /// parameter that shapes the list, printed from what was parsed (so the server reads back the very
    /// list it printed), each value percent-encoded but for unreserved characters (so the URL holds
    /// no `,`, which iOS's `Link` header parser splits on).
    func nextPageQuery(cursor: String) -> RouteQuery {
        var pairs: [(name: String, value: String)] = []
        if let categories = self.categories { pairs.append(("category", categories.joined(separator: ","))) }
        if let tag = self.tag { pairs.append(("tag", tag)) }
        if let search = self.search { pairs.append(("q", search.words.joined(separator: " "))) }
        if self.byRelevance { pairs.append(("sort", "relevance")) }
        pairs.append(("limit", String(self.limit)))
        if self.device != .phone { pairs.append(("d", self.device.parameter)) }
        if let fields = self.fields { pairs.append(("fields", fields.sorted().joined(separator: ","))) }
        pairs.append(("cursor", cursor))
        return RouteQuery(pairs)
    }

    /// The IDs a Floki client holds, `l` to `h`; nil unless it sent both, in order.
    var heldRange: ClosedRange<Int>? {
        guard let lowest = self.lowest, let highest = self.highest, lowest <= highest else { return nil }
        return lowest...highest
    }

    /// A Floki item ID: a whole number, nil when absent or not positive.
    static func flokiID(_ parameters: RequestParameters, _ name: String) throws(Refusal) -> Int? {
        guard let text = parameters.optionalEither(name)?.trimmingWhitespace, !text.isEmpty else { return nil }
        guard text.utf8.count <= 20, let value = Int(text) else {
            throw .malformed(.numberOutOfRange, name, "1", String(Int(Int32.max)))
        }
        return value > 0 ? value : nil
    }

    /// How long a search's text may be once trimmed, in Unicode scalars.
    static let searchLength = 1...200

    /// `q` trimmed, or nil when it is shorter than ``searchLength``; refused when longer. Its length is
    /// checked before anything else reads it: first in bytes, on the text as sent.
    static func searchText(_ query: String) throws(Refusal) -> String? {
        let tooLong = Refusal.malformed(.newsSearchLength, String(Self.searchLength.lowerBound), String(Self.searchLength.upperBound))
        guard query.utf8.count <= 4 * Self.searchLength.upperBound else { throw tooLong }
        let trimmed = query.trimmingWhitespace
        guard TextLength.fits(trimmed, atMost: Self.searchLength.upperBound) else { throw tooLong }
        return TextLength.isShorter(trimmed, than: Self.searchLength.lowerBound) ? nil : trimmed
    }
}

/// The article filters a list was made with, resolved to category IDs, and the search; its ``key``
/// binds cursors.
struct NewsFilters: Equatable {
    /// Sorted, distinct; nil means every category.
    var categoryIDs: [Int]?
    var search: SearchQuery?
    /// The ID of the tag whose articles are listed (never with categories or a search).
    var tagID: Int?

    /// The categories, and a digest of the search's words (FNV-1a, the same in every process), so a
    /// cursor from one search does not continue another.
    var key: String {
        if let tagID = self.tagID { return "t" + String(tagID) }
        let categories = self.categoryIDs.map { $0.map(String.init).joined(separator: "-") } ?? "all"
        guard let words = self.search?.words else { return categories }
        return categories + "-q" + String(FNV1a.digest(words.joined(separator: " ").utf8), radix: 36)
    }
}
