import EndpointCore
import Foundation
import Messages
import SiteStore

/// The news as Floki clients read it (`response_type=floki`; the protocol is the Floki server
/// protocol's "News item protocol"): the bare document `{"items", "to_delete", "has_older"}` for
/// `feed/<category or all>` and `search`.
///
/// A client keeps a cache and says what it holds: `l` and `h` (its lowest and highest item IDs), `o`
/// (give items older than this one). Without `h` it gets the newest items; with `h`, only newer ones;
/// `to_delete` names the IDs in `[l, h]` that are no longer shown (deleted, hidden or expired).
struct FlokiFeed {
    let answers: NewsAnswers
    /// For the footer's date.
    let messages: MessageCatalog

    /// Items per feed answer, and per search page.
    static let feedSize = 50
    static let searchPageSize = 20
    /// At most this many IDs in `to_delete`.
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
        // An `o` or `h` naming an article that no longer exists is ignored: the newest items come.
        let older = try await self.position(of: parameters.older)
        let newer = older == nil ? try await self.position(of: parameters.highest) : nil
        var articles = try await NewsFeedStore.articles(
            in: categoryIDs, after: older, newerThan: newer, limit: Self.feedSize + 1, now: now, on: connection
        )
        let hasOlder = articles.count > Self.feedSize
        articles = Array(articles.prefix(Self.feedSize))
        var document: [(key: String, value: JSONValue)] = [
            ("items", .array(articles.map(self.item))),
            ("to_delete", .array(try await self.deletions(now: now).map(JSONValue.int))),
            ("has_older", .bool(hasOlder)),
        ]
        if reference == "all" {
            let categories = try await self.answers.categoryList(now)
            document.append(
                (
                    "sections",
                    .array(
                        categories.enumerated().map { index, published in
                            [
                                "id": .int(published.category.id), "sort_id": .int(categories.count - index), "visible": true,
                                "name": .string(published.category.label),
                            ]
                        })
                ))
        }
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

    private func position(of id: Int?) async throws -> NewsFeedStore.Position? {
        guard let id else { return nil }
        return try await NewsFeedStore.position(ofArticle: id, on: self.answers.connection)
    }

    /// The IDs in `[l, h]` that changed and are not shown now.
    private func deletions(now: Int) async throws -> [Int] {
        guard let lowest = self.answers.parameters.lowest, let highest = self.answers.parameters.highest, lowest <= highest else { return [] }
        let changed = try await NewsChangeLog.changedArticles(in: lowest...highest, limit: Self.deletionLimit, on: self.answers.connection)
        let shown = Set(try await NewsFeedStore.articles(ids: changed, now: now, on: self.answers.connection).map(\.article.id))
        return changed.filter { !shown.contains($0) }
    }

    private func item(_ published: PublishedArticle) -> JSONValue {
        let article = published.article
        let json = self.answers.json
        let date = DateWording(catalog: self.messages, timeZone: .gmt).date(article.addDate)
        var item: [(key: String, value: JSONValue)] = [
            ("id", .int(article.id)),
            ("sort_id", .int(NewsJSON.sortID(article))),
            ("section_ids", [.int(article.categoryID)]),
            ("title", .string(article.title)),
            ("body", .string(article.summary)),
            ("footer", .string(article.author.isEmpty ? date : self.messages.text(.newsFooter, article.author, date))),
            ("url", .string(json.webURL(published))),
            ("share_url", .string(article.externalURL.isEmpty ? json.webURL(published) : article.externalURL)),
            ("expiration_date", .int(article.expiresAt ?? 0)),
            ("online", false),
        ]
        if let image = json.image(article) { item.append(("image", .string(image.url(for: json.device)))) }
        return .object(item)
    }
}
