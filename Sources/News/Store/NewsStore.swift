import RichText
import SQLKit
public import Storage

/// Reads and writes news categories and articles (tables `news_categories`, `news`), each with its
/// identity (moniker and GUID). Every write is recorded in the change log (``NewsChangeLog``) on the
/// same connection, so it commits or rolls back with the change.
public enum NewsStore {
    // MARK: Categories

    /// Every category, by ID.
    public static func categories(on connection: StoreConnection) async throws -> [NewsCategory] {
        try await connection.raw("SELECT \(unsafeRaw: Self.categoryColumns) FROM news_categories ORDER BY id").all().map(Self.category)
    }

    /// The category with this ID.
    public static func category(id: Int, on connection: StoreConnection) async throws -> NewsCategory? {
        try await connection.raw("SELECT \(unsafeRaw: Self.categoryColumns) FROM news_categories WHERE id = \(bind: id)").first().map(Self.category)
    }

    /// Creates a category and its identity; returns its ID.
    public static func createCategory(label: String, on connection: StoreConnection, now: Int) async throws -> Int {
        let row = try await connection.raw(
            """
            INSERT INTO news_categories (label, edited_at) VALUES (\(bind: label), \(bind: now)) RETURNING id
            """
        ).first()
        guard let id = try row?.decode(column: "id", as: Int.self) else { throw InsertedRowMissing(table: "news_categories") }
        try await ResourceIdentityStore.assign(.newsCategory, id: id, label: label, on: connection)
        try await NewsChangeLog.recordCategory(id, on: connection, now: now)
        return id
    }

    /// Gives category `id`, a row written with an ID of its own (an imported category, whose ID links
    /// and apps hold), its identity and its change log row.
    public static func adoptCategory(_ id: Int, label: String, on connection: StoreConnection, now: Int) async throws {
        try await ResourceIdentityStore.assign(.newsCategory, id: id, label: label, on: connection)
        try await NewsChangeLog.recordCategory(id, on: connection, now: now)
    }

    /// Applies `changes` to category `id`, stamping its edit time when anything changed.
    public static func apply(_ changes: NewsCategoryChanges, toCategory id: Int, on connection: StoreConnection, now: Int) async throws {
        var assignments = ColumnAssignments()
        assignments.set("label", changes.label)
        assignments.set("notes", changes.notes)
        assignments.set("rep_image", changes.repImage)
        assignments.set("owner_id", changes.ownerID)
        assignments.set("position", changes.position)
        guard !assignments.isEmpty else { return }
        assignments.set("edited_at", now)
        try await connection.raw("UPDATE news_categories SET \(assignments.sql) WHERE id = \(bind: id)").run()
        if let label = changes.label { try await ResourceIdentityStore.relabel(.newsCategory, id: id, label: label, on: connection) }
        try await NewsChangeLog.recordCategory(id, on: connection, now: now)
    }

    /// How many articles category `id` holds.
    public static func articleCount(inCategory id: Int, on connection: StoreConnection) async throws -> Int {
        try await connection.raw("SELECT COUNT(*) AS n FROM news WHERE category_id = \(bind: id)").first()?.decode(column: "n", as: Int.self) ?? 0
    }

    /// Deletes category `id` and its identity.
    public static func deleteCategory(id: Int, on connection: StoreConnection, now: Int) async throws {
        try await connection.raw("DELETE FROM news_categories WHERE id = \(bind: id)").run()
        try await ResourceIdentityStore.remove(.newsCategory, id: id, on: connection)
        try await NewsChangeLog.recordCategory(id, on: connection, now: now)
    }

    // MARK: Articles

    /// The articles of category `id`, by ID.
    public static func articles(inCategory id: Int, on connection: StoreConnection) async throws -> [NewsArticle] {
        try await connection.raw("SELECT \(unsafeRaw: Self.articleColumns) FROM news WHERE category_id = \(bind: id) ORDER BY id").all().map(Self.article)
    }

    /// The article with this ID.
    public static func article(id: Int, on connection: StoreConnection) async throws -> NewsArticle? {
        try await connection.raw("SELECT \(unsafeRaw: Self.articleColumns) FROM news WHERE id = \(bind: id)").first().map(Self.article)
    }

    /// The articles among `ids`, by ID (a batch the writer renders: one read for them all).
    static func articles(ids: [Int], on connection: StoreConnection) async throws -> [NewsArticle] {
        guard !ids.isEmpty else { return [] }
        return try await connection.raw("SELECT \(unsafeRaw: Self.articleColumns) FROM news WHERE id IN (\(binds: ids)) ORDER BY id").all().map(Self.article)
    }

