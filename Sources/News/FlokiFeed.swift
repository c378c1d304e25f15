import EndpointCore
import Foundation
import Media
import Messages
import SiteStore

/// The news as Floki clients read it (`response_type=floki`; the protocol is the Floki server
/// protocol's "News item protocol"): the bare document `{"items", "to_delete", "has_older"}` for
/// `feed/<category or all>` and `search`.
///
/// The clients say only which IDs they hold (`l`, `h`: lowest and highest) and, to page back, the
/// item they hold lowest in the list (`o`); never when they fetched. iOS merges every answer into
/// what it holds and shows the "load older" cell only when *this* answer says `has_older`; Android
/// replaces what it holds with each answer. So a refresh always carries the newest `feedSize` shown
/// articles (all Android needs), and for a client that says what it holds, also the articles placed
/// within the span it holds that it lacks or may hold an old copy of (published late, placed back
/// in time, or changed while the change log remembers); `has_older` then says whether shown
/// articles lie below that span. An item's `url` carries a digest of the article, so the clients'
/// page caches, keyed by URL, fetch an edited article again.
struct FlokiFeed {
    let answers: NewsAnswers
    /// For the footer's date.
    let messages: MessageCatalog

    /// Items per feed answer (the clients' default `cache_size`), and per search page.
    static let feedSize = 50
    static let searchPageSize = 20
    /// At most this many articles re-sent besides the newest, and IDs in `to_delete`.
    static let resendLimit = 200
    static let deletionLimit = 1000

    func feed(_ reference: String) async throws -> NewsAnswers.Answer {
        let connection = self.answers.connection
        let parameters = self.answers.parameters
        let state = try await NewsChangeLog.state(on: connection)
        let now = self.answers.moment(after: state.latestTime)
        var categoryIDs: [Int]?
        if reference != "all" {
            guard let id = try await NewsFeedStore.categoryID(reference, on: connection) else { throw EndpointError.refused(.newsUnknownCategory, reference) }
            categoryIDs = [id]
        }
        let held = parameters.lowest.flatMap { lowest in parameters.highest.flatMap { lowest <= $0 ? lowest...$0 : nil } }
        let page =
            if let older = parameters.older {
                try await self.olderPage(than: older, in: categoryIDs, now: now)
            } else {
                try await self.refresh(in: categoryIDs, holding: held, now: now)
            }
        var document: [(key: String, value: JSONValue)] = [
            ("items", .array(page.articles.map(self.item))),
            ("to_delete", .array(try await self.deletions(in: categoryIDs, holding: held, now: now).map(JSONValue.int))),
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
        let articles = try await NewsFeedStore.articles(
            in: nil, containing: parameters.words ?? [], after: nil, limit: Self.searchPageSize + 1,
            offset: (parameters.page - 1) * Self.searchPageSize, now: now, on: connection
        )
        return NewsAnswers.Answer(
            data: [
                "items": .array(articles.prefix(Self.searchPageSize).map(self.item)), "to_delete": [],
                "has_older": .bool(articles.count > Self.searchPageSize),
            ],
            lastModified: nil
        )
    }

    private struct Page {
        var articles: [PublishedArticle]
        var hasOlder: Bool
    }

    /// The newest articles, and for a client holding `held`, what it lacks or holds old within the
    /// span it holds; `has_older` when shown articles lie below the lower of that span and the newest.
    private func refresh(in categories: [Int]?, holding held: ClosedRange<Int>?, now: Int) async throws -> Page {
        let connection = self.answers.connection
        let fetched = try await NewsFeedStore.articles(in: categories, after: nil, limit: Self.feedSize + 1, now: now, on: connection)
        let newest = Array(fetched.prefix(Self.feedSize))
        guard let held, fetched.count > Self.feedSize, let last = newest.last else {
            return Page(articles: newest, hasOlder: fetched.count > Self.feedSize)
        }
        let top = NewsFeedStore.Position(addDate: last.article.addDate, id: last.article.id)
        let oldestHeld = try await NewsFeedStore.oldestPosition(in: categories, ids: held, now: now, on: connection)
        let floor = oldestHeld.map { min($0, top) } ?? top
        let resent = try await NewsFeedStore.articlesToResend(
            in: categories, ids: held, from: floor, below: top, limit: Self.resendLimit, now: now, on: connection
        )
        let below = try await NewsFeedStore.articles(in: categories, after: floor, limit: 1, now: now, on: connection)
        return Page(articles: newest + resent, hasOlder: !below.isEmpty)
    }

    /// The articles listed below article `older`; none, and nothing older, when that article's place
    /// is unknown (it was deleted): the client then stops paging rather than loop.
    private func olderPage(than older: Int, in categories: [Int]?, now: Int) async throws -> Page {
        let connection = self.answers.connection
        guard let position = try await NewsFeedStore.position(ofArticle: older, on: connection) else { return Page(articles: [], hasOlder: false) }
        let fetched = try await NewsFeedStore.articles(in: categories, after: position, limit: Self.feedSize + 1, now: now, on: connection)
        return Page(articles: Array(fetched.prefix(Self.feedSize)), hasOlder: fetched.count > Self.feedSize)
    }

    /// The IDs in `held` of articles once shown that are not shown in this feed now (deleted, hidden,
    /// expired or moved to another category).
    private func deletions(in categories: [Int]?, holding held: ClosedRange<Int>?, now: Int) async throws -> [Int] {
        guard let held else { return [] }
        let connection = self.answers.connection
        let changed = try await NewsChangeLog.changedArticles(in: held, limit: Self.deletionLimit, on: connection)
        let shown = try await NewsFeedStore.shownIDs(changed, in: categories, now: now, on: connection)
        return changed.filter { !shown.contains($0) }
    }

    /// One section per category, open: the clients' default is a collapsed header per section.
    private func sections(_ now: Int) async throws -> [JSONValue] {
        let categories = try await self.answers.categoryList(now)
        return categories.enumerated().map { index, published in
            [
                "id": .int(published.category.id), "sort_id": .int(categories.count - index), "visible": true,
                "name": .string(published.category.label), "interactive": true, "starts_collapsed": false,
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
            ("body", .string(article.summary)),
            ("footer", .string(article.author.isEmpty ? date : self.messages.text(.newsFooter, article.author, date))),
            ("url", .string(elsewhere ? article.externalURL : json.versionedPageURL(article))),
            ("share_url", .string(elsewhere ? article.externalURL : json.webURL(published))),
            ("expiration_date", .int(article.expiresAt ?? 0)),
            ("online", .bool(elsewhere)),
        ]
        if let image = json.thumbnailURL(article, cell: .news) { item.append(("image", .string(image))) }
        return .object(item)
    }
}
