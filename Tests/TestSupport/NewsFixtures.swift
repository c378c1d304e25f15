import EndpointCore
import HTTPTypes
import HummingbirdTesting
import News
import SQLKit
import Storage

/// Articles written through the news store (as `content/commandr_fs` writes them, change log included),
/// and requests to `content/news`.
package enum NewsFixtures {
    /// REST style: `…/content/news/<id>?<query>`.
    package static func uri(_ id: String, _ query: String = "") -> String {
        "/data/endpoint.php/content/news/\(id)" + (query.isEmpty ? "" : "?" + query)
    }

    /// Creates an article in category `category` (a moniker) and returns its ID.
    @discardableResult
    package static func article(
        _ title: String, in category: String = "general", addDate: Int = UnixTime.now - 60, validated: Bool = true, expiresAt: Int? = nil,
        summary: String = "", body: String = "", author: String = "", database: Database
    ) async throws -> Int {
        try await database.transaction { connection in
            guard let categoryID = try await NewsFeedStore.categoryID(category, on: connection) else { throw TestFailure("no category \(category)") }
            var changes = NewsArticleChanges()
            changes.summary = summary
            changes.article = body
            changes.author = author
            changes.validated = validated
            changes.addDate = addDate
            changes.expiresAt = .some(expiresAt)
            return try await ArticleWriter(publicURL: "").create(
                title: title, categoryID: categoryID, submitterID: 1, applying: changes, on: connection, now: addDate
            ).id
        }
    }

    /// Creates `count` shown articles in one transaction, the first the newest, one a minute apart
    /// back from `newest`, titled `title` and their index, with `body`; returns their IDs.
    @discardableResult
    package static func articles(
        _ count: Int, title: String = "Story", body: String = "", newest: Int = UnixTime.now - 60, database: Database
    ) async throws -> [Int] {
        try await database.transaction { connection in
            guard let categoryID = try await NewsFeedStore.categoryID("general", on: connection) else { throw TestFailure("no category general") }
            var ids: [Int] = []
            for index in 0..<count {
                var changes = NewsArticleChanges()
                changes.article = body
                changes.validated = true
                changes.addDate = newest - 60 * index
                ids.append(
                    try await ArticleWriter(publicURL: "").create(
                        title: "\(title) \(index)", categoryID: categoryID, submitterID: 1, applying: changes, on: connection, now: newest - 60 * index
                    ).id)
            }
            return ids
        }
    }

    /// Applies `changes` to article `id` in its own transaction.
    package static func edit(_ id: Int, database: Database, _ change: (inout NewsArticleChanges) -> Void) async throws {
        var changes = NewsArticleChanges()
        change(&changes)
        let now = UnixTime.now
        try await database.transaction { try await ArticleWriter(publicURL: "").apply(changes, toArticle: id, editedAt: now, on: $0, now: now) }
    }
}

extension TestClientProtocol {
    /// The IDs of the articles of `uri` (a `content/news` list) and of every page its `Link: rel="next"`
    /// headers lead to, followed as the absolute URLs they are (on `publicURL`) until a page has none;
    /// fails on a page that is not 200 or on more than `pages` pages.
    package func articlesFollowingLinks(_ uri: String, publicURL: String = "http://127.0.0.1:8080", pages: Int = 100) async throws -> [Int] {
        var ids: [Int] = []
        var next: String? = uri
        var followed = 0
        while let current = next {
            followed += 1
            guard followed <= pages else { throw TestFailure("more than \(pages) pages from \(uri)") }
            let answer = try await self.envelope(current)
            guard answer.status == .ok, answer.success == true else { throw TestFailure("\(current) answered \(answer.status): \(answer.raw)") }
            ids += (answer.data["articles"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
            next = try Self.nextLink(answer.headers[HTTPField.Name("Link")!]).map { link in
                guard link.hasPrefix(publicURL) else { throw TestFailure("a link off the public URL: \(link)") }
                return String(link.dropFirst(publicURL.count))
            }
        }
        return ids
    }

    /// The URL of a `Link` header's `rel="next"`.
    package static func nextLink(_ header: String?) throws -> String? {
        guard let header else { return nil }
        guard let match = header.firstMatch(of: #/^<([^>]+)>; rel="next"$/#) else { throw TestFailure("not a next link: \(header)") }
        return String(match.output.1)
    }

    /// A `content/news` request in REST style.
    package func news(_ id: String, _ query: String = "", headers: HTTPFields = [:]) async throws -> DecodedEnvelope {
        try await self.envelope(NewsFixtures.uri(id, query), headers: headers)
    }
}
