import Storage

extension NewsResponder {
    /// The tag page's content (`/news/tag/<moniker>`): the tag's newest shown articles and the
    /// categories with articles; nil for a tag the site does not have.
    public func tagIndex(_ moniker: String, limit: Int = 30) async throws -> NewsIndexContent? {
        let now = self.clock.now
        return try await self.database.withConnection { connection in
            guard moniker.utf8.count <= 200, let (id, tag) = try await NewsTagStore.tag(moniker, on: connection) else { return nil }
            let articles = try await NewsTagStore.articles(taggedWith: id, after: nil, limit: limit, now: now, on: connection)
            let categories = try await NewsFeedStore.categories(now: now, on: connection).filter { $0.articleCount > 0 }
            return NewsIndexContent(articles: articles, categories: categories, chosen: nil, tag: tag)
        }
    }

    /// The moniker of the tag a label names (a Composr tag link's search), when the site has that tag.
    public func tagMoniker(labelled label: String) async throws -> String? {
        guard label.utf8.count <= 400, let moniker = ArticleTag.moniker(of: label) else { return nil }
        return try await self.database.withConnection { try await NewsTagStore.tag(moniker, on: $0)?.tag.moniker }
    }
}
