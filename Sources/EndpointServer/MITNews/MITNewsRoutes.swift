import EndpointCore
import HTTPTypes
import Hooks
import Hummingbird
import Logging
import Messages
import News
import Routes
import Storage

/// The API the MIT News apps read (`MIT-Mobile-for-iOS`, `MIT-Mobile-for-Android`), under the path
/// they are built with: `GET /apis/news/categories/`, `GET /apis/news/stories/` (`category`, `q`,
/// `featured`, `offset`, `limit`, and the `cursor` of a `Link` next URL) and
/// `GET /apis/news/stories/<id>`, each with or without a trailing slash. Answers are bare JSON (the
/// apps map the root) with the caching, entity tags and 304s of `content/news` (``NewsResponder``);
/// failures are a 4xx or 5xx with `{"error": sentence}`, the key RestKit maps from an error answer.
struct MITNewsRoutes: Sendable {
    let news: NewsResponder
    let config: ConfigStore
    let languages: LanguageNegotiation
    let searches: NewsSearchGate
    let clientAddress: ClientAddress

    /// The answer for `route`, one of the MIT News routes, in the request's language (its failures are
    /// `{"error": sentence}`, ``FailureAnswers``).
    func answer(_ route: SiteRoute, _ request: Request, _ context: EndpointRequestContext) async throws -> Response {
        let options = try await self.config.options()
        let resource: NewsResponder.MITNewsResource
        switch route {
        case .mitStories(let query):
            let stories = try MITStoriesQuery(RequestParameters(post: [:], query: try query.table()))
            if stories.isSearch {
                let address = self.clientAddress.resolve(peer: context.remoteAddress, forwardedFor: request.headers.value(of: .xForwardedFor))
                try await self.searches.admit(from: address, perMinute: options.integer(.newsSearchPerMinute))
            }
            resource = .stories(stories)
        case .mitStory(let reference):
            guard reference.utf8.count <= 200 else { throw EndpointError(status: 404, message: .newsUnknownArticle) }
            resource = .story(reference)
        default:
            resource = .categories
        }
        let answer = try await self.news.mitNews(resource, maxAge: options.integer(.newsMaxAgeSeconds))
        return Envelope.success(
            answer.data, requestID: context.id, language: await self.languages.catalog(for: request), headers: answer.headers, cacheable: true,
            caching: answer.caching,
            conditions: Envelope.Conditions(
                ifNoneMatch: request.headers.value(of: .ifNoneMatch), ifModifiedSince: request.headers.value(of: .ifModifiedSince)),
            document: true, rendering: answer.rendering
        )
    }
}
