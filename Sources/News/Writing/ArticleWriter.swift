import RichText
public import Storage
import Text

/// Writes articles: the row (``NewsStore``), then everything made from it in the same transaction — its
/// text rendered in its format (``ArticleRendering``), the uploaded images it shows recorded, its search
/// text, its change log row — so no reader ever sees an article without its rendering, and every writer
/// (commandr_fs, the console, the news clock, `endpoint news rerender`, the import) writes the same
/// way. What a writer gives is checked here, once for all of them: every text's limit
/// (``ArticleFieldCheck``) and every address (``NewsAddresses``).
public struct ArticleWriter: Sendable {
    /// The site's public URL, without a trailing slash: addresses on it are kept site-relative, and its
    /// image URLs name the media library's images.
    let publicURL: String

    public init(publicURL: String) {
        self.publicURL = PublicURL.normalised(publicURL)
    }

    /// Creates an article in `categoryID` with `changes` applied; returns its ID and what its rendering
    /// left out. `byline`, its writer's name, is its author when `changes` name none (the byline of an
    /// article written in the console or through commandr_fs was only a date). Refused when a text is
    /// over its limit (``ArticleFieldCheck``), when its text nests deeper than the renderer goes, or
    /// when an address it gives is none (``NewsAddresses``).
    @discardableResult
    public func create(
        title: String, categoryID: Int, submitterID: Int, byline: String = "", applying changes: NewsArticleChanges = NewsArticleChanges(),
        on connection: StoreConnection, now: Int
    ) async throws -> (id: Int, dropped: [String]) {
        try ArticleFieldCheck.check(changes, title: title)
        try NewsAddresses.check(changes, publicURL: self.publicURL)
        var changes = changes
        if (changes.author ?? "").isEmpty, !byline.isEmpty { changes.author = byline }
        let id = try await NewsStore.insertArticle(title: title, categoryID: categoryID, submitterID: submitterID, applying: changes, on: connection, now: now)
        let dropped = try await self.derive(id, refusing: true, on: connection)
        try await NewsChangeLog.recordArticle(id, shownBefore: false, on: connection, now: now)
        try await NewsStore.assignIdentity(ofArticle: id, title: changes.title ?? title, on: connection)
        return (id, dropped)
    }

    /// Makes what is derived from articles written whole with IDs of their own (imported articles,
    /// whose IDs links and apps hold), new here: each one's rendering (a text nested too deep is
    /// rendered as `text`, never refused: the row exists already), identity and first revision, then
    /// their change log rows at once, each given its `tags`. Returns what each one's rendering left out,
    /// by ID.
    public func adopt(_ articles: [(id: Int, title: String)], tags: [Int: [ArticleTag]] = [:], on connection: StoreConnection, now: Int) async throws
        -> [Int: [String]]
    {
        var dropped: [Int: [String]] = [:]
        var rendered: [(article: NewsArticle, rendering: NewsRendering, searchText: SearchText.Fields)] = []
        for article in try await NewsStore.articles(ids: articles.map(\.id), on: connection) {
            let rendering = try await self.rendering(of: article, refusing: false, new: true, on: connection)
            rendered.append((article, rendering.stored, rendering.searchText))
            dropped[article.id] = rendering.dropped
        }
        try await NewsStore.saveRenderings(rendered, on: connection)
        for article in articles {
            try await NewsStore.assignIdentity(ofArticle: article.id, title: article.title, on: connection)
            if let given = tags[article.id] { _ = try await NewsTagStore.setTags(given, ofArticle: article.id, on: connection) }
        }
        // Each starts its history as it came: by its submitter, when it was last saved there. One
        // Composr had not validated is waiting for its validation: here, submitted for review.
        for (article, _, _) in rendered {
            try await NewsRevisionStore.record(articleID: article.id, by: article.submitterID, at: article.updatedAt, on: connection)
            if !article.validated {
                try await NewsReviewStore.set(.submitted, articleID: article.id, by: article.submitterID, note: "", at: article.updatedAt, on: connection)
            }
        }
        try await NewsChangeLog.recordArticles(articles.map(\.id), on: connection, now: now)
        return dropped
    }

    /// Applies `changes` to article `id` at `now`; `editedAt` also stamps its edit time. Returns what
    /// its rendering left out.
    @discardableResult
    public func apply(_ changes: NewsArticleChanges, toArticle id: Int, editedAt: Int?, on connection: StoreConnection, now: Int) async throws
        -> [String]
    {
        try ArticleFieldCheck.check(changes)
        try NewsAddresses.check(changes, publicURL: self.publicURL)
        let shownBefore = try await NewsStore.isShown(id, on: connection, now: now)
        guard try await NewsStore.updateArticle(id, with: changes, editedAt: editedAt, on: connection) else { return [] }
        if changes.addDate != nil { try await NewsTagStore.redate(ofArticle: id, on: connection) }
        let dropped = try await self.derive(id, refusing: true, on: connection)
        try await NewsChangeLog.recordArticle(id, shownBefore: shownBefore, on: connection, now: now)
        return dropped
    }

