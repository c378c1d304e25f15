package import SQLKit

/// Word search over the shown articles: every word must occur in an article's folded title, summary,
/// body or author (``SearchText``), anywhere, even inside a word. The search index finds the articles
/// holding the words of ``SearchText/indexedWordLength`` characters or more, and `LIKE` checks the
/// shorter words on those only, so no search reads every article. A test reads the plans
/// (`NewsQueryPlanTests`) and another compares every answer with a walk of every article.
///
/// SQLite: the FTS5 table `news_search` (trigram tokenizer) numbers its rows by `news.listing_key`,
/// which sorts as lists do (``NewsSearchIndex``), so a newest-first search reads the index's matches
/// newest first and stops when the page is full, however common or rare the words.
///
/// PostgreSQL: `pg_trgm`'s GIN index finds every match, in no order. A newest-first search first walks
/// the newest ``recentWindow`` listed articles (a word common enough to fill a page there would make
/// the index hand over every article holding it), and asks the index only when that walk did not
/// fill the page, for articles older than it. A word matching many articles but few recent ones costs
/// what its matches cost (docs/benchmarks.md, "Search").
///
/// Relevance order (``rankedArticles(containing:in:after:limit:offset:now:on:)``) ranks every article
/// the index finds, on both engines: it costs what the number of matches costs.
public enum NewsSearchStore {
    /// Where a relevance-ordered list stopped: how many words were found in the title, how many in
    /// the summary, then the article's list position. Greater ranks first.
    public struct RankedPosition: Sendable, Hashable {
        public var titleHits: Int
        public var summaryHits: Int
        public var addDate: Int
        public var id: Int

        public init(titleHits: Int, summaryHits: Int, addDate: Int, id: Int) {
            self.titleHits = titleHits
            self.summaryHits = summaryHits
            self.addDate = addDate
            self.id = id
        }
    }

    /// An article of a relevance-ordered list and its place there.
    public struct RankedArticle: Sendable {
        public var published: PublishedArticle
        public var position: RankedPosition
    }

    /// How many of the newest listed articles a newest-first search reads on PostgreSQL before asking
    /// the index.
    static let recentWindow = 64

    /// Up to `limit` shown articles containing every one of `words` (folded; none without a word
    /// the index can look up, ``SearchText/isIndexed(_:)``), newest first, after `position`, skipping `offset`;
    /// filtered as ``NewsFeedStore/articles(in:withGallery:featuredOnly:containing:after:limit:offset:now:on:)``.
    public static func articles(
        containing words: [String], in categories: [Int]?, withGallery: Bool = false, featuredOnly: Bool = false,
        after position: NewsFeedStore.Position?, limit: Int, offset: Int = 0, now: Int, on connection: StoreConnection
    ) async throws -> [PublishedArticle] {
        guard SearchText.canSearch(words) else { return [] }
        let listed = NewsFeedStore.listed(in: categories, withGallery: withGallery, featuredOnly: featuredOnly, now: now)
        guard connection.isPostgres else {
            let query = Self.indexedQuery(words, listed: listed, after: position, limit: limit, offset: offset, postgres: false)
            return try await NewsFeedStore.articles(
                ids: try await connection.raw(query).all().map { try $0.decode(column: "id", as: Int.self) }, now: now, on: connection)
        }
        let wanted = offset + limit
        var found: [Int] = []
        var older = position
        if wanted <= Self.recentWindow {
            let rows = try await connection.raw(Self.recentQuery(words, listed: listed, after: position)).all()
            for row in rows where try row.decode(column: "hit", as: Int.self) == 1 { found.append(try row.decode(column: "id", as: Int.self)) }
            guard found.count < wanted, rows.count == Self.recentWindow, let last = rows.last else {
                return try await NewsFeedStore.articles(ids: Array(found.dropFirst(offset).prefix(limit)), now: now, on: connection)
            }
            older = NewsFeedStore.Position(addDate: try last.decode(column: "add_date", as: Int.self), id: try last.decode(column: "id", as: Int.self))
        }
        let query = Self.indexedQuery(words, listed: listed, after: older, limit: wanted - found.count, offset: 0, postgres: true)
        found += try await connection.raw(query).all().map { try $0.decode(column: "id", as: Int.self) }
        return try await NewsFeedStore.articles(ids: Array(found.dropFirst(offset).prefix(limit)), now: now, on: connection)
    }

