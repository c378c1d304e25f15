import EndpointCore
import Messages
import Storage

/// The answers of `content/news`, one function per resource, each read on one connection. Sync tokens
/// are read before the data they come with, so anything committed in between is sent again at the
/// next sync rather than missed; and what is shown is judged at a moment no earlier than the newest
/// change the token covers (``moment(after:)``), so an article published by that change is never
/// read as not yet shown by a clock that lags it, which would move the client past it for good.
struct NewsAnswers {
    let connection: StoreConnection
    let parameters: NewsParameters
    let clock: SiteClock
    let json: NewsJSON
    /// Every category with its shown articles counted as of a moment (kept by the hook between
    /// requests: counting is the costly part of several answers).
    let categoryList: (_ now: Int) async throws -> [PublishedCategory]

    /// Now, or the newest change's time when that is later (another instance's clock ahead of ours).
    func moment(after changeTime: Int?) -> Int {
        Self.moment(self.clock, after: changeTime)
    }

    /// `clock`'s now, or the newest change's time when that is later.
    static func moment(_ clock: SiteClock, after changeTime: Int?) -> Int {
        max(clock.now, changeTime ?? 0)
    }

    /// At most this many changes per `changes` answer.
    static let changesPerAnswer = 200

    /// An answer and the time of the latest change it reflects (`Last-Modified`), plus any headers.
    struct Answer {
        var data: JSONValue
        var lastModified: Int?
        var headers: [(name: String, value: String)] = []
    }

    func categories() async throws -> Answer {
        let state = try await NewsChangeLog.state(on: self.connection)
        let categories = try await self.categoryList(self.moment(after: state.latestTime))
        return Answer(data: ["categories": .array(categories.map(self.json.category))], lastModified: state.latestTime)
    }

    func category(_ reference: String) async throws -> Answer {
        let state = try await NewsChangeLog.state(on: self.connection)
        guard let category = try await NewsFeedStore.category(reference, now: self.moment(after: state.latestTime), on: self.connection) else {
            throw Refusal.notFound(.newsUnknownCategory, reference)
        }
        return Answer(data: ["category": self.json.category(category)], lastModified: state.latestTime)
    }

    /// A page of articles; `nextLink` makes the absolute URL of the next page from its cursor.
    func articles(nextLink: (String) -> String) async throws -> Answer {
        let state = try await NewsChangeLog.state(on: self.connection)
        let filters = try await self.filters()
        let cursor = self.parameters.cursor
        if let cursor, cursor.filters != filters.key || (cursor.rank != nil) != self.parameters.byRelevance {
            throw Refusal.malformed(.newsCursorOtherList)
        }
        let (articles, next) = try await self.page(filters, after: cursor, now: self.moment(after: state.latestTime))
        var answer = Answer(
            data: [
                "articles": .array(articles.map(self.json.article)),
                "page": ["limit": .int(self.parameters.limit), "next_cursor": next.map(JSONValue.string) ?? .null, "has_more": .bool(next != nil)],
                "sync": .string(SyncToken(databaseID: state.databaseID, seq: state.latest).token),
            ],
            lastModified: state.latestTime
        )
        if let next { answer.headers.append((name: "Link", value: "<\(nextLink(next))>; rel=\"next\"")) }
        return answer
    }

    /// A page of the list `filters` select, newest first or (a search with `sort=relevance`) most
    /// relevant first, after `cursor`; and the next page's cursor when there is one.
    private func page(_ filters: NewsFilters, after cursor: NewsCursor?, now: Int) async throws -> ([PublishedArticle], next: String?) {
        let limit = self.parameters.limit
        let position = cursor.map { NewsFeedStore.Position(addDate: $0.addDate, id: $0.id) }
        if let tagID = filters.tagID {
            let found = try await NewsTagStore.articles(taggedWith: tagID, after: position, limit: limit + 1, now: now, on: self.connection)
            return Self.page(found, limit: limit, stoppedAt: nil, filters: filters)
        }
        guard let search = filters.search else {
            let found = try await NewsFeedStore.articles(in: filters.categoryIDs, after: position, limit: limit + 1, now: now, on: self.connection)
            return Self.page(found, limit: limit, stoppedAt: nil, filters: filters)
        }
        guard self.parameters.byRelevance else {
            let found = try await NewsSearchStore.articles(
                matching: search, in: filters.categoryIDs, after: position, limit: limit + 1, now: now, on: self.connection)
            return Self.page(found.articles, limit: limit, stoppedAt: found.stoppedAt, filters: filters)
        }
        let ranked = try await NewsSearchStore.rankedArticles(
            matching: search, in: filters.categoryIDs, after: cursor?.rankedPosition, limit: limit + 1, now: now, on: self.connection)
        let next = ranked.articles.count > limit ? ranked.articles[limit - 1].position : ranked.stoppedAt
        return (ranked.articles.prefix(limit).map(\.published), next.map { NewsCursor(after: $0, filters: filters.key).token })
    }

    /// The first `limit` of `found` (read one further, to know whether more follow), and the next
    /// page's cursor: after the last article, or where a search stopped short.
    private static func page(
        _ found: [PublishedArticle], limit: Int, stoppedAt: NewsFeedStore.Position?, filters: NewsFilters
    ) -> ([PublishedArticle], next: String?) {
        let articles = Array(found.prefix(limit))
        guard found.count > limit, let last = articles.last?.article else {
            return (articles, stoppedAt.map { NewsCursor(addDate: $0.addDate, id: $0.id, filters: filters.key).token })
        }
        return (articles, NewsCursor(addDate: last.addDate, id: last.id, filters: filters.key).token)
    }

