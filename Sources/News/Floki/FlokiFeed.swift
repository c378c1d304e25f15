import EndpointCore
import Foundation
import Messages
import Routes
import Text

/// The news as Floki clients read it (`response_type=floki`; the protocol is the Floki server
/// protocol's "News item protocol"): the bare document `{"items", "to_delete", "has_older"}` for
/// `feed/<category or all>` and `search`. Which articles a feed sends is ``FlokiListing``'s rule; an
/// item's `url` carries a digest of the article, so the clients' page caches, keyed by URL, fetch an
/// edited article again.
struct FlokiFeed {
    let answers: NewsAnswers
    /// For the footer's date.
    let messages: MessageCatalog

    /// Items per feed answer unless the tab's `cache_size` says otherwise (the URL carries it), at most
    /// ``maximumFeedSize``; and per search page.
    static let defaultFeedSize = 50
    static let maximumFeedSize = 200
    static let searchPageSize = 20

    func feed(_ reference: String) async throws -> NewsAnswers.Answer {
        let connection = self.answers.connection
        let parameters = self.answers.parameters
        let state = try await NewsChangeLog.state(on: connection)
        let now = self.answers.moment(after: state.latestTime)
        var categoryIDs: [Int]?
        if reference != "all" {
            guard let id = try await NewsFeedStore.categoryID(reference, on: connection) else { throw Refusal.notFound(.newsUnknownCategory, reference) }
            categoryIDs = [id]
        }
        let held = parameters.heldRange
        let listing = FlokiListing(connection: connection, categories: categoryIDs, withGallery: false, size: parameters.cacheSize ?? Self.defaultFeedSize)
        let page =
            if let older = parameters.older {
                try await listing.olderPage(than: older, now: now)
            } else {
                try await listing.refresh(holding: held, now: now)
            }
        var document: [(key: String, value: JSONValue)] = [
            ("items", .array(page.articles.map(self.item))),
            ("to_delete", .array(try await listing.changed(holding: held, shown: false, now: now).map(JSONValue.int))),
            ("has_older", .bool(page.hasOlder)),
        ]
        if reference == "all" { document.append(("sections", .array(try await self.sections(now)))) }
        return NewsAnswers.Answer(data: .object(document), lastModified: state.latestTime)
    }

    /// Page `page` (from 1) of the articles containing every word of `q`, newest first.
    func search() async throws -> NewsAnswers.Answer {
        let connection = self.answers.connection
        let parameters = self.answers.parameters
        let now = self.answers.moment(after: nil)
        guard let search = parameters.search else { throw Refusal.malformed(.noParameterSent, "q") }
        let articles = try await NewsSearchStore.articles(
            matching: search, in: nil, after: nil, limit: Self.searchPageSize + 1, offset: (parameters.page - 1) * Self.searchPageSize, now: now,
            on: connection
        ).articles
        return Self.page(articles.map(self.item), pageSize: Self.searchPageSize)
    }

    /// Page `page` (from 1) of the articles carrying the tag `reference` names (its moniker, or a label
    /// folding to it), newest first: what `tags_url` opens for a tag link an article's page holds
    /// (``ArticleTagLink``). A page past the last is empty, which the clients read as the end.
    func tag(_ reference: String) async throws -> NewsAnswers.Answer {
        let connection = self.answers.connection
        let now = self.answers.moment(after: nil)
        // The client sends what it captured from the page's link encoded once more.
        guard let moniker = ArticleTag.moniker(of: PathSegment.decode(reference)), let (id, _) = try await NewsTagStore.tag(moniker, on: connection) else {
            throw Refusal.notFound(.newsUnknownTag, TextLength.prefix(reference, 60))
        }
        let articles = try await NewsTagStore.articles(
            taggedWith: id, after: nil, limit: Self.searchPageSize + 1, offset: (self.answers.parameters.page - 1) * Self.searchPageSize, now: now,
            on: connection)
        return Self.page(articles.map(self.item), pageSize: Self.searchPageSize)
    }

    /// A page of a paged Floki list (a search's, a tag's) from its items read one past the page: the
    /// page's, `has_older` saying whether more follow.
    private static func page(_ items: [JSONValue], pageSize: Int) -> NewsAnswers.Answer {
        NewsAnswers.Answer(
            data: ["items": .array(Array(items.prefix(pageSize))), "to_delete": [], "has_older": .bool(items.count > pageSize)], lastModified: nil)
    }

    /// One section per category, open unless the app says otherwise (`sections=collapsed`): the
    /// clients' default is a collapsed header per section.
    private func sections(_ now: Int) async throws -> [JSONValue] {
        let categories = try await self.answers.categoryList(now)
        return categories.enumerated().map { index, published in
            [
                "id": .int(published.category.id), "sort_id": .int(categories.count - index), "visible": true,
                "name": .string(published.category.label), "interactive": true, "starts_collapsed": .bool(self.answers.parameters.sectionsCollapsed),
            ]
        }
    }

    private func item(_ published: PublishedArticle) -> JSONValue {
        let article = published.article
        let json = self.answers.json
        let date = DateWording(catalog: self.messages, timeZone: .gmt).date(article.addDate)
        let elsewhere = !article.externalURL.isEmpty
        var item: [(key: String, value: JSONValue)] = [
            ("id", .int(article.id)),
            ("sort_id", .int(NewsJSON.sortID(article))),
            ("section_ids", [.int(article.categoryID)]),
            ("title", .string(article.title)),
            ("body", .string(article.shownSummary)),
            ("footer", .string(article.author.isEmpty ? date : self.messages.text(.newsFooter, article.author, date))),
            ("url", .string(elsewhere ? article.externalURL : json.versionedPageURL(published))),
            ("share_url", .string(elsewhere ? article.externalURL : json.webURL(published))),
            ("expiration_date", .int(article.expiresAt ?? 0)),
            ("online", .bool(elsewhere)),
        ]
        if let image = json.thumbnailURL(article, cell: .news) { item.append(("image", .string(image))) }
        if !elsewhere, let movie = self.movie(published) {
            item.removeAll { $0.key == "url" }
            item += movie
        }
        return .object(item)
    }

    /// An article whose video is ready opens the apps' movie controller (``FlokiMovie``); a video not
    /// ready yet leaves the article an ordinary item.
    private func movie(_ published: PublishedArticle) -> [(key: String, value: JSONValue)]? {
        published.video.flatMap {
            FlokiMovie(json: self.answers.json).fields($0, title: published.article.title, text: published.article.shownSummary)
        }
    }
}
