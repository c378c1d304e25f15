package import SQLKit

/// Word search over the shown articles: every word must occur in an article's folded title, summary,
/// body or author (``SearchText``), anywhere, even inside a word. The search index finds the articles
/// holding every trigram of the words of ``SearchText/indexedWordLength`` characters or more, and
/// every word is checked on those only, so no search reads every article. A test reads the plans
/// (`NewsQueryPlanTests`) and another compares every answer with a walk of every article.
///
/// SQLite: the FTS5 table `news_search` (trigram tokenizer, no positions kept: `detail = 'none'`,
/// migration 0037) numbers its rows by `news.listing_key`, which sorts as lists do
/// (``NewsSearchIndex``), so a newest-first search reads the index's matches newest first and stops
/// when the page is full, however common or rare the words.
///
/// PostgreSQL: `pg_trgm`'s GIN index finds every match, in no order. A newest-first search first walks
/// the newest listed articles, twice as many as it wants (``recentWalk(_:)``: a word common enough
/// to fill them would make the index hand over every article holding it), walks on as far as the
/// matches it found say the page needs, up to ``longestWalk`` articles (``furtherWalk(found:walked:wanted:longestWalk:)``),
/// and asks the index only when that did not find enough, for articles older than it. A word matching
/// many articles but few recent ones costs what its matches cost (docs/benchmarks.md, "Search").
///
/// Relevance order (``rankedArticles(containing:in:after:limit:window:longestWalk:now:on:)``) ranks the newest
/// ``rankedWindow`` matches, which the index finds as a newest-first search does, and lists the older
/// matches after them, newest first: ranking every match of a word in half the site cost what half
/// the site costs (6 searches a second at 100,000 articles).
public enum NewsSearchStore {
    /// Where a relevance-ordered list stopped: how many words were found in the title, how many in
    /// the summary, then the article's list position (greater ranks first); and where the list's
    /// ranked window ended.
    public struct RankedPosition: Sendable, Hashable {
        public var titleHits: Int
        public var summaryHits: Int
        public var addDate: Int
        public var id: Int
        /// The oldest match the list ranked when it began (nil: it ranked every match). Its later
        /// pages rank the matches from there on, so an article published meanwhile moves no
        /// older article across the window's end: no article is listed twice or missed.
        public var windowEnd: NewsFeedStore.Position?

        public init(titleHits: Int, summaryHits: Int, addDate: Int, id: Int, windowEnd: NewsFeedStore.Position? = nil) {
            self.titleHits = titleHits
            self.summaryHits = summaryHits
            self.addDate = addDate
            self.id = id
            self.windowEnd = windowEnd
        }

        /// The order of a relevance-ordered list, greatest first.
        var order: (Int, Int, Int, Int) { (self.titleHits, self.summaryHits, self.addDate, self.id) }
    }

    /// An article of a relevance-ordered list and its place there.
    public struct RankedArticle: Sendable {
        public var published: PublishedArticle
        public var position: RankedPosition
    }

    /// How many of the newest listed articles a newest-first search reads on PostgreSQL before asking
    /// the index, at least.
    static let recentWindow = 64

    /// How many of the newest matches relevance order ranks.
    public static let rankedWindow = 200

    /// Up to `limit` shown articles containing every one of `words` (folded; none without a word
    /// the index can look up, ``SearchText/isIndexed(_:)``), newest first, after `position`, skipping `offset`;
    /// filtered as ``NewsFeedStore/articles(in:withGallery:featuredOnly:containing:after:limit:offset:now:on:)``.
    /// `longestWalk`: see ``longestWalk`` (tests make it 0 to reach the index on a few hundred articles).
    public static func articles(
        containing words: [String], in categories: [Int]?, withGallery: Bool = false, featuredOnly: Bool = false,
        after position: NewsFeedStore.Position?, limit: Int, offset: Int = 0, longestWalk: Int = Self.longestWalk, now: Int,
        on connection: StoreConnection
    ) async throws -> [PublishedArticle] {
        guard SearchText.canSearch(words) else { return [] }
        let listed = NewsFeedStore.listed(in: categories, withGallery: withGallery, featuredOnly: featuredOnly, now: now)
        let found = try await Self.newest(
            words, listed: listed, after: position, limit: limit, offset: offset, longestWalk: longestWalk, on: connection)
        return try await NewsFeedStore.articles(ids: found.map(\.id), now: now, on: connection)
    }

