import SQLKit
public import Storage

/// The articles as the console's editors see them: every article in every state, newest first, with
/// a search of their text, a category and a state to narrow them.
public enum NewsDesk {
    /// Where an article stands at a time, by the rule readers are shown articles by
    /// (``NewsFeedStore/visible(_:now:)``): a draft is not validated, a scheduled article is validated
    /// with a publication time still to come, an expired one is past its expiry.
    public enum State: String, CaseIterable, Sendable {
        case draft, scheduled, published, expired
    }

    /// Which articles a page of the list shows.
    public struct Filter: Sendable, Equatable {
        /// Words the article contains (its title, summary, body or author; case and accents aside), or nil.
        public var search: String?
        public var categoryID: Int?
        public var state: State?
        /// Only the articles this member submitted (a writer's or author's desk), or nil for all.
        public var submitterID: Int?
        public var offset: Int
        public var limit: Int

        public init(
            search: String? = nil, categoryID: Int? = nil, state: State? = nil, submitterID: Int? = nil, offset: Int = 0, limit: Int = 25
        ) {
            self.search = search
            self.categoryID = categoryID
            self.state = state
            self.submitterID = submitterID
            self.offset = offset
            self.limit = limit
        }
    }

    /// An article listed, with its state at the time asked.
    public struct Entry: Sendable {
        public let article: NewsArticle
        public let state: State
    }

    /// The page of articles `filter` asks for at `now`, and whether more follow it.
    public static func articles(_ filter: Filter, now: Int, on connection: StoreConnection) async throws -> (entries: [Entry], more: Bool) {
        var conditions: [SQLQueryString] = []
        if let search = filter.search, !search.isEmpty {
            // Folded as the API's search folds (`cafe` finds "Café"), in the title, summary, body and
            // author; an article the news clock has not indexed yet by its title.
            let pattern = SQLLike.containing(SearchText.fold(search))
            conditions.append("COALESCE(search_text, LOWER(title)) LIKE \(bind: pattern) ESCAPE '\\'")
        }
        // An article filed in the category besides its own (an imported one, as Composr files them) too.
        if let category = filter.categoryID {
            conditions.append("(\(NewsFeedStore.inOwnCategory([category])) OR \(NewsFeedStore.inOtherCategory([category])))")
        }
        if let state = filter.state { conditions.append("\(Self.state(now: now)) = \(bind: state.rawValue)") }
        if let submitterID = filter.submitterID { conditions.append("submitter_id = \(bind: submitterID)") }
        let filtered: SQLQueryString = conditions.isEmpty ? "" : " WHERE \(conditions.joined(separator: " AND "))"
        let rows = try await connection.raw(
            """
            SELECT \(unsafeRaw: NewsStore.articleColumns), \(Self.state(now: now)) AS desk_state FROM news n\(filtered)
            ORDER BY add_date DESC, id DESC LIMIT \(bind: filter.limit + 1) OFFSET \(bind: filter.offset)
            """
        ).all()
        let entries = try rows.prefix(filter.limit).map { row in
            Entry(article: try NewsStore.article(row), state: State(rawValue: try row.decode(column: "desk_state", as: String.self)) ?? .draft)
        }
        return (entries, rows.count > filter.limit)
    }

    /// The state article `id` is in at `now`; nil when there is no such article.
    public static func state(ofArticle id: Int, now: Int, on connection: StoreConnection) async throws -> State? {
        let row = try await connection.raw("SELECT \(Self.state(now: now)) AS desk_state FROM news WHERE id = \(bind: id)").first()
        return try row.flatMap { State(rawValue: try $0.decode(column: "desk_state", as: String.self)) }
    }

    /// The state of the article in the row, at `now`, as SQL: the one statement of the rule.
    private static func state(now: Int) -> SQLQueryString {
        """
        (CASE WHEN validated = \(false) THEN 'draft' WHEN add_date > \(bind: now) THEN 'scheduled' \
        WHEN expires_at IS NOT NULL AND expires_at <= \(bind: now) THEN 'expired' ELSE 'published' END)
        """
    }
}
