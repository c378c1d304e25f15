import EndpointCore
import HTTPTypes
import HummingbirdTesting
import SQLKit
import SiteStore

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
            return try await NewsStore.createArticle(title: title, categoryID: categoryID, submitterID: 1, applying: changes, on: connection, now: addDate)
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
                    try await NewsStore.createArticle(
                        title: "\(title) \(index)", categoryID: categoryID, submitterID: 1, applying: changes, on: connection, now: newest - 60 * index))
            }
            return ids
        }
    }

    /// Applies `changes` to article `id` in its own transaction.
    package static func edit(_ id: Int, database: Database, _ change: (inout NewsArticleChanges) -> Void) async throws {
        var changes = NewsArticleChanges()
        change(&changes)
        try await database.transaction { try await NewsStore.apply(changes, toArticle: id, editedAt: UnixTime.now, on: $0) }
    }
}

extension TestClientProtocol {
    /// A `content/news` request in REST style.
    package func news(_ id: String, _ query: String = "", headers: HTTPFields = [:]) async throws -> DecodedEnvelope {
        try await self.envelope(NewsFixtures.uri(id, query), headers: headers)
    }
}
