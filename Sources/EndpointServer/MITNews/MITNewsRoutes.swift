import EndpointCore
import HTTPTypes
import Hooks
import Hummingbird
import Logging
import Messages
import News
import SiteStore

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

    static let path = "apis/news"

    func register(on router: Router<EndpointRequestContext>) {
        router.get("\(Self.path)/categories") { request, context in
            try await self.answering(request, context) { _ in .categories }
        }
        router.get("\(Self.path)/stories") { request, context in
            try await self.answering(request, context) { options in
                let parameters = RequestParameters(post: [:], query: try FormURLEncoding.table((request.uri.query ?? "").utf8))
                let query = try MITStoriesQuery(parameters)
                if query.isSearch {
                    let address = self.clientAddress.resolve(peer: context.remoteAddress, forwardedFor: request.headers.value(of: .xForwardedFor))
                    try await self.searches.admit(from: address, perMinute: options.integer(.newsSearchPerMinute))
                }
                return .stories(query)
            }
        }
        router.get("\(Self.path)/stories/:story") { request, context in
            try await self.answering(request, context) { _ in
                let reference = PathSegment.decode(context.parameters.get("story") ?? "")
                guard reference.utf8.count <= 200 else { throw EndpointError(status: 404, message: .newsUnknownArticle) }
                return .story(reference)
            }
        }
    }

    /// The answer for the resource `resource` names, in the request's language, or its failure.
    private func answering(
        _ request: Request, _ context: EndpointRequestContext, _ resource: (ConfigOptions) async throws -> NewsResponder.MITNewsResource
    ) async throws -> Response {
        let language = await self.languages.catalog(for: request)
        do {
            let options = try await self.config.options()
            let answer = try await self.news.mitNews(try await resource(options), maxAge: options.integer(.newsMaxAgeSeconds))
            return Envelope.success(
                answer.data, requestID: context.id, language: language, headers: answer.headers, cacheable: true, caching: answer.caching,
                conditions: Envelope.Conditions(
                    ifNoneMatch: request.headers.value(of: .ifNoneMatch), ifModifiedSince: request.headers.value(of: .ifModifiedSince)),
                document: true, rendering: answer.rendering
            )
        } catch let error as any EndpointErrorConvertible {
            return Envelope.bareFailure(error.endpointError, requestID: context.id, language: language)
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
            return Envelope.bareFailure(
                EndpointError(status: 500, message: .internalFailure, arguments: [context.id]), requestID: context.id, language: language
            )
        }
    }
}