    /// Creates an article in `categoryID` with `changes` applied; returns its ID. Its identity, what is
    /// made from its text and its change log row are the writer's (``ArticleWriter``).
    static func insertArticle(
        title: String, categoryID: Int, submitterID: Int, applying changes: NewsArticleChanges, on connection: StoreConnection, now: Int
    ) async throws -> Int {
        let row = try await connection.raw(
            """
            INSERT INTO news (category_id, title, submitter_id, add_date) VALUES (\(bind: categoryID), \(bind: title), \(bind: submitterID), \(bind: now))
            RETURNING id
            """
        ).first()
        guard let id = try row?.decode(column: "id", as: Int.self) else { throw InsertedRowMissing(table: "news") }
        try await Self.update(id, with: changes, editedAt: nil, on: connection)
        return id
    }

    /// The article an address of the Composr site this one replaced names: its ID, or a moniker Composr
    /// gave it (kept by the import); nil for neither.
    public static func articleID(atComposrAddress reference: String, on connection: StoreConnection) async throws -> Int? {
        if let id = Int(reference), id > 0 { return id }
        return try await connection.raw("SELECT article_id FROM composr_article_monikers WHERE moniker = \(bind: reference)").first()?
            .decode(column: "article_id", as: Int.self)
    }

    /// Keeps `addresses`, those the Composr site published for its articles, in one statement;
    /// returns how many were new (the others were kept before).
    public static func keepComposrAddresses(_ addresses: [(moniker: String, articleID: Int)], on connection: StoreConnection) async throws -> Int {
        guard !addresses.isEmpty else { return 0 }
        let rows = addresses.map { "(\(bind: $0.moniker), \(bind: $0.articleID))" as SQLQueryString }
        return try await connection.raw(
            """
            INSERT INTO composr_article_monikers (moniker, article_id) VALUES \(rows.joined(separator: ", "))
            ON CONFLICT (moniker) DO NOTHING RETURNING article_id
            """
        ).all().count
    }

    /// Files article `id` in `categoryIDs` besides its own category, so it is listed in each (as
    /// Composr files an article in several); IDs of no category, or of its own, are passed over.
    public static func fileInOtherCategories(_ id: Int, _ categoryIDs: [Int], on connection: StoreConnection) async throws {
        guard !categoryIDs.isEmpty else { return }
        try await connection.raw(
            """
            INSERT INTO news_other_categories (category_id, news_id)
            SELECT c.id, n.id FROM news_categories c JOIN news n ON n.id = \(bind: id) AND n.category_id <> c.id
            WHERE c.id IN (\(binds: categoryIDs))
            ON CONFLICT (category_id, news_id) DO NOTHING
            """
        ).run()
    }

    /// The categories article `id` is filed in besides its own, by ID.
    public static func otherCategories(ofArticle id: Int, on connection: StoreConnection) async throws -> Set<Int> {
        Set(
            try await connection.raw("SELECT category_id FROM news_other_categories WHERE news_id = \(bind: id)").all().map {
                try $0.decode(column: "category_id", as: Int.self)
            })
    }

    /// Files article `id` in exactly `categoryIDs` besides its own category (an editor's choice).
    static func refileInOtherCategories(_ id: Int, _ categoryIDs: Set<Int>, on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM news_other_categories WHERE news_id = \(bind: id)").run()
        try await Self.fileInOtherCategories(id, categoryIDs.sorted(), on: connection)
    }

    /// Gives article `id` its identity (moniker and GUID). The writer does it last in the transaction:
    /// on PostgreSQL another article of the same title waits at its moniker's insert until this
    /// transaction ends, so the less comes after it, the shorter that wait.
    static func assignIdentity(ofArticle id: Int, title: String, on connection: StoreConnection) async throws {
        try await ResourceIdentityStore.assign(.news, id: id, label: title, on: connection)
    }

    /// Applies `changes` to article `id`; `editedAt` also stamps its edit time. False when there was
    /// nothing to write.
    static func updateArticle(_ id: Int, with changes: NewsArticleChanges, editedAt: Int?, on connection: StoreConnection) async throws -> Bool {
        guard try await Self.update(id, with: changes, editedAt: editedAt, on: connection) else { return false }
        if let title = changes.title { try await ResourceIdentityStore.relabel(.news, id: id, label: title, on: connection) }
        return true
    }

    /// Deletes article `id` and its identity.
    public static func deleteArticle(id: Int, on connection: StoreConnection, now: Int) async throws {
        let shownBefore = try await Self.isShown(id, on: connection, now: now)
        try await NewsSearchIndex.forget(id, on: connection)
        try await connection.raw("DELETE FROM news WHERE id = \(bind: id)").run()
        try await ResourceIdentityStore.remove(.news, id: id, on: connection)
        try await NewsChangeLog.recordArticle(id, shownBefore: shownBefore, on: connection, now: now)
    }

