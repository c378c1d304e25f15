package import SQLKit
public import Storage

/// The site's tags and the articles carrying them. A tag's articles are read newest first along
/// `news_article_tags_listing` — `(tag_id, add_date, news_id)`, the article's date repeated there and
/// kept in step by ``redate(ofArticle:on:)`` — each checked shown as it is met, so a page costs its
/// length, not the tag's size.
public enum NewsTagStore {
    /// A tag as the console lists it: its ID, moniker and label, and how many articles carry it
    /// (shown or not).
    public struct Listed: Sendable, Equatable {
        public var id: Int
        public var tag: ArticleTag
        public var articleCount: Int
    }

    /// The tags article `id` carries, in the order they were given.
    public static func tags(ofArticle id: Int, on connection: StoreConnection) async throws -> [ArticleTag] {
        try await Self.tags(ofArticles: [id], on: connection)[id] ?? []
    }

    /// The tags each of `ids` carries, in the order they were given, in one query.
    static func tags(ofArticles ids: [Int], on connection: StoreConnection) async throws -> [Int: [ArticleTag]] {
        guard !ids.isEmpty else { return [:] }
        var tags: [Int: [ArticleTag]] = [:]
        // Each tag's words looked up by its key (a join was planned as a hash of every tag of the site);
        // on PostgreSQL the IDs are one array, so the statement is one text whose plan is kept.
        let chosen: SQLQueryString = connection.isPostgres ? "a.news_id = ANY (\(bind: ids))" : "a.news_id IN (\(binds: ids))"
        for row in try await connection.raw(
            """
            SELECT a.news_id, (SELECT moniker FROM news_tags WHERE id = a.tag_id) AS moniker, (SELECT label FROM news_tags WHERE id = a.tag_id) AS label
            FROM news_article_tags a WHERE \(chosen) ORDER BY a.news_id, a.position
            """
        ).all() {
            let tag = ArticleTag(moniker: try row.decode(column: "moniker", as: String.self), label: try row.decode(column: "label", as: String.self))
            tags[try row.decode(column: "news_id", as: Int.self), default: []].append(tag)
        }
        return tags
    }

    /// `articles` with their ``PublishedArticle/tags``.
    static func tagging(_ articles: [PublishedArticle], on connection: StoreConnection) async throws -> [PublishedArticle] {
        let tags = try await Self.tags(ofArticles: articles.map(\.article.id), on: connection)
        return articles.map { published in
            var tagged = published
            tagged.tags = tags[published.article.id] ?? []
            return tagged
        }
    }

    /// Gives article `id` exactly `tags`, in their order, making the tags the site lacks (a tag the
    /// site has keeps its label); false when it carried them already.
    static func setTags(_ tags: [ArticleTag], ofArticle id: Int, on connection: StoreConnection) async throws -> Bool {
        let current = try await Self.tags(ofArticle: id, on: connection)
        guard current.map(\.moniker) != tags.map(\.moniker) else { return false }
        try await connection.raw("DELETE FROM news_article_tags WHERE news_id = \(bind: id)").run()
        guard !tags.isEmpty else { return true }
        let rows: [SQLQueryString] = tags.map { "(\(bind: $0.moniker), \(bind: $0.label))" }
        try await connection.raw("INSERT INTO news_tags (moniker, label) VALUES \(rows.joined(separator: ", ")) ON CONFLICT (moniker) DO NOTHING").run()
        let positions: [SQLQueryString] = tags.enumerated().map { "(\(bind: $0.element.moniker), \(bind: $0.offset))" }
        try await connection.raw(
            """
            INSERT INTO news_article_tags (news_id, tag_id, position, add_date)
            SELECT n.id, t.id, p.column2, n.add_date FROM (VALUES \(positions.joined(separator: ", "))) p
            JOIN news_tags t ON t.moniker = p.column1 JOIN news n ON n.id = \(bind: id)
            """
        ).run()
        return true
    }

    /// Copies article `id`'s date to its tags' rows, after the date changed.
    static func redate(ofArticle id: Int, on connection: StoreConnection) async throws {
        try await connection.raw(
            "UPDATE news_article_tags SET add_date = (SELECT n.add_date FROM news n WHERE n.id = \(bind: id)) WHERE news_id = \(bind: id)"
        ).run()
    }

