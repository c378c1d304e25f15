public import Media
package import SQLKit
public import Storage

/// What the public news API reads: shown categories and articles, newest first by `(add_date, id)`,
/// each with its identity. An article is shown when it is validated, its `add_date` has come and it
/// has not expired (``visible(_:now:)``, the one place that rule is written).
///
/// Every query is backed by an index (`news_listing`, `news_category`, `news_expiry`; a search by the
/// search index, ``NewsSearchStore``); a test reads the plans.
public enum NewsFeedStore {
    /// Where a list stopped: the last article's `(add_date, id)`.
    public struct Position: Sendable, Hashable, Comparable {
        public var addDate: Int
        public var id: Int

        public init(addDate: Int, id: Int) {
            self.addDate = addDate
            self.id = id
        }

        /// Lists run newest first: a smaller position is further down.
        public static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.addDate, lhs.id) < (rhs.addDate, rhs.id)
        }
    }

    /// The condition "article of table alias `table` is shown at `now`". `validated` is compared with
    /// a literal: SQLite compiles a statement again once a value bound to an `= ?` on it is known to be
    /// 0 or 1 (a second parse of every list and search).
    static func visible(_ table: String, now: Int) -> SQLQueryString {
        """
        \(unsafeRaw: table).validated = \(true) AND \(unsafeRaw: table).add_date <= \(bind: now)
            AND (\(unsafeRaw: table).expires_at IS NULL OR \(unsafeRaw: table).expires_at > \(bind: now))
        """
    }

    /// The conditions "shown at `now`, filed in `categories` (nil: any), with a gallery if
    /// `withGallery`, featured if `featuredOnly`" on articles aliased `n`.
    package static func listed(in categories: [Int]?, withGallery: Bool, featuredOnly: Bool = false, now: Int) -> [SQLQueryString] {
        var conditions: [SQLQueryString] = [Self.visible("n", now: now)]
        if let categories { conditions.append("(\(Self.inOwnCategory(categories)) OR \(Self.inOtherCategory(categories)))") }
        if withGallery { conditions.append("n.gallery NOT IN ('', '[]')") }
        if featuredOnly { conditions.append("n.featured = \(true)") }
        return conditions
    }

    /// "Article `n`'s own category is one of `categories`".
    static func inOwnCategory(_ categories: [Int]) -> SQLQueryString {
        "n.category_id IN (\(binds: categories))"
    }

    /// "Article `n` is filed in one of `categories` besides its own" (``NewsStore/fileInOtherCategories(_:_:on:)``).
    static func inOtherCategory(_ categories: [Int]) -> SQLQueryString {
        "n.id IN (SELECT o.news_id FROM news_other_categories o WHERE o.category_id IN (\(binds: categories)))"
    }

    // MARK: Categories

    /// Every category with its shown articles counted, by position then label.
    public static func categories(now: Int, on connection: StoreConnection) async throws -> [PublishedCategory] {
        try await connection.raw(Self.categoriesQuery(now: now)).all().map(Self.publishedCategory)
    }

    /// The statement of ``categories(now:on:)`` (tests read its plan).
    package static func categoriesQuery(now: Int) -> SQLQueryString {
        "\(Self.categorySelect(now: now)) ORDER BY c.position, c.label, c.id"
    }

    /// The category with this ID or moniker.
    public static func category(_ reference: String, now: Int, on connection: StoreConnection) async throws -> PublishedCategory? {
        guard let id = try await Self.categoryID(reference, on: connection) else { return nil }
        return try await connection.raw("\(Self.categorySelect(now: now)) WHERE c.id = \(bind: id)").first().map(Self.publishedCategory)
    }

    /// The ID of the category with this ID or moniker.
    public static func categoryID(_ reference: String, on connection: StoreConnection) async throws -> Int? {
        if let id = Int(reference) {
            return try await connection.raw("SELECT id FROM news_categories WHERE id = \(bind: id)").first()?.decode(column: "id", as: Int.self)
        }
        return try await ResourceIdentityStore.find(.newsCategory, moniker: reference, on: connection)?.id
    }

    private static func categorySelect(now: Int) -> SQLQueryString {
        """
        SELECT \(unsafeRaw: NewsStore.categoryColumns(prefix: "c.")),
            r.moniker AS moniker, r.guid AS guid,
            (SELECT COUNT(*) FROM news n WHERE n.category_id = c.id AND \(Self.visible("n", now: now)))
                + (SELECT COUNT(*) FROM news_other_categories o JOIN news n ON n.id = o.news_id
                    WHERE o.category_id = c.id AND n.category_id <> c.id AND \(Self.visible("n", now: now))) AS article_count
        FROM news_categories c
        LEFT JOIN resource_ids r ON r.resource_type = 'news_category' AND r.resource_id = c.id
        """
    }

    // MARK: Articles

    /// The most articles a page read by offset skips (the MIT Android app's "Load more…", Floki's search
    /// pages): past it a page is empty. Skipping costs a walk of what is skipped, which the client
    /// chooses (an offset of 49,000 took 100 ms); lists paged by cursor have no such cost, nor bound.
    public static let deepestOffset = 2_000

    /// Up to `limit` shown articles of `categories` (nil: all; `withGallery`: only those with a
    /// gallery; `featuredOnly`: only featured ones), newest first, after `position`, skipping `offset`
    /// (none past ``deepestOffset``; a search is ``NewsSearchStore``'s).
    public static func articles(
        in categories: [Int]?, withGallery: Bool = false, featuredOnly: Bool = false, after position: Position?, limit: Int, offset: Int = 0,
        now: Int, on connection: StoreConnection
    ) async throws -> [PublishedArticle] {
        guard offset <= Self.deepestOffset else { return [] }
        let chosen = Self.articlesQuery(
            in: categories, withGallery: withGallery, featuredOnly: featuredOnly, after: position, limit: limit, offset: offset, now: now,
            postgres: connection.isPostgres)
        return try await Self.published(chosen: chosen, on: connection)
    }

    /// The statement choosing the page of ``articles(in:withGallery:featuredOnly:after:limit:offset:now:on:)``
    /// (its IDs; tests read its plan). Articles of some categories are those of their own category (a
    /// walk of `news_category` in list order) and those filed there besides (few, sorted), each read to
    /// the page's end, then merged: one condition of either kind would read and sort a whole category.
    package static func articlesQuery(
        in categories: [Int]?, withGallery: Bool = false, featuredOnly: Bool = false, after position: Position?, limit: Int, offset: Int = 0,
        now: Int, postgres: Bool
    ) -> SQLQueryString {
        var conditions = Self.listed(in: nil, withGallery: withGallery, featuredOnly: featuredOnly, now: now)
        if let position { conditions.append("(n.add_date, n.id) < (\(bind: position.addDate), \(bind: position.id))") }
        let order: SQLQueryString = "ORDER BY n.add_date DESC, n.id DESC"
        guard let categories else {
            return
                "SELECT n.id FROM news n WHERE \(conditions.joined(separator: " AND ")) \(order) \(Self.page(limit: limit, offset: offset, postgres: postgres))"
        }
        func filed(_ condition: SQLQueryString, as name: String) -> SQLQueryString {
            """
            SELECT id FROM (SELECT n.id FROM news n WHERE \((conditions + [condition]).joined(separator: " AND ")) \(order)
                \(Self.page(limit: limit + offset, offset: 0, postgres: postgres))) \(unsafeRaw: name)
            """
        }
        let chosen: SQLQueryString = "\(filed(Self.inOwnCategory(categories), as: "own")) UNION \(filed(Self.inOtherCategory(categories), as: "other"))"
        // PostgreSQL plans `IN (…)` of a union as a join it may feed by walking all of `news`; an
        // array of the chosen IDs is looked up in the primary key.
        let condition: SQLQueryString = postgres ? "n.id = ANY (ARRAY(\(chosen)))" : "n.id IN (\(chosen))"
        return "SELECT n.id FROM news n WHERE \(condition) \(order) \(Self.page(limit: limit, offset: offset, postgres: postgres))"
    }

    /// `LIMIT limit OFFSET offset` for a page read: written into the statement on SQLite, which
    /// compiles a statement again once the value bound to its `LIMIT` is known (a second parse of every
    /// list and search); bound on PostgreSQL, whose connections keep one prepared statement per text.
    package static func page(limit: Int, offset: Int, postgres: Bool) -> SQLQueryString {
        postgres ? "LIMIT \(bind: limit) OFFSET \(bind: offset)" : "LIMIT \(literal: limit) OFFSET \(literal: offset)"
    }

    /// Where article `id` sits in lists, when it is shown or ever was (an app can hold only those);
    /// nil for any other, so a draft's place stays unknown.
    public static func position(ofArticle id: Int, on connection: StoreConnection) async throws -> Position? {
        try await connection.raw(
            """
            SELECT n.add_date FROM news n WHERE n.id = \(bind: id) AND (n.listed = \(bind: true) OR EXISTS (
                SELECT 1 FROM news_changes c WHERE c.resource_type = 'news' AND c.resource_id = n.id AND c.was_shown = \(bind: true)))
            """
        ).first()
            .map { Position(addDate: try $0.decode(column: "add_date", as: Int.self), id: id) }
    }

    /// The shown article with this ID or moniker.
    public static func article(_ reference: String, now: Int, on connection: StoreConnection) async throws -> PublishedArticle? {
        let id: Int
        if let number = Int(reference) {
            id = number
        } else {
            guard let identity = try await ResourceIdentityStore.find(.news, moniker: reference, on: connection) else { return nil }
            id = identity.id
        }
        return try await self.articles(ids: [id], now: now, on: connection).first
    }

    /// The shown articles among `ids`, newest first.
    public static func articles(ids: [Int], now: Int, on connection: StoreConnection) async throws -> [PublishedArticle] {
        guard !ids.isEmpty else { return [] }
        return try await Self.published(
            "\(Self.articleSelect) WHERE n.id IN (\(binds: ids)) AND \(Self.visible("n", now: now)) ORDER BY n.add_date DESC, n.id DESC",
            on: connection)
    }

    /// The newest `perCategory` shown articles of each of `categories` (nil: all), in one query that
    /// walks `news_category` backwards per category, so the cost is categories × `perCategory` rows,
    /// not the whole table as a window function over it would be: a `LATERAL` join on PostgreSQL, a
    /// correlated `IN (… LIMIT)` on SQLite (which has no `LATERAL` but plans that form per category).
    public static func top(perCategory: Int, in categories: [Int]?, now: Int, on connection: StoreConnection) async throws -> [PublishedArticle] {
        let query = Self.topQuery(perCategory: perCategory, in: categories, now: now, postgres: connection.isPostgres)
        return try await Self.published(query, on: connection)
    }

    /// The statement of ``top(perCategory:in:now:on:)`` (tests read its plan).
    package static func topQuery(perCategory: Int, in categories: [Int]?, now: Int, postgres: Bool) -> SQLQueryString {
        let chosen: SQLQueryString = categories.map { "WHERE c.id IN (\(binds: $0))" } ?? ""
        let newest: SQLQueryString = """
            SELECT s.id FROM news s WHERE s.category_id = c.id AND \(Self.visible("s", now: now))
            ORDER BY s.add_date DESC, s.id DESC LIMIT \(bind: perCategory)
            """
        let chosenIDs: SQLQueryString =
            postgres
            ? "SELECT t.id FROM news_categories c CROSS JOIN LATERAL (\(newest)) t \(chosen)"
            : "SELECT t.id FROM news_categories c JOIN news t ON t.id IN (\(newest)) \(chosen)"
        return "\(Self.articleSelect) WHERE n.id IN (\(chosenIDs)) ORDER BY n.add_date DESC, n.id DESC"
    }

    /// The next time the clock changes what is shown (an `add_date` or an expiry after `now`), if any.
    public static func nextClockChange(after now: Int, on connection: StoreConnection) async throws -> Int? {
        let row = try await connection.raw(Self.nextClockChangeQuery(after: now)).first()
        let times = [try row?.decode(column: "published", as: Int?.self), try row?.decode(column: "expiring", as: Int?.self)]
        return times.compactMap { $0 ?? nil }.min()
    }

    /// The statement of ``nextClockChange(after:on:)`` (tests read its plan).
    package static func nextClockChangeQuery(after now: Int) -> SQLQueryString {
        """
        SELECT (SELECT MIN(add_date) FROM news WHERE add_date > \(bind: now)) AS published,
            (SELECT MIN(expires_at) FROM news WHERE expires_at > \(bind: now)) AS expiring
        """
    }

    static let articleSelect: SQLQueryString = """
        SELECT \(unsafeRaw: NewsStore.articleColumns(prefix: "n.")), r.moniker AS moniker, r.guid AS guid,
            cr.moniker AS category_moniker, c.label AS category_label, \(unsafeRaw: VideoStore.shownColumns)
        FROM news n
        JOIN news_categories c ON c.id = n.category_id
        LEFT JOIN resource_ids r ON r.resource_type = 'news' AND r.resource_id = n.id
        LEFT JOIN resource_ids cr ON cr.resource_type = 'news_category' AND cr.resource_id = c.id
        \(unsafeRaw: VideoStore.shownJoin(on: "n.video_id"))
        """

    private static func publishedCategory(_ row: any SQLRow) throws -> PublishedCategory {
        let category = try NewsStore.category(row)
        return PublishedCategory(
            category: category,
            moniker: try row.decode(column: "moniker", as: String?.self) ?? String(category.id),
            guid: try row.decode(column: "guid", as: String?.self) ?? "",
            articleCount: try row.decode(column: "article_count", as: Int.self)
        )
    }

    /// The articles the statement `chosen` picks (a column `id`), newest first, their bylines' members
    /// linked and their tags read. On PostgreSQL they are read by ID in a second statement, of the same
    /// text for every list: PostgreSQL plans the six joins of ``articleSelect`` once for it (a generic
    /// plan, after five runs) instead of for every page (most of a page's time in the database, at a
    /// million articles), and plans `chosen`, a walk of one or two tables, cheaply. SQLite, whose
    /// plans cost little, reads the page in one statement.
    static func published(chosen: SQLQueryString, on connection: StoreConnection) async throws -> [PublishedArticle] {
        let order: SQLQueryString = "ORDER BY n.add_date DESC, n.id DESC"
        guard connection.isPostgres else { return try await Self.published("\(Self.articleSelect) WHERE n.id IN (\(chosen)) \(order)", on: connection) }
        // The two statements see the database at two moments: an article deleted in between would make
        // the page shorter than chosen (and end a list early, its length saying nothing follows), so
        // the page is then chosen again, three times at most.
        var attempts = 0
        while true {
            attempts += 1
            let ids = try await connection.raw(chosen).all().map { try $0.decode(column: "id", as: Int.self) }
            guard !ids.isEmpty else { return [] }
            let articles = try await Self.published("\(Self.articleSelect) WHERE n.id = ANY (\(bind: ids)) \(order)", on: connection)
            if articles.count == ids.count || attempts == 3 { return articles }
        }
    }

    /// The articles `query` (a selection of ``articleSelect``) reads, their bylines' members linked
    /// and their tags read.
    static func published(_ query: SQLQueryString, on connection: StoreConnection) async throws -> [PublishedArticle] {
        let articles = try await connection.raw(query).all().map(Self.publishedArticle)
        return try await NewsTagStore.tagging(try await NewsAuthorStore.linking(articles, on: connection), on: connection)
    }

    private static func publishedArticle(_ row: any SQLRow) throws -> PublishedArticle {
        let article = try NewsStore.article(row)
        return PublishedArticle(
            article: article,
            moniker: try row.decode(column: "moniker", as: String?.self) ?? String(article.id),
            guid: try row.decode(column: "guid", as: String?.self) ?? "",
            categoryMoniker: try row.decode(column: "category_moniker", as: String?.self) ?? String(article.categoryID),
            categoryLabel: try row.decode(column: "category_label", as: String.self),
            video: try VideoStore.shown(row)
        )
    }
}

/// A category as the public API shows it.
public struct PublishedCategory: Sendable, Equatable {
    public var category: NewsCategory
    public var moniker: String
    public var guid: String
    /// Its shown articles.
    public var articleCount: Int
}

/// A shown article with its names and its category's.
public struct PublishedArticle: Sendable, Equatable {
    public var article: NewsArticle
    public var moniker: String
    public var guid: String
    public var categoryMoniker: String
    public var categoryLabel: String
    /// The video it shows, with its state and poster as they are now.
    public var video: ShownVideo?
    /// The names its byline lists, each linked to the member of that username if there is one.
    public var authors: [ArticleAuthor] = []
    /// The tags it carries, in the order its editor gave them.
    public var tags: [ArticleTag] = []
}