    /// Writes `changes` to article `id`; false when there was nothing to write.
    @discardableResult
    private static func update(_ id: Int, with changes: NewsArticleChanges, editedAt: Int?, on connection: StoreConnection) async throws -> Bool {
        var assignments = ColumnAssignments()
        assignments.set("title", changes.title)
        assignments.set("summary", changes.summary)
        assignments.set("article", changes.article)
        assignments.set("image", changes.image)
        assignments.set("validated", changes.validated)
        assignments.set("allow_rating", changes.allowRating)
        assignments.set("allow_comments", changes.allowComments)
        assignments.set("views", changes.views)
        assignments.set("add_date", changes.addDate)
        assignments.set("submitter_id", changes.submitterID)
        assignments.set("expires_at", changes.expiresAt)
        assignments.set("external_url", changes.externalURL)
        assignments.set("image_width", changes.imageWidth)
        assignments.set("image_height", changes.imageHeight)
        assignments.set("image_variants", changes.imageVariants)
        assignments.set("gallery", changes.gallery)
        assignments.set("featured", changes.featured)
        assignments.set("text_format", changes.format?.rawValue)
        assignments.set("video_id", changes.videoID)
        assignments.set("social_image", changes.socialImage)
        assignments.set("category_id", changes.categoryID)
        assignments.set("edit_date", editedAt)
        for field in ArticleTextField.all { assignments.set(field.column, changes[keyPath: field.change]) }
        guard !assignments.isEmpty else { return false }
        try await connection.raw("UPDATE news SET \(assignments.sql) WHERE id = \(bind: id)").run()
        return true
    }

    /// Whether article `id` is shown (before the write about to change it, so the change log knows an
    /// app may hold it).
    static func isShown(_ id: Int, on connection: StoreConnection, now: Int) async throws -> Bool {
        try await connection.raw("SELECT 1 AS shown FROM news WHERE id = \(bind: id) AND \(NewsFeedStore.visible("news", now: now))").first() != nil
    }

    // MARK: What is made from an article's text

    /// Writes what `article`'s text rendered to and its search text (its title and author with the
    /// plain text its summary and body rendered to), in one statement, then its search index entry
    /// (`new`: it had none yet).
    static func saveRendering(_ rendering: NewsRendering, searchText: SearchText.Fields, of article: NewsArticle, new: Bool, on connection: StoreConnection)
        async throws
    {
        if !new { try await NewsSearchIndex.forget(article.id, on: connection) }
        try await Self.saveRenderings([(article, rendering, searchText)], on: connection)
    }

    /// Writes what new articles' texts rendered to and their search texts, in one statement for them
    /// all, then their search index entries.
    static func saveRenderings(
        _ articles: [(article: NewsArticle, rendering: NewsRendering, searchText: SearchText.Fields)], on connection: StoreConnection
    ) async throws {
        guard !articles.isEmpty else { return }
        // VALUES' columns are `column1`… on both engines; PostgreSQL types a bound value there as text.
        let rows = articles.map { article, rendering, search -> SQLQueryString in
            """
            (CAST(\(bind: article.id) AS BIGINT), \(bind: rendering.bodyHTML), \(bind: rendering.bodyText), \(bind: rendering.summaryHTML),
                \(bind: rendering.summaryText), \(bind: rendering.bodyImages), \(bind: search.text), CAST(\(bind: search.titleEnd) AS BIGINT),
                CAST(\(bind: search.summaryEnd) AS BIGINT), \(bind: search.shortWords))
            """
        }
        try await connection.raw(
            """
            UPDATE news SET body_html = v.column2, body_text = v.column3, summary_html = v.column4, summary_text = v.column5,
                body_images = v.column6, render_due = 0, search_text = v.column7, search_title_end = v.column8,
                search_summary_end = v.column9, search_words = v.column10
            FROM (VALUES \(rows.joined(separator: ", "))) AS v WHERE news.id = v.column1
            """
        ).run()
        for (article, _, _) in articles { try await NewsSearchIndex.add(article, on: connection) }
    }

    /// Up to `limit` articles whose rendering is still to be made (``saveRendering(_:searchText:of:new:on:)``), by ID.
    static func articlesDueRendering(limit: Int, on connection: StoreConnection) async throws -> [Int] {
        try await connection.raw("SELECT id FROM news WHERE render_due = 1 ORDER BY id LIMIT \(bind: limit)").all()
            .map { try $0.decode(column: "id", as: Int.self) }
    }

    /// Marks the articles that show image `mediaID` as due rendering again (their bodies carry what the
    /// library says of it, its alternative text).
    static func markRenderDue(showingMedia mediaID: Int, on connection: StoreConnection) async throws {
        try await connection.raw(
            "UPDATE news SET render_due = 1 WHERE id IN (SELECT news_id FROM news_media WHERE media_id = \(bind: mediaID))"
        ).run()
    }

