package import SQLKit
public import Storage

/// Word search over the shown articles: every word must occur in an article's folded title, summary,
/// body or author (``SearchText``): a word of ``SearchText/indexedWordLength`` characters or more
/// anywhere, even inside a word; a shorter one as a whole word (`AI` is not in "said"). The search
/// index finds the articles holding every trigram of the long words (a search of short words only: the
/// short-word index, the articles holding them all), and every word is checked on those only, so no
/// search reads every article. A test reads the plans
/// (`NewsQueryPlanTests`) and another compares every answer with a walk of every article.
///
/// SQLite: the FTS5 table `news_search` (trigram tokenizer, no positions kept: `detail = 'none'`,
/// migration 0037) numbers its rows by `news.listing_key`, which sorts as lists do
/// (``NewsSearchIndex``), so a newest-first search reads the index's matches newest first and stops
/// when the page is full, however common or rare the words. Short words have an FTS5 table of their own
/// numbered the same way, `news_words` over `news.search_words` (migration 0038), which a search of
/// short words only reads instead.
///
/// PostgreSQL: `pg_trgm`'s GIN index (and for short words, a GIN index of `news.search_words` as an
/// array) finds every match, in no order. A newest-first search first walks
/// the newest listed articles, twice as many as it wants (``recentWalk(_:)``: a word common enough
/// to fill them would make the index hand over every article holding it), walks on as far as the
/// matches it found say the page needs, up to ``longestWalk`` articles (``furtherWalk(found:walked:wanted:longestWalk:)``),
/// and asks the index only when that did not find enough, for articles older than it. A word matching
/// many articles but few recent ones costs what its matches cost (docs/benchmarks.md, "Search").
///
/// The work a search may cause is bounded whatever words it was given: on SQLite a statement checks
/// at most ``candidateLimit`` of the articles the index hands over, on PostgreSQL the index is asked
/// under a time limit (``indexMilliseconds``). A page that had to stop there holds what was found so
/// far and says where it stopped (``Page/stoppedAt``), so a next page goes on from there: a word whose
/// trigrams are common but which no article holds ("babababa": 45,300 articles checked at 50,000) cost
/// 620 ms a search.
///
/// Relevance order (``rankedArticles(matching:in:after:limit:window:bounds:now:on:)``) ranks the newest
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

    /// A page of a newest-first search.
    public struct Page: Sendable {
        public var articles: [PublishedArticle]
        /// Set when the search stopped, to bound its work, before it found as many articles as it
        /// was asked for: the list position it went as far as, where a next page goes on from.
        public var stoppedAt: NewsFeedStore.Position?
    }

    /// A page of a relevance-ordered search.
    public struct RankedPage: Sendable {
        public var articles: [RankedArticle]
        /// As ``Page/stoppedAt``: where a next page goes on from when the search stopped short.
        public var stoppedAt: RankedPosition?
    }

    /// How many of the newest listed articles a newest-first search reads on PostgreSQL before asking
    /// the index, at least.
    static let recentWindow = 64

    /// How many of the newest matches relevance order ranks.
    public static let rankedWindow = 200

    /// How many articles the index hands over that one SQLite statement checks at most (about 14 µs
    /// each: 28 ms).
    public static let candidateLimit = 2_000

    /// How long PostgreSQL's index may take to answer one search (its walks are bounded by
    /// ``longestWalk``).
    public static let indexMilliseconds = 100

    /// What one search may do: on PostgreSQL, walk `walk` articles at most before the index, and give
    /// the index `indexMilliseconds`; on SQLite, check `candidates` of the index's articles at most per
    /// statement. Tests make them small to reach the index, and its bounds, on a few hundred articles.
    public struct Bounds: Sendable {
        public var walk = NewsSearchStore.longestWalk
        public var candidates = NewsSearchStore.candidateLimit
        public var indexMilliseconds = NewsSearchStore.indexMilliseconds

        public init() {}
    }

    /// Up to `limit` shown articles holding every word of `search`, newest first, after `position`,
    /// skipping `offset` (none past ``NewsFeedStore/deepestOffset``); filtered as
    /// ``NewsFeedStore/articles(in:withGallery:featuredOnly:after:limit:offset:now:on:)``.
    public static func articles(
        matching search: SearchQuery, in categories: [Int]?, withGallery: Bool = false, featuredOnly: Bool = false,
        after position: NewsFeedStore.Position?, limit: Int, offset: Int = 0, bounds: Bounds = Bounds(), now: Int, on connection: StoreConnection
    ) async throws -> Page {
        guard offset <= NewsFeedStore.deepestOffset else { return Page(articles: [], stoppedAt: nil) }
        let listed = NewsFeedStore.listed(in: categories, withGallery: withGallery, featuredOnly: featuredOnly, now: now)
        let found = try await Self.newest(search, listed: listed, after: position, limit: limit, offset: offset, bounds: bounds, on: connection)
        return Page(articles: try await NewsFeedStore.articles(ids: found.positions.map(\.id), now: now, on: connection), stoppedAt: found.stoppedAt)
    }

    /// Up to `limit` shown articles of `categories` (nil: all) holding every word of `search`, most
    /// relevant first, after `position`: of the newest `window` matches (``rankedWindow``), those
    /// with most words found in the title, then in the summary, then newest first; then the older
    /// matches, newest first. A search that stopped short within its `bounds` ranks what it found.
    public static func rankedArticles(
        matching search: SearchQuery, in categories: [Int]?, after position: RankedPosition?, limit: Int, window: Int = Self.rankedWindow,
        bounds: Bounds = Bounds(), now: Int, on connection: StoreConnection
    ) async throws -> RankedPage {
        let listed = NewsFeedStore.listed(in: categories, withGallery: false, now: now)
        // A later page ranks what the first ranked (and what was published since), up to twice the
        // window: a cursor is the client's to send, and must not make a search rank every match.
        let most = position == nil ? window : 2 * window
        let newest = try await Self.newest(
            search, listed: listed, after: nil, notBefore: position?.windowEnd, limit: most, bounds: bounds, on: connection)
        let end = newest.positions.count == most ? newest.positions.last : newest.stoppedAt ?? position?.windowEnd
        var hits: [Int: (title: Int, summary: Int)] = [:]
        if !newest.positions.isEmpty {
            for row in try await connection.raw(Self.rankQuery(ids: newest.positions.map(\.id))).all() {
                let head = try row.decode(column: "head", as: String?.self) ?? ""
                let titleEnd =
                    head.unicodeScalars.index(head.startIndex, offsetBy: try row.decode(column: "title_end", as: Int.self), limitedBy: head.endIndex)
                    ?? head.endIndex
                let title = search.wordsHeld(by: head[..<titleEnd])
                let summary = search.wordsHeld(by: head[titleEnd...]).subtracting(title)
                hits[try row.decode(column: "id", as: Int.self)] = (title.count, summary.count)
            }
        }
        let ranked = newest.positions.map {
            RankedPosition(
                titleHits: hits[$0.id]?.title ?? 0, summaryHits: hits[$0.id]?.summary ?? 0, addDate: $0.addDate, id: $0.id, windowEnd: end)
        }
        var page = Array(
            ranked.filter { rank in position.map { rank.order < $0.order } ?? true }.sorted { $0.order > $1.order }.prefix(limit))
        var stoppedAt: RankedPosition?
        if page.count < limit, let end {
            // The older matches rank below every ranked one and among themselves newest first.
            var from = end
            if let position, position.titleHits == 0, position.summaryHits == 0 {
                from = min(end, NewsFeedStore.Position(addDate: position.addDate, id: position.id))
            }
            let older = try await Self.newest(search, listed: listed, after: from, limit: limit - page.count, bounds: bounds, on: connection)
            page += older.positions.map { RankedPosition(titleHits: 0, summaryHits: 0, addDate: $0.addDate, id: $0.id, windowEnd: end) }
            stoppedAt = older.stoppedAt.map { RankedPosition(titleHits: 0, summaryHits: 0, addDate: $0.addDate, id: $0.id, windowEnd: end) }
        }
        let articles = try await NewsFeedStore.articles(ids: page.map(\.id), now: now, on: connection)
        let byID = Dictionary(uniqueKeysWithValues: articles.map { ($0.article.id, $0) })
        return RankedPage(articles: page.compactMap { rank in byID[rank.id].map { RankedArticle(published: $0, position: rank) } }, stoppedAt: stoppedAt)
    }

    /// The list positions of up to `limit` listed articles holding every word, newest first, after
    /// `position` and not before `start` (nil: no bound), skipping `offset`; and where the search
    /// stopped short of them to keep within `bounds`, if it did.
    private static func newest(
        _ search: SearchQuery, listed: [SQLQueryString], after position: NewsFeedStore.Position?, notBefore start: NewsFeedStore.Position? = nil,
        limit: Int, offset: Int = 0, bounds: Bounds, on connection: StoreConnection
    ) async throws -> (positions: [NewsFeedStore.Position], stoppedAt: NewsFeedStore.Position?) {
        guard connection.isPostgres else {
            // The articles skipped count among those checked, up to the deepest offset.
            let candidates = bounds.candidates + offset
            let found = try Self.positions(
                try await connection.raw(
                    Self.indexedQuery(search, listed: listed, after: position, notBefore: start, limit: limit, offset: offset, candidates: candidates)
                ).all())
            guard found.count < limit else { return (found, nil) }
            let last = try await connection.raw(Self.lastCandidateQuery(search, after: position, notBefore: start, candidates: candidates)).first()
            return (found, try last.map { NewsSearchIndex.position(ofListingKey: try $0.decode(column: "rowid", as: Int.self)) })
        }
        var listed = listed
        if let start { listed.append(Self.notBefore(start)) }
        let wanted = offset + limit
        var found: [NewsFeedStore.Position] = []
        var older = position
        var walked = 0
        var walk = Self.recentWalk(wanted)
        while let step = walk {
            let rows = try await connection.raw(Self.recentQuery(search, listed: listed, after: older, walk: step)).all()
            let all = try Self.positions(rows)
            for (row, match) in zip(rows, all) where try row.decode(column: "hit", as: Int.self) == 1 { found.append(match) }
            guard found.count < wanted, rows.count == step, let last = all.last else { return (Array(found.dropFirst(offset).prefix(limit)), nil) }
            older = last
            walked += step
            walk = Self.furtherWalk(found: found.count, walked: walked, wanted: wanted, longestWalk: bounds.walk)
        }
        let query = Self.postgresIndexedQuery(search, listed: listed, after: older, limit: wanted - found.count)
        guard let rows = try await connection.limitingStatements(toMilliseconds: bounds.indexMilliseconds, { try await $0.raw(query).all() }) else {
            return (Array(found.dropFirst(offset).prefix(limit)), older ?? position)
        }
        found += try Self.positions(rows)
        return (Array(found.dropFirst(offset).prefix(limit)), nil)
    }

    private static func positions(_ rows: [any SQLRow]) throws -> [NewsFeedStore.Position] {
        try rows.map { NewsFeedStore.Position(addDate: try $0.decode(column: "add_date", as: Int.self), id: try $0.decode(column: "id", as: Int.self)) }
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
}