    /// Up to `limit` shown articles of `categories` (nil: all) containing every one of `words`, most
    /// relevant first: most words found in the title, then in the summary, then newest first; after
    /// `position`, skipping `offset`.
    public static func rankedArticles(
        containing words: [String], in categories: [Int]?, after position: RankedPosition?, limit: Int, offset: Int = 0, now: Int,
        on connection: StoreConnection
    ) async throws -> [RankedArticle] {
        guard SearchText.canSearch(words) else { return [] }
        let listed = NewsFeedStore.listed(in: categories, withGallery: false, now: now)
        let query = Self.rankedQuery(words, listed: listed, after: position, limit: limit, offset: offset, postgres: connection.isPostgres)
        let ranks = try await connection.raw(query).all().map { row in
            RankedPosition(
                titleHits: try row.decode(column: "title_hits", as: Int.self), summaryHits: try row.decode(column: "summary_hits", as: Int.self),
                addDate: try row.decode(column: "add_date", as: Int.self), id: try row.decode(column: "id", as: Int.self))
        }
        let articles = try await NewsFeedStore.articles(ids: ranks.map(\.id), now: now, on: connection)
        let byID = Dictionary(uniqueKeysWithValues: articles.map { ($0.article.id, $0) })
        return ranks.compactMap { rank in byID[rank.id].map { RankedArticle(published: $0, position: rank) } }
    }

    // MARK: Statements (tests read their plans)

    /// The newest ``recentWindow`` listed articles after `position`, each marked `hit` when it holds
    /// every word: a walk of `news_listing` (or `news_category`) bounded by its `LIMIT`.
    package static func recentQuery(_ words: [String], listed: [SQLQueryString], after position: NewsFeedStore.Position?) -> SQLQueryString {
        var conditions = listed
        if let position { conditions.append("(n.add_date, n.id) < (\(bind: position.addDate), \(bind: position.id))") }
        let holds = words.map { Self.contains($0) }.joined(separator: " AND ")
        return """
            SELECT n.id, n.add_date, CASE WHEN \(holds) THEN 1 ELSE 0 END AS hit FROM news n
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY n.add_date DESC, n.id DESC LIMIT \(bind: Self.recentWindow)
            """
    }

    /// Up to `limit` listed articles after `position` holding every word, newest first, skipping
    /// `offset`, found by the index. On SQLite the index hands its matches over newest first
    /// (`ORDER BY f.rowid` is the FTS5 table's own order, so no sort and the `LIMIT` stops it).
    package static func indexedQuery(
        _ words: [String], listed: [SQLQueryString], after position: NewsFeedStore.Position?, limit: Int, offset: Int, postgres: Bool
    ) -> SQLQueryString {
        guard postgres else {
            var conditions = listed
            if let position { conditions.append("f.rowid > \(bind: NewsSearchIndex.listingKey(addDate: position.addDate, id: position.id))") }
            return """
                SELECT n.id FROM \(Self.indexed(words, conditions: conditions)) ORDER BY f.rowid LIMIT \(bind: limit) OFFSET \(bind: offset)
                """
        }
        var conditions = listed
        if let position { conditions.append("(n.add_date, n.id) < (\(bind: position.addDate), \(bind: position.id))") }
        let matching = Self.matching(words, columns: "n.id, n.add_date", conditions: conditions, postgres: true)
        return """
            \(matching.with) SELECT r.id, r.add_date FROM \(matching.table) ORDER BY r.add_date DESC, r.id DESC
            LIMIT \(bind: limit) OFFSET \(bind: offset)
            """
    }