    /// Up to `limit` article IDs above `id`, in order (every article, a batch at a time).
    static func articleIDs(after id: Int, limit: Int, on connection: StoreConnection) async throws -> [Int] {
        try await connection.raw("SELECT id FROM news WHERE id > \(bind: id) ORDER BY id LIMIT \(bind: limit)").all()
            .map { try $0.decode(column: "id", as: Int.self) }
    }

    // MARK: Rows

    static let categoryColumns = Self.categoryColumns(prefix: "")

    /// The category columns, each prefixed with a table alias (`c.`) for joins.
    static func categoryColumns(prefix: String) -> String {
        Self.columns(prefix: prefix, ["id", "label", "notes", "rep_image", "owner_id", "edited_at", "position"])
    }

    /// The articles showing video `videoID`.
    static func articleIDs(showingVideo videoID: Int, on connection: StoreConnection) async throws -> [Int] {
        try await connection.raw("SELECT id FROM news WHERE video_id = \(bind: videoID) ORDER BY id").all().map { try $0.decode(column: "id", as: Int.self) }
    }

    static let articleColumns = Self.articleColumns(prefix: "")

    /// The article columns, each prefixed with a table alias (`n.`) for joins.
    static func articleColumns(prefix: String) -> String {
        Self.columns(
            prefix: prefix,
            [
                "id", "category_id", "title", "summary", "article", "validated", "image", "submitter_id", "add_date", "edit_date",
                "views", "allow_rating", "allow_comments", "expires_at", "external_url", "image_width", "image_height", "image_variants",
                "gallery", "featured", "text_format", "body_html", "body_text", "summary_html", "summary_text", "body_images", "video_id",
                "social_image",
            ] + ArticleTextField.all.map(\.column))
    }

    private static func columns(prefix: String, _ names: [String]) -> String {
        names.map { prefix + $0 }.joined(separator: ", ")
    }

    static func category(_ row: any SQLRow) throws -> NewsCategory {
        NewsCategory(
            id: try row.decode(column: "id", as: Int.self),
            label: try row.decode(column: "label", as: String.self),
            notes: try row.decode(column: "notes", as: String.self),
            repImage: try row.decode(column: "rep_image", as: String.self),
            ownerID: try row.decode(column: "owner_id", as: Int?.self),
            editedAt: try row.decode(column: "edited_at", as: Int.self),
            position: try row.decode(column: "position", as: Int.self)
        )
    }

    static func article(_ row: any SQLRow) throws -> NewsArticle {
        var article = NewsArticle(
            id: try row.decode(column: "id", as: Int.self),
            categoryID: try row.decode(column: "category_id", as: Int.self),
            title: try row.decode(column: "title", as: String.self),
            summary: try row.decode(column: "summary", as: String.self),
            article: try row.decode(column: "article", as: String.self),
            validated: try row.decode(column: "validated", as: Bool.self),
            image: try row.decode(column: "image", as: String.self),
            submitterID: try row.decode(column: "submitter_id", as: Int?.self),
            addDate: try row.decode(column: "add_date", as: Int.self),
            editDate: try row.decode(column: "edit_date", as: Int?.self),
            views: try row.decode(column: "views", as: Int.self),
            allowRating: try row.decode(column: "allow_rating", as: Bool.self),
            allowComments: try row.decode(column: "allow_comments", as: Bool.self),
            expiresAt: try row.decode(column: "expires_at", as: Int?.self),
            externalURL: try row.decode(column: "external_url", as: String.self),
            imageWidth: try row.decode(column: "image_width", as: Int?.self),
            imageHeight: try row.decode(column: "image_height", as: Int?.self),
            imageVariants: try row.decode(column: "image_variants", as: String.self),
            gallery: try row.decode(column: "gallery", as: String.self),
            featured: try row.decode(column: "featured", as: Bool.self),
            format: TextFormat(rawValue: try row.decode(column: "text_format", as: String.self)) ?? .text,
            bodyHTML: try row.decode(column: "body_html", as: String?.self),
            bodyText: try row.decode(column: "body_text", as: String?.self),
            summaryHTML: try row.decode(column: "summary_html", as: String?.self),
            summaryText: try row.decode(column: "summary_text", as: String?.self),
            bodyImages: try row.decode(column: "body_images", as: String.self),
            videoID: try row.decode(column: "video_id", as: Int?.self),
            socialImage: try row.decode(column: "social_image", as: String.self)
        )
        for field in ArticleTextField.all { article[keyPath: field.stored] = try row.decode(column: field.column, as: String.self) }
        return article
    }
}