    /// Up to `limit` shown articles of `categories` (nil: all) containing every one of `words`, most
    /// relevant first, after `position`: of the newest `window` matches (``rankedWindow``), those
    /// with most words found in the title, then in the summary, then newest first; then the older
    /// matches, newest first. `longestWalk` as in ``articles(containing:in:withGallery:featuredOnly:after:limit:offset:longestWalk:now:on:)``.
    public static func rankedArticles(
        containing words: [String], in categories: [Int]?, after position: RankedPosition?, limit: Int, window: Int = Self.rankedWindow,
        longestWalk: Int = Self.longestWalk, now: Int, on connection: StoreConnection
    ) async throws -> [RankedArticle] {
        guard SearchText.canSearch(words) else { return [] }
        let listed = NewsFeedStore.listed(in: categories, withGallery: false, now: now)
        // A later page ranks what the first ranked (and what was published since), up to twice the
        // window: a cursor is the client's to send, and must not make a search rank every match.
        let most = position == nil ? window : 2 * window
        let newest = try await Self.newest(
            words, listed: listed, after: nil, notBefore: position?.windowEnd, limit: most, longestWalk: longestWalk, on: connection)
        let end = newest.count == most ? newest.last : position?.windowEnd
        var hits: [Int: (title: Int, summary: Int)] = [:]
        if !newest.isEmpty {
            for row in try await connection.raw(Self.rankQuery(words, ids: newest.map(\.id), postgres: connection.isPostgres)).all() {
                hits[try row.decode(column: "id", as: Int.self)] = (
                    try row.decode(column: "title_hits", as: Int.self), try row.decode(column: "summary_hits", as: Int.self)
                )
            }
        }
        let ranked = newest.map {
            RankedPosition(
                titleHits: hits[$0.id]?.title ?? 0, summaryHits: hits[$0.id]?.summary ?? 0, addDate: $0.addDate, id: $0.id, windowEnd: end)
        }
        var page = Array(
            ranked.filter { rank in position.map { rank.order < $0.order } ?? true }.sorted { $0.order > $1.order }.prefix(limit))
        if page.count < limit, let end {
            // The older matches rank below every ranked one and among themselves newest first.
            var from = end
            if let position, position.titleHits == 0, position.summaryHits == 0 {
                from = min(end, NewsFeedStore.Position(addDate: position.addDate, id: position.id))
            }
            let older = try await Self.newest(words, listed: listed, after: from, limit: limit - page.count, longestWalk: longestWalk, on: connection)
            page += older.map { RankedPosition(titleHits: 0, summaryHits: 0, addDate: $0.addDate, id: $0.id, windowEnd: end) }
        }
        let articles = try await NewsFeedStore.articles(ids: page.map(\.id), now: now, on: connection)
        let byID = Dictionary(uniqueKeysWithValues: articles.map { ($0.article.id, $0) })
        return page.compactMap { rank in byID[rank.id].map { RankedArticle(published: $0, position: rank) } }
    }