    /// Files article `id` in exactly `categoryIDs` besides its own category (an editor's choice); a
    /// change is recorded in the change log, so every list and app sees it.
    public func refile(_ id: Int, inOtherCategories categoryIDs: Set<Int>, on connection: StoreConnection, now: Int) async throws {
        guard try await NewsStore.otherCategories(ofArticle: id, on: connection) != categoryIDs else { return }
        let shownBefore = try await NewsStore.isShown(id, on: connection, now: now)
        try await NewsStore.refileInOtherCategories(id, categoryIDs, on: connection)
        try await NewsChangeLog.recordArticle(id, shownBefore: shownBefore, on: connection, now: now)
    }

    /// Gives article `id` exactly `tags` (``ArticleTag/tags(_:)`` checked them); a change is recorded
    /// in the change log, so every list and app sees it. Whether the article was shown is read after
    /// the tags are written (tags do not change it), and only when they changed: most saves keep them.
    public func retag(_ id: Int, with tags: [ArticleTag], on connection: StoreConnection, now: Int) async throws {
        guard try await NewsTagStore.setTags(tags, ofArticle: id, on: connection) else { return }
        try await NewsChangeLog.recordArticle(id, shownBefore: try await NewsStore.isShown(id, on: connection, now: now), on: connection, now: now)
    }

    /// Renders article `id` again (the renderer changed, or its rendering was never made); when what
    /// readers are shown changed, the change log records it so apps fetch it again. True when it did.
    @discardableResult
    public func rerender(_ id: Int, on connection: StoreConnection, now: Int) async throws -> Bool {
        guard let before = try await NewsStore.article(id: id, on: connection) else { return false }
        let shownBefore = try await NewsStore.isShown(id, on: connection, now: now)
        _ = try await self.derive(id, refusing: false, on: connection)
        guard let after = try await NewsStore.article(id: id, on: connection) else { return false }
        // A row never rendered was served by the `text` rule from its source: the same HTML unless its
        // format says otherwise.
        let shown = { (article: NewsArticle) in [article.bodyHTML, article.summaryHTML, article.summaryText, article.bodyImages] }
        guard before.bodyHTML != nil || before.format != .text, shown(before) != shown(after) else { return false }
        try await NewsChangeLog.recordArticle(id, shownBefore: shownBefore, on: connection, now: now)
        return true
    }

    /// Renders up to `limit` articles whose rendering is due (a migration marked them); returns how many
    /// it rendered and how many of those changed.
    public func renderDue(limit: Int, on connection: StoreConnection, now: Int) async throws -> (rendered: Int, changed: Int) {
        let ids = try await NewsStore.articlesDueRendering(limit: limit, on: connection)
        var changed = 0
        for id in ids {
            if try await self.rerender(id, on: connection, now: now) { changed += 1 }
        }
        return (ids.count, changed)
    }

    /// Renders every article again, `batch` to a transaction (so a running server keeps serving);
    /// returns how many it rendered and how many of those changed.
    public func rerenderAll(_ database: Database, batch: Int = 200, clock: SiteClock) async throws -> (rendered: Int, changed: Int) {
        var last = 0
        var total = (rendered: 0, changed: 0)
        while true {
            let ids = try await database.withConnection { try await NewsStore.articleIDs(after: last, limit: batch, on: $0) }
            guard let next = ids.last else { return total }
            let changed = try await database.transaction { connection in
                var changed = 0
                for id in ids {
                    if try await self.rerender(id, on: connection, now: clock.now) { changed += 1 }
                }
                return changed
            }
            total = (total.rendered + ids.count, total.changed + changed)
            last = next
        }
    }

    /// Makes what is derived from article `id`'s text: its rendering, the images it shows, its search
    /// text. `refusing`: a text nested too deep is refused (a write); otherwise it is rendered as `text`
    /// (a renderer change must never leave an article unrendered). Returns what the rendering left out.
    private func derive(_ id: Int, refusing: Bool, on connection: StoreConnection) async throws -> [String] {
        guard let article = try await NewsStore.article(id: id, on: connection) else { return [] }
        return try await self.derive(article, refusing: refusing, new: false, on: connection)
    }

    /// Makes what is derived from `article`'s text, as ``derive(_:refusing:on:)`` does, the article
    /// read already.
    private func derive(_ article: NewsArticle, refusing: Bool, new: Bool, on connection: StoreConnection) async throws -> [String] {
        let made = try await self.rendering(of: article, refusing: refusing, new: new, on: connection)
        try await NewsStore.saveRendering(made.stored, searchText: made.searchText, of: article, new: new, on: connection)
        return made.dropped
    }

    /// `article`'s rendering and search text, the images it shows recorded; `new`: it showed none
    /// yet (an article written whole, whose rendering is saved with its batch's).
    private func rendering(of article: NewsArticle, refusing: Bool, new: Bool, on connection: StoreConnection) async throws -> (
        stored: NewsRendering, searchText: SearchText.Fields, dropped: [String]
    ) {
        let rendering = try await ArticleRendering.make(of: article, publicURL: self.publicURL, refusing: refusing, on: connection)
        let searchText = SearchText.Fields(title: article.title, summary: rendering.summary.text, body: rendering.body.text, author: article.author)
        var shown = article
        shown.bodyImages = rendering.stored.bodyImages
        try await ArticleImages.link(shown, publicURL: self.publicURL, replacing: !new, on: connection)
        return (rendering.stored, searchText, rendering.dropped)
    }
}