    func article(_ reference: String) async throws -> Answer {
        guard let article = try await NewsFeedStore.article(reference, now: self.moment(after: nil), on: self.connection) else {
            throw Refusal.notFound(.newsUnknownArticle)
        }
        return Answer(data: ["article": self.json.article(article)], lastModified: article.article.updatedAt)
    }

    /// The newest `per_category` articles of each category (or of those asked for), in one query.
    func top() async throws -> Answer {
        let state = try await NewsChangeLog.state(on: self.connection)
        let now = self.moment(after: state.latestTime)
        let filters = try await self.filters()
        var categories = try await self.categoryList(now)
        if let chosen = filters.categoryIDs { categories = categories.filter { chosen.contains($0.category.id) } }
        let articles = try await NewsFeedStore.top(perCategory: self.parameters.perCategory, in: filters.categoryIDs, now: now, on: self.connection)
        let byCategory = Dictionary(grouping: articles, by: \.article.categoryID)
        let entries: [JSONValue] = categories.map { category in
            guard case .object(var pairs) = self.json.category(category) else { return .null }
            pairs.append((key: "articles", value: .array((byCategory[category.category.id] ?? []).map(self.json.article))))
            return .object(pairs)
        }
        return Answer(
            data: ["categories": .array(entries), "sync": .string(SyncToken(databaseID: state.databaseID, seq: state.latest).token)],
            lastModified: state.latestTime
        )
    }

    /// What changed after `since`: articles shown now are upserted, any other changed article that was
    /// shown once is deleted, and when anything changed the category list comes whole (counts change
    /// with articles).
    /// A missing token, one from another database, one older than the retention or newer than the
    /// log answers `reset: true` with a fresh token.
    func changes() async throws -> Answer {
        let state = try await NewsChangeLog.state(on: self.connection)
        guard let since = self.parameters.since, since.databaseID == state.databaseID,
            since.seq >= state.sweptThrough, since.seq <= state.latest
        else {
            return Answer(
                data: Self.changes(upserted: [], deleted: [], categories: [], token: state, seq: state.latest, hasMore: false, reset: true),
                lastModified: state.latestTime)
        }
        let rows = try await NewsChangeLog.changes(after: since.seq, limit: Self.changesPerAnswer + 1, on: self.connection)
        let taken = rows.prefix(Self.changesPerAnswer)
        let now = self.moment(after: taken.map(\.time).max())
        let articles = taken.filter { $0.type == .news }
        let shown = try await NewsFeedStore.articles(ids: Array(Set(articles.map(\.id))), now: now, on: self.connection)
        let shownIDs = Set(shown.map(\.article.id))
        // Only what was shown once is gone from an app's view; a draft never shown stays unknown.
        let deleted: [JSONValue] = Set(articles.filter { $0.wasShown && !shownIDs.contains($0.id) }.map(\.id)).sorted()
            .map { ["type": "news", "id": .int($0)] }
        let categories = taken.isEmpty ? [] : try await self.categoryList(now).map(self.json.category)
        return Answer(
            data: Self.changes(
                upserted: shown.map(self.json.article), deleted: deleted, categories: categories, token: state,
                seq: taken.last?.seq ?? since.seq, hasMore: rows.count > Self.changesPerAnswer, reset: false
            ),
            lastModified: state.latestTime
        )
    }

    private static func changes(
        upserted: [JSONValue], deleted: [JSONValue], categories: [JSONValue], token state: NewsChangeLog.State, seq: Int, hasMore: Bool, reset: Bool
    ) -> JSONValue {
        [
            "upserted": .array(upserted), "deleted": .array(deleted), "categories": .array(categories),
            "sync": .string(SyncToken(databaseID: state.databaseID, seq: seq).token), "has_more": .bool(hasMore), "reset": .bool(reset),
        ]
    }

    /// The `category` parameter resolved to IDs (an unknown category is refused, naming it), `q`, and
    /// `tag` resolved to its ID (an unknown tag is refused, naming it).
    func filters() async throws -> NewsFilters {
        if let moniker = self.parameters.tag {
            guard let (id, _) = try await NewsTagStore.tag(moniker, on: self.connection) else { throw Refusal.notFound(.newsUnknownTag, moniker) }
            return NewsFilters(categoryIDs: nil, search: nil, tagID: id)
        }
        guard let references = self.parameters.categories else { return NewsFilters(categoryIDs: nil, search: self.parameters.search) }
        return NewsFilters(categoryIDs: try await Self.categoryIDs(references, on: self.connection).sorted(), search: self.parameters.search)
    }

    /// The categories `references` (IDs or monikers) name; an unknown one is refused, naming it.
    static func categoryIDs(_ references: [String], on connection: StoreConnection) async throws -> Set<Int> {
        var ids: Set<Int> = []
        for reference in references {
            guard let id = try await NewsFeedStore.categoryID(reference, on: connection) else {
                throw Refusal.notFound(.newsUnknownCategory, reference)
            }
            ids.insert(id)
        }
        return ids
    }
}