    /// The tag with this moniker, and its ID.
    public static func tag(_ moniker: String, on connection: StoreConnection) async throws -> (id: Int, tag: ArticleTag)? {
        try await connection.raw("SELECT id, moniker, label FROM news_tags WHERE moniker = \(bind: moniker)").first().map {
            (
                try $0.decode(column: "id", as: Int.self),
                ArticleTag(moniker: try $0.decode(column: "moniker", as: String.self), label: try $0.decode(column: "label", as: String.self))
            )
        }
    }

    /// Every tag, by label, with the articles carrying it counted.
    public static func all(on connection: StoreConnection) async throws -> [Listed] {
        try await connection.raw(
            """
            SELECT t.id, t.moniker, t.label, (SELECT COUNT(*) FROM news_article_tags a WHERE a.tag_id = t.id) AS article_count
            FROM news_tags t ORDER BY lower(t.label), t.id
            """
        ).all().map {
            Listed(
                id: try $0.decode(column: "id", as: Int.self),
                tag: ArticleTag(moniker: try $0.decode(column: "moniker", as: String.self), label: try $0.decode(column: "label", as: String.self)),
                articleCount: try $0.decode(column: "article_count", as: Int.self))
        }
    }

    /// The articles carrying tag `id`, by ID.
    static func articleIDs(taggedWith id: Int, on connection: StoreConnection) async throws -> [Int] {
        try await connection.raw("SELECT news_id FROM news_article_tags WHERE tag_id = \(bind: id) ORDER BY news_id").all().map {
            try $0.decode(column: "news_id", as: Int.self)
        }
    }

    /// Gives tag `id` another moniker and label.
    static func rename(_ id: Int, to tag: ArticleTag, on connection: StoreConnection) async throws {
        try await connection.raw("UPDATE news_tags SET moniker = \(bind: tag.moniker), label = \(bind: tag.label) WHERE id = \(bind: id)").run()
    }

    /// Puts tag `id`'s articles under tag `target` (in its place in each, unless they carry `target`
    /// already) and removes tag `id`.
    static func merge(_ id: Int, into target: Int, on connection: StoreConnection) async throws {
        try await connection.raw(
            """
            INSERT INTO news_article_tags (news_id, tag_id, position, add_date)
            SELECT news_id, \(bind: target), position, add_date FROM news_article_tags WHERE tag_id = \(bind: id)
            ON CONFLICT (news_id, tag_id) DO NOTHING
            """
        ).run()
        try await Self.delete(id, on: connection)
    }

    /// Removes tag `id` from the site and from every article carrying it.
    static func delete(_ id: Int, on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM news_tags WHERE id = \(bind: id)").run()
    }

    /// Up to `limit` shown articles carrying tag `tagID`, newest first, after `position`, skipping
    /// `offset` (none past ``NewsFeedStore/deepestOffset``).
    public static func articles(
        taggedWith tagID: Int, after position: NewsFeedStore.Position?, limit: Int, offset: Int = 0, now: Int, on connection: StoreConnection
    ) async throws -> [PublishedArticle] {
        guard offset <= NewsFeedStore.deepestOffset else { return [] }
        let chosen = Self.articlesQuery(taggedWith: tagID, after: position, limit: limit, offset: offset, now: now, postgres: connection.isPostgres)
        return try await NewsFeedStore.published(chosen: chosen, on: connection)
    }

    /// The statement choosing the page of ``articles(taggedWith:after:limit:offset:now:on:)`` (tests
    /// read its plan): the page's IDs walked along the tag's listing, each article checked shown by its
    /// key.
    package static func articlesQuery(
        taggedWith tagID: Int, after position: NewsFeedStore.Position?, limit: Int, offset: Int, now: Int, postgres: Bool
    ) -> SQLQueryString {
        var conditions: [SQLQueryString] = ["a.tag_id = \(bind: tagID)", NewsFeedStore.visible("n", now: now)]
        if let position { conditions.append("(a.add_date, a.news_id) < (\(bind: position.addDate), \(bind: position.id))") }
        return """
            SELECT a.news_id AS id FROM news_article_tags a JOIN news n ON n.id = a.news_id WHERE \(conditions.joined(separator: " AND "))
            ORDER BY a.add_date DESC, a.news_id DESC \(NewsFeedStore.page(limit: limit, offset: offset, postgres: postgres))
            """
    }
}