    /// The list positions of up to `limit` listed articles holding every word, newest first, after
    /// `position` and not before `start` (nil: no bound), skipping `offset`; on PostgreSQL walking at
    /// most `longestWalk` articles before the index.
    private static func newest(
        _ words: [String], listed: [SQLQueryString], after position: NewsFeedStore.Position?, notBefore start: NewsFeedStore.Position? = nil,
        limit: Int, offset: Int = 0, longestWalk: Int, on connection: StoreConnection
    ) async throws -> [NewsFeedStore.Position] {
        var listed = listed
        if let start { listed.append(Self.notBefore(start, postgres: connection.isPostgres)) }
        func positions(_ rows: [any SQLRow]) throws -> [NewsFeedStore.Position] {
            try rows.map { NewsFeedStore.Position(addDate: try $0.decode(column: "add_date", as: Int.self), id: try $0.decode(column: "id", as: Int.self)) }
        }
        guard connection.isPostgres else {
            return try positions(
                try await connection.raw(Self.indexedQuery(words, listed: listed, after: position, limit: limit, offset: offset, postgres: false)).all())
        }
        let wanted = offset + limit
        var found: [NewsFeedStore.Position] = []
        var older = position
        var walked = 0
        var walk = Self.recentWalk(wanted)
        while let step = walk {
            let rows = try await connection.raw(Self.recentQuery(words, listed: listed, after: older, walk: step)).all()
            let all = try positions(rows)
            for (row, match) in zip(rows, all) where try row.decode(column: "hit", as: Int.self) == 1 { found.append(match) }
            guard found.count < wanted, rows.count == step, let last = all.last else { return Array(found.dropFirst(offset).prefix(limit)) }
            older = last
            walked += step
            walk = Self.furtherWalk(found: found.count, walked: walked, wanted: wanted, longestWalk: longestWalk)
        }
        let query = Self.indexedQuery(words, listed: listed, after: older, limit: wanted - found.count, offset: 0, postgres: true)
        found += try positions(try await connection.raw(query).all())
        return Array(found.dropFirst(offset).prefix(limit))
    }

    /// How many of the newest listed articles PostgreSQL reads before asking the index for `wanted`
    /// matches: twice as many, at least ``recentWindow`` (a word in half the site fills them); no walk
    /// when more than 1,000 are wanted, where it would cost more than most index answers.
    static func recentWalk(_ wanted: Int) -> Int? {
        wanted <= 1_000 ? max(Self.recentWindow, 2 * wanted) : nil
    }

    /// How many listed articles a newest-first search on PostgreSQL walks in all, at most, before it
    /// asks the index (its first walk, ``recentWalk(_:)``, it always makes).
    public static let longestWalk = 4_096

    /// How many more listed articles PostgreSQL walks once `walked` of them held `found` of the
    /// `wanted` matches, or nil to ask the index: as many as the matches found so far say the rest
    /// will take, and half as many again, within `longestWalk` in all; none after a walk that found
    /// none (a rare word: the index hands over its few matches). The index hands over every older
    /// article holding the words, each read and checked where it lies (about 75 µs an article against
    /// 8 µs walked): a word one article in eleven holds, too rare to fill the first walk, took 700 ms
    /// at 100,000 articles; walked, its page reads about 300.
    static func furtherWalk(found: Int, walked: Int, wanted: Int, longestWalk: Int = Self.longestWalk) -> Int? {
        guard found > 0 else { return nil }
        let needed = max(Self.recentWindow, (wanted - found) * walked * 3 / (2 * found))
        return walked + needed <= longestWalk ? needed : nil
    }

    /// "The article is `start` or newer than it", in the form the engine's search reads.
    package static func notBefore(_ start: NewsFeedStore.Position, postgres: Bool) -> SQLQueryString {
        postgres
            ? "(n.add_date, n.id) >= (\(bind: start.addDate), \(bind: start.id))"
            : "f.rowid <= \(bind: NewsSearchIndex.listingKey(addDate: start.addDate, id: start.id))"
    }

    // MARK: Statements (tests read their plans)

