public import EndpointCore
public import Media
public import Routes

extension NewsResponder {
    /// What the MIT News apps ask for.
    public enum MITNewsResource: Sendable {
        case categories
        case stories(MITStoriesQuery)
        /// One story by ID or moniker.
        case story(String)
    }

    /// The answer to an MIT News app: a bare JSON document, kept and cached as `content/news`
    /// answers are (searches revalidated by shared caches every time).
    public func mitNews(_ resource: MITNewsResource, maxAge: Int) async throws -> HookResponse {
        let key: NewsAnswerKey
        var isSearch = false
        switch resource {
        case .categories: key = NewsAnswerKey(resource: "mit/categories")
        case .stories(let query):
            key = NewsAnswerKey(resource: "mit/stories", mitStories: query)
            isSearch = query.isSearch
        case .story(let reference): key = NewsAnswerKey(resource: "mit/story/" + reference)
        }
        return try await self.kept(key, revalidated: isSearch, document: true, maxAge: maxAge) { now, connection in
            let answers = MITNewsAnswers(
                connection: connection, json: MITNewsJSON(news: NewsJSON(publicURL: self.publicURL, device: .tablet, fields: nil)), clock: self.clock,
                categoryList: self.categoryList(now: now, maxAge: maxAge, on: connection)
            )
            switch resource {
            case .categories: return try await answers.categories()
            case .stories(let query):
                return try await answers.stories(query) { SiteRoute.mitStories(query: query.nextPageQuery(cursor: $0)).url(on: self.publicURL) }
            case .story(let reference): return try await answers.story(reference)
            }
        }
    }
}
