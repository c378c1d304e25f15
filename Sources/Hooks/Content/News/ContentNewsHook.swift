import Auth
public import EndpointCore
import Messages
import SQLKit
public import SiteStore

/// `content/news`: the public, read-only news API for apps (`view` only). `id` picks the resource —
/// `categories`, `categories/<id or moniker>`, `articles`, `articles/<id or moniker>`, `top`,
/// `changes` — and the parameters are read by ``NewsParameters``.
///
/// Every caller gets the same answer (credentials are not even looked up), so answers are marked
/// `public` for shared caches with a strong `ETag` and a `Last-Modified`, and kept rendered in a
/// ``NewsAnswerCache``; `changes` is revalidated every time instead.
public struct ContentNewsHook: Hook {
    private let database: Database
    private let config: ConfigStore
    private let publicURL: String
    private let answers: NewsAnswerCache

    /// - Parameter publicURL: the site's public URL, for `web_url`, image paths and `Link` headers.
    public init(database: Database, config: ConfigStore, publicURL: String, answers: NewsAnswerCache) {
        self.database = database
        self.config = config
        self.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        self.answers = answers
    }

    public var isPublic: Bool { true }
    public var speaksFloki: Bool { true }
    public func effect(of type: String?) -> OperationEffect { .readsOnly }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        guard request.type == nil || request.type == "view" else { throw EndpointError.refused(.invalidEndpointType) }
        let parameters = try NewsParameters(request.parameters)
        let id = request.id ?? ""
        guard id.utf8.count <= Self.longestResource else { throw EndpointError.badRequest(.newsUnknownResource, String(id.prefix(60))) }
        let now = UnixTime.now
        let options = try await self.config.options()
        let maxAge = options.integer(.newsMaxAgeSeconds)
        let isDocument = request.responseType == .floki
        let isSearch = parameters.words != nil && (id == "articles" || (isDocument && id == "search"))
        if isSearch { try await self.admitSearch(from: request.clientAddress, perMinute: options.integer(.newsSearchPerMinute)) }
        // Searches are built every time; everything else is kept rendered (a `changes` answer too: one
        // kept while another instance writes ends at the change it read up to, so a client syncing from
        // it misses nothing, it learns the rest at its next sync).
        let key = Self.cacheKey(id, parameters, request)
        if !isSearch, let cached = self.answers.answer(key, now: now) { return cached }
        let (answer, nextClockChange) = try await self.database.withConnection { connection in
            let answer = try await self.answer(id, request, parameters, maxAge: maxAge, on: connection)
            return (answer, try await NewsFeedStore.nextClockChange(after: now, on: connection))
        }
        // Sync and search answers change with every write: shared caches revalidate them every time.
        let caching: CachePolicy =
            id == "changes" || isSearch
            ? .revalidated(lastModified: answer.lastModified) : .shared(maxAge: maxAge, lastModified: answer.lastModified)
        let response = HookResponse(data: answer.data, headers: answer.headers, isCacheable: true, caching: caching, isDocument: isDocument)
            .rendered()
        if !isSearch { self.answers.store(response, as: key, validUntil: min(now + maxAge, nextClockChange ?? .max)) }
        return response
    }

    /// The answer for resource `id`, as JSON or as a Floki document.
    private func answer(
        _ id: String, _ request: HookRequest, _ parameters: NewsParameters, maxAge: Int, on connection: any SQLDatabase
    ) async throws -> NewsAnswers.Answer {
        let answers = self.answers
        let reader = NewsAnswers(
            connection: connection, parameters: parameters,
            json: NewsJSON(publicURL: self.publicURL, device: parameters.device, fields: parameters.fields),
            categoryList: { now in
                try await answers.categories(now: UnixTime.now, validUntil: UnixTime.now + maxAge) {
                    try await NewsFeedStore.categories(now: now, on: connection)
                }
            }
        )
        if request.responseType == .floki {
            let feed = FlokiFeed(answers: reader, messages: request.language)
            switch Self.resource(id) {
            case ("feed", let reference?): return try await feed.feed(reference)
            case ("search", nil):
                guard parameters.words != nil else { throw EndpointError.badRequest(.noParameterSent, "q") }
                return try await feed.search()
            default: throw EndpointError.badRequest(.newsUnknownResource, String(id.prefix(60)))
            }
        }
        switch Self.resource(id) {
        case ("categories", nil): return try await reader.categories()
        case ("categories", let reference?): return try await reader.category(reference)
        case ("articles", nil): return try await reader.articles { self.nextPageURL(request.parameters, cursor: $0) }
        case ("articles", let reference?): return try await reader.article(reference)
        case ("top", nil): return try await reader.top()
        case ("changes", nil): return try await reader.changes()
        default: throw EndpointError.badRequest(.newsUnknownResource, String(id.prefix(60)))
        }
    }

    /// Searches are counted per client network (`news_search_per_minute`), as they cannot be cached.
    private func admitSearch(from address: String, perMinute: Int) async throws {
        let rule = RateLimit.Rule(count: max(1, perMinute), seconds: 60)
        if let wait = try await RateLimit(database: self.database).admit("news_search", subject: .address(address), rule: rule, retainSeconds: 120) {
            let minutes = String(max(1, (wait + 59) / 60))
            throw EndpointError(status: 200, message: .newsSearchThrottled, arguments: [minutes], headers: ["Retry-After": String(wait)])
        }
    }

    /// `articles/some-moniker` → (`articles`, `some-moniker`).
    private static func resource(_ id: String) -> (String, String?) {
        guard let slash = id.firstIndex(of: "/") else { return (id, nil) }
        let rest = String(id[id.index(after: slash)...])
        return (String(id[..<slash]), rest.isEmpty ? nil : rest)
    }

    /// The longest resource `id` answered: a resource name, `/` and an ID or moniker (at most 24
    /// characters, or a number); anything longer names nothing and is refused before any cache is
    /// looked at.
    private static let longestResource = 128

    /// The resource and the parsed parameters that shape its answer (``NewsParameters/answerKey``), so
    /// equal requests share one kept answer and no client-chosen text of any length is kept; a Floki
    /// document also by language, which its footers are worded in.
    private static func cacheKey(_ id: String, _ parameters: NewsParameters, _ request: HookRequest) -> String {
        let kind = request.responseType == .floki ? "floki." + request.language.tag : "json"
        return kind + ":" + NewsParameters.percentEncoded(id) + "?" + parameters.answerKey
    }

    /// What a next-page link carries over from the request (the cursor is the new one).
    private static let linkParameters = ["category", "categories", "q", "limit", "d", "fields"]

    /// The absolute URL of the next page: the same request in REST style with `cursor` replaced.
    private func nextPageURL(_ parameters: RequestParameters, cursor: String) -> String {
        var pairs = Self.linkParameters.compactMap { name in parameters.optionalEither(name).map { (name, $0) } }
        pairs.append(("cursor", cursor))
        let query = pairs.map { "\($0.0)=\(NewsParameters.percentEncoded($0.1))" }.joined(separator: "&")
        return self.publicURL + "/data/endpoint.php/content/news/articles?" + query
    }
}