    /// The newest `walk` listed articles after `position`, each marked `hit` when it holds every word:
    /// a walk of `news_listing` (or `news_category`) bounded by its `LIMIT`.
    package static func recentQuery(
        _ words: [String], listed: [SQLQueryString], after position: NewsFeedStore.Position?, walk: Int = Self.recentWindow
    ) -> SQLQueryString {
        var conditions = listed
        if let position { conditions.append("(n.add_date, n.id) < (\(bind: position.addDate), \(bind: position.id))") }
        let holds = words.map { Self.contains($0) }.joined(separator: " AND ")
        return """
            SELECT n.id, n.add_date, CASE WHEN \(holds) THEN 1 ELSE 0 END AS hit FROM news n
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY n.add_date DESC, n.id DESC LIMIT \(bind: walk)
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
                SELECT n.id, n.add_date FROM \(Self.indexed(words, conditions: conditions)) ORDER BY f.rowid \(NewsFeedStore.page(limit: limit, offset: offset, postgres: false))
                """
        }
        // PostgreSQL: one scan of `news` whose only selective condition is the indexed words', in a
        // materialized CTE, so a planner guessing how common a word is cannot serve the outer `ORDER
        // BY … LIMIT` by walking `news_listing` past every article instead.
        var conditions = words.map(Self.contains) + listed
        if let position { conditions.append("(n.add_date, n.id) < (\(bind: position.addDate), \(bind: position.id))") }
        return """
            WITH r AS MATERIALIZED (SELECT n.id, n.add_date FROM news n WHERE \(conditions.joined(separator: " AND ")))
            SELECT r.id, r.add_date FROM r ORDER BY r.add_date DESC, r.id DESC \(NewsFeedStore.page(limit: limit, offset: offset, postgres: true))
            """
    }

    /// How many of `words` articles `ids` hold in their title (`title_hits`) and, of the others, in
    /// their summary (`summary_hits`): where each word first occurs in the search text.
    package static func rankQuery(_ words: [String], ids: [Int], postgres: Bool) -> SQLQueryString {
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
        return """
            SELECT n.id, \(titleHits.joined(separator: " + ")) AS title_hits, \(summaryHits.joined(separator: " + ")) AS summary_hits
            FROM news n WHERE n.id IN (\(ids.map { "\(bind: $0)" as SQLQueryString }.joined(separator: ", ")))
            """
    }

    /// SQLite: the FTS5 table `f` joined to `news n`, holding every word and meeting `conditions`, as
    /// what follows a `FROM`. The FTS5 table drives the join (`CROSS JOIN` keeps the planner from
    /// walking `news` instead and probing the index per row) and each match finds its article by
    /// `news_listing_key` (`INDEXED BY`: statistics gathered before the keys were written once made
    /// the planner walk `news_listing` for every match). The index finds the rows holding every
    /// trigram of the long words; `instr` checks every word on those rows. Both sides are folded, so
    /// `instr` means what `LIKE` means on PostgreSQL. A `LIKE` with a bound pattern, like a bound
    /// `LIMIT` (``NewsFeedStore/page(limit:offset:postgres:)``), made SQLite compile the statement
    /// twice per search: it prepares it again once the pattern is bound, to try its `LIKE` optimisation.
    private static func indexed(_ words: [String], conditions: [SQLQueryString]) -> SQLQueryString {
        let holds = words.map { word -> SQLQueryString in "instr(n.search_text, \(bind: word)) > 0" }
        let all = ["f.news_search MATCH \(bind: SearchText.ftsQuery(words.filter(SearchText.isIndexed)))"] + holds + conditions
        return "news_search f CROSS JOIN news n INDEXED BY news_listing_key ON n.listing_key = f.rowid WHERE \(all.joined(separator: " AND "))"
    }

    /// "Article `n` holds `word`" (folded), as `pg_trgm`'s index serves it on PostgreSQL.
    private static func contains(_ word: String) -> SQLQueryString {
        "n.search_text LIKE \(bind: SearchText.containsPattern(word)) ESCAPE '!'"
    }
}
