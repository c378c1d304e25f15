import Foundation
import News
import SQLKit
import Storage
import TestSupport
import Testing

/// The news API's statements are index-backed: no plan reads the whole `news` table, on either engine
/// (PostgreSQL is told to avoid sequential scans, so a plan that still has one has no index to use);
/// searches are served by the search index (SQLite: the FTS5 table drives the join; PostgreSQL: a
/// bitmap scan of the trigram index) or by a walk of `news_listing` bounded by its `LIMIT`.
@Suite struct NewsQueryPlanTests {
    @Test(arguments: TestDatabase.engines)
    func noStatementScansTheWholeNewsTable(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let now = UnixTime.now
            try await database.transaction { connection in
                let general = try #require(try await NewsFeedStore.categoryID("general", on: connection))
                let tags = try ArticleTag.tags(["Sport", "Harbour"])
                for index in 0..<300 {
                    let id = try await ArticleWriter(publicURL: "").create(
                        title: "Story \(index)", categoryID: general, submitterID: 1, on: connection, now: now - index
                    ).id
                    try await ArticleWriter(publicURL: "").retag(id, with: index % 3 == 0 ? tags : [tags[0]], on: connection, now: now)
                }
                try await connection.raw("ANALYZE").run()
            }
            let position = NewsFeedStore.Position(addDate: now - 100, id: 100)
            let postgres = engine == .postgres
            let statements: [(String, SQLQueryString)] = [
                ("articles", NewsFeedStore.articlesQuery(in: nil, after: nil, limit: 21, now: now, postgres: postgres)),
                ("articles after a cursor", NewsFeedStore.articlesQuery(in: nil, after: position, limit: 21, now: now, postgres: postgres)),
                ("articles of categories", NewsFeedStore.articlesQuery(in: [1, 2], after: position, limit: 21, now: now, postgres: postgres)),
                ("top", NewsFeedStore.topQuery(perCategory: 3, in: nil, now: now, postgres: postgres)),
                ("categories", NewsFeedStore.categoriesQuery(now: now)),
                ("next clock change", NewsFeedStore.nextClockChangeQuery(after: now)),
                ("Floki: anything older", NewsFeedStore.hasArticlesQuery(in: nil, withGallery: false, below: position, now: now)),
                // A category's tab: its own articles and those filed there besides (Composr's secondary categories).
                ("Floki: anything older, of categories", NewsFeedStore.hasArticlesQuery(in: [1, 2], withGallery: false, below: position, now: now)),
                ("Floki: the oldest held, of categories", NewsFeedStore.oldestPositionQuery(in: [1, 2], withGallery: false, ids: 250...300, now: now)),
                (
                    "Floki: placed outside what is held, of categories",
                    NewsFeedStore.placedOutsideQuery(
                        in: [1, 2], withGallery: false, ids: 250...300, from: NewsFeedStore.Position(addDate: now - 200, id: 1), below: position,
                        limit: 200, now: now)
                ),
                ("articles of categories, the first page", NewsFeedStore.articlesQuery(in: [2], after: nil, limit: 21, now: now, postgres: postgres)),
                ("Floki: the oldest of 50 held", NewsFeedStore.oldestPositionQuery(in: nil, withGallery: false, ids: 250...300, now: now)),
                ("Floki: the oldest of all held", NewsFeedStore.oldestPositionQuery(in: nil, withGallery: false, ids: 1...100_000, now: now)),
                (
                    "Floki: placed outside what is held",
                    NewsFeedStore.placedOutsideQuery(
                        in: nil, withGallery: false, ids: 250...300, from: NewsFeedStore.Position(addDate: now - 200, id: 1), below: position,
                        limit: 200, now: now)
                ),
            ]
            let galleryStatements: [(String, SQLQueryString)] = [
                (
                    "Floki: the Gallery tab",
                    NewsFeedStore.articlesQuery(in: nil, withGallery: true, after: nil, limit: 11, now: now, postgres: postgres)
                ),
                (
                    "MIT News: the featured strip",
                    NewsFeedStore.articlesQuery(in: nil, featuredOnly: true, after: nil, limit: 21, now: now, postgres: postgres)
                ),
                (
                    "MIT News: featured after a cursor",
                    NewsFeedStore.articlesQuery(in: nil, featuredOnly: true, after: position, limit: 21, now: now, postgres: postgres)
                ),
                ("Floki: a gallery older", NewsFeedStore.hasArticlesQuery(in: nil, withGallery: true, below: position, now: now)),
                (
                    "Floki: articles gone",
                    NewsFeedStore.changedArticlesQuery(in: nil, withGallery: false, ids: 1...300, shown: false, limit: 1_000, now: now)
                ),
            ]
            let listed = NewsFeedStore.listed(in: nil, withGallery: false, now: now)
            let inCategories = NewsFeedStore.listed(in: [1, 2], withGallery: false, now: now)
            let searchStatements: [(String, SQLQueryString)] = [
                ("search: ranking a page", NewsSearchStore.rankQuery(ids: Array(stride(from: 1, through: 300, by: 15)))),
                ("search: the index", Self.indexed(["zanzibar", "1"], listed: listed, after: position, limit: 21, engine: engine)),
                ("search: the index, categories", Self.indexed(["zan"], listed: inCategories, after: nil, limit: 21, offset: 40, engine: engine)),
                ("search: short words only", Self.indexed(["ai", "5g"], listed: listed, after: position, limit: 21, engine: engine)),
                ("search: a short word beside a long one", Self.indexed(["harbour", "ai"], listed: inCategories, after: nil, limit: 21, engine: engine)),
                (
                    "search: the ranked window after its first page",
                    Self.indexed(["harbour"], listed: inCategories, after: nil, notBefore: position, limit: 1_000, engine: engine)
                ),
                (
                    "search: where the candidates end",
                    engine == .sqlite
                        ? NewsSearchStore.lastCandidateQuery(Self.search("zanzibar"), after: position, notBefore: nil, candidates: 2_000)
                        : NewsSearchStore.recentQuery(Self.search("harbour"), listed: listed, after: position)
                ),
            ]
            // PostgreSQL's walks of the newest articles (SQLite has none).
            let walks: [(String, SQLQueryString)] = [
                ("search: the recent window", NewsSearchStore.recentQuery(Self.search("story", "1"), listed: listed, after: nil)),
                ("search: the recent window of categories", NewsSearchStore.recentQuery(Self.search("story"), listed: inCategories, after: position)),
                (
                    "search: the recent walk after the ranked window's first page",
                    NewsSearchStore.recentQuery(Self.search("harbour"), listed: listed + [NewsSearchStore.notBefore(position)], after: nil, walk: 1_000)
                ),
            ]
            // A tag's articles: walked along the tag's listing, not read whole and sorted (bench/ times it at a million).
            let harbour = try #require(try await database.withConnection { try await NewsTagStore.tag("harbour", on: $0) }).id
            let tagStatements: [(String, SQLQueryString)] = [
                ("a tag's articles", NewsTagStore.articlesQuery(taggedWith: harbour, after: nil, limit: 21, offset: 0, now: now, postgres: postgres)),
                (
                    "a tag's articles after a cursor",
                    NewsTagStore.articlesQuery(taggedWith: harbour, after: position, limit: 21, offset: 0, now: now, postgres: postgres)
                ),
                ("a tag's Floki page", NewsTagStore.articlesQuery(taggedWith: harbour, after: nil, limit: 21, offset: 40, now: now, postgres: postgres)),
            ]
            try await database.withConnection { connection in
                if engine == .postgres { try await connection.raw("SET enable_seqscan = off").run() }
                for (name, statement) in tagStatements {
                    let plan = try await QueryPlan.lines(statement, engine: engine, on: connection.sql)
                    #expect(plan.contains { $0.contains("news_article_tags_listing") }, "\(name): \(plan.joined(separator: "\n"))")
                    // On SQLite only the page's own rows are sorted, last (PostgreSQL's choice on so few rows is its costs').
                    if engine == .sqlite {
                        #expect(plan.dropLast().allSatisfy { !$0.contains("TEMP B-TREE") }, "\(name) sorts: \(plan.joined(separator: "\n"))")
                    }
                }
                for (name, statement) in statements + tagStatements + galleryStatements + searchStatements + (engine == .postgres ? walks : []) {
                    let plan = try await QueryPlan.lines(statement, engine: engine, on: connection.sql)
                    #expect(Self.fullScans(plan, engine: engine).isEmpty, "\(name) scans news: \(plan.joined(separator: "\n"))")
                }
            }
        }
    }

    /// On a table of 10,000 articles of about 1.5 KB of text each, with the planner left to its own
    /// estimates (no setting forced), the searches that ask the index use it, for a rare word, a
    /// common one, one of three characters, a short word alone (the short-word index) and beside a
    /// long one, and nothing reads all of `news`.
    @Test(arguments: TestDatabase.engines)
    func searchesUseTheSearchIndex(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let now = UnixTime.now
            try await database.withConnection { connection in
                let numbers: SQLQueryString =
                    engine == .postgres
                    ? "SELECT i FROM generate_series(1, 10000) i"
                    : "WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 10000) SELECT i FROM s"
                let text: SQLQueryString =
                    engine == .postgres ? "repeat('harbour lantern ' || i || ' ', 60)" : "replace(hex(zeroblob(60)), '00', 'harbour lantern ' || i || ' ')"
                try await connection.raw(
                    """
                    INSERT INTO news (category_id, title, submitter_id, add_date, validated, search_text, search_title_end, search_summary_end, search_words)
                    SELECT 1, 'Story', 1, \(bind: now) - i, \(bind: true), 'story ' || \(text), 5, 6, CASE WHEN i % 50 = 0 THEN 'ai' ELSE 'la' END
                    FROM (\(numbers)) numbers
                    """
                ).run()
                if engine == .sqlite {
                    try await connection.raw("UPDATE news SET listing_key = -(add_date * 1073741824 + id)").run()
                    try await connection.raw("INSERT INTO news_search (rowid, search_text) SELECT listing_key, search_text FROM news ORDER BY listing_key")
                        .run()
                    try await connection.raw("INSERT INTO news_words (rowid, search_words) SELECT listing_key, search_words FROM news ORDER BY listing_key")
                        .run()
                }
                try await connection.raw("ANALYZE").run()
            }
            let listed = NewsFeedStore.listed(in: nil, withGallery: false, now: now)
            let position = NewsFeedStore.Position(addDate: now - 5_000, id: 5_000)
            let postgres = engine == .postgres
            // Each statement with the indexes it may be served by: SQLite drives a search by the trigram
            // index when it has a long word; PostgreSQL may take either index's bitmap for a mixed one.
            var statements: [(String, SQLQueryString, [String])] = []
            for words in [["zanzibar"], ["harbour", "1"], ["ant"], ["ai"], ["lantern", "ai"]] {
                let search = Self.search(words)
                let indexes =
                    search.longWords.isEmpty ? ["news_words"] : search.shortWords.isEmpty || !postgres ? ["news_search"] : ["news_search", "news_words"]
                statements += [
                    ("index \(words)", Self.indexed(words, listed: listed, after: position, limit: 21, engine: engine), indexes),
                    (
                        "index, the ranked window after its first page \(words)",
                        Self.indexed(words, listed: listed, after: nil, notBefore: position, limit: 1_000, engine: engine), indexes
                    ),
                ]
            }
            try await database.withConnection { connection in
                for (name, statement, indexes) in statements {
                    let plan = try await QueryPlan.lines(statement, engine: engine, on: connection.sql)
                    #expect(Self.fullScans(plan, engine: engine).isEmpty, "\(name) scans news: \(plan.joined(separator: "\n"))")
                    if engine == .sqlite {
                        for step in ["SCAN \(indexes[0]) VIRTUAL TABLE INDEX", "USING INDEX news_listing_key"] {
                            #expect(plan.contains { $0.contains(step) }, "\(name) does not use \(step): \(plan.joined(separator: "\n"))")
                        }
                    } else {
                        let scans = indexes.map { "Bitmap Index Scan on \($0)" }
                        #expect(
                            plan.contains { line in scans.contains { line.contains($0) } }, "\(name) uses none of \(indexes): \(plan.joined(separator: "\n"))")
                    }
                    if engine == .sqlite && name.hasPrefix("index") {
                        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(name) sorts instead of reading the index in list order: \(plan)")
                    }
                }
            }
        }
    }

    /// The search for `words` (folded and distinct).
    static func search(_ words: String...) -> SearchQuery {
        Self.search(words)
    }

    static func search(_ words: [String]) -> SearchQuery {
        SearchQuery(words: words)!
    }

    /// The statement a search asks the index with on `engine`.
    static func indexed(
        _ words: [String], listed: [SQLQueryString], after position: NewsFeedStore.Position?, notBefore start: NewsFeedStore.Position? = nil,
        limit: Int, offset: Int = 0, engine: DatabaseEngine
    ) -> SQLQueryString {
        let search = Self.search(words)
        guard engine == .sqlite else {
            return NewsSearchStore.postgresIndexedQuery(
                search, listed: listed + (start.map { [NewsSearchStore.notBefore($0)] } ?? []), after: position, limit: limit, offset: offset)
        }
        return NewsSearchStore.indexedQuery(search, listed: listed, after: position, notBefore: start, limit: limit, offset: offset)
    }

    /// The plan lines that read all of `news`: a table scan, or a walk of a whole index (SQLite's
    /// `SCAN … USING INDEX`; on PostgreSQL a scan node on news without an index condition).
    static func fullScans(_ plan: [String], engine: DatabaseEngine) -> [String] {
        guard engine == .postgres else {
            return plan.filter { $0.range(of: #"^SCAN (news|n|s|t)( |$)"#, options: .regularExpression) != nil }
        }
        return plan.indices.filter { index in
            let line = plan[index]
            guard line.contains("Scan") && line.contains(" on news ") else { return false }
            let details = plan[(index + 1)...].prefix { !$0.hasPrefix("->") }
            return !details.contains { $0.hasPrefix("Index Cond") || $0.hasPrefix("Recheck Cond") }
        }.map { plan[$0] }
    }
}