    /// Every listed article holding every word, found by the index and ranked, after `position`.
    package static func rankedQuery(
        _ words: [String], listed: [SQLQueryString], after position: RankedPosition?, limit: Int, offset: Int, postgres: Bool
    ) -> SQLQueryString {
        let find = postgres ? "strpos" : "instr"
        let titleHits = words.map { word -> SQLQueryString in
            "(CASE WHEN \(unsafeRaw: find)(n.search_text, \(bind: word)) BETWEEN 1 AND COALESCE(n.search_title_end, 0) THEN 1 ELSE 0 END)"
        }
        let summaryHits = words.map { word -> SQLQueryString in
            """
            (CASE WHEN \(unsafeRaw: find)(n.search_text, \(bind: word)) BETWEEN COALESCE(n.search_title_end, 0) + 1
                AND COALESCE(n.search_summary_end, 0) THEN 1 ELSE 0 END)
            """
        }
        let columns: SQLQueryString = """
            n.id, n.add_date, \(titleHits.joined(separator: " + ")) AS title_hits, \(summaryHits.joined(separator: " + ")) AS summary_hits
            """
        let matching = Self.matching(words, columns: columns, conditions: listed, postgres: postgres)
        let after: SQLQueryString =
            position.map {
                "WHERE (r.title_hits, r.summary_hits, r.add_date, r.id) < (\(bind: $0.titleHits), \(bind: $0.summaryHits), \(bind: $0.addDate), \(bind: $0.id))"
            } ?? ""
        return """
            \(matching.with) SELECT r.id, r.add_date, r.title_hits, r.summary_hits FROM \(matching.table) \(after)
            ORDER BY r.title_hits DESC, r.summary_hits DESC, r.add_date DESC, r.id DESC LIMIT \(bind: limit) OFFSET \(bind: offset)
            """
    }

    /// The articles (`news n`) holding every word and meeting `conditions`, found by the index, as a
    /// table `r` of `columns`: `matching.with` goes before the statement, `matching.table` after its
    /// `FROM`. PostgreSQL: one scan of `news` whose only selective condition is the indexed words', in
    /// a materialized CTE, so a planner guessing how common a word is cannot serve the outer `ORDER BY
    /// … LIMIT` by walking `news_listing` past every article instead.
    private static func matching(
        _ words: [String], columns: SQLQueryString, conditions: [SQLQueryString], postgres: Bool
    ) -> (with: SQLQueryString, table: SQLQueryString) {
        guard postgres else { return ("", "(SELECT \(columns) FROM \(Self.indexed(words, conditions: conditions))) r") }
        let all = words.map { Self.contains($0) } + conditions
        return ("WITH r AS MATERIALIZED (SELECT \(columns) FROM news n WHERE \(all.joined(separator: " AND ")))", "r")
    }

    /// SQLite: the FTS5 table `f` joined to `news n`, holding every word and meeting `conditions`, as
    /// what follows a `FROM`. The FTS5 table drives the join (`CROSS JOIN` keeps the planner from
    /// walking `news` instead and probing the index per row) and each match finds its article by
    /// `news_listing_key` (`INDEXED BY`: statistics gathered before the keys were written once made
    /// the planner walk `news_listing` for every match); `LIKE` checks the short words.
    private static func indexed(_ words: [String], conditions: [SQLQueryString]) -> SQLQueryString {
        let short = words.filter { !SearchText.isIndexed($0) }.map { Self.contains($0) }
        let all = ["f.search_text MATCH \(bind: SearchText.ftsQuery(words.filter(SearchText.isIndexed)))"] + short + conditions
        return "news_search f CROSS JOIN news n INDEXED BY news_listing_key ON n.listing_key = f.rowid WHERE \(all.joined(separator: " AND "))"
    }

    /// "Article `n` holds `word`" (folded).
    private static func contains(_ word: String) -> SQLQueryString {
        "n.search_text LIKE \(bind: SearchText.containsPattern(word)) ESCAPE '!'"
    }
}
