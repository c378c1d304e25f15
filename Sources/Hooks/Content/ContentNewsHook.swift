public import EndpointCore
public import Messages
public import News
public import Storage
public import Text

/// `content/news`: the public, read-only news API for apps (`view` only). `id` picks the resource —
/// `categories`, `categories/<id or moniker>`, `articles`, `articles/<id or moniker>`, `top`,
/// `changes`, `live` (every change as it is committed, as Server-Sent Events), and for Floki clients `feed/<category or all>`, `gallery[/<article>]` and `search` — and the parameters are
/// read by ``NewsParameters``; the answers are `News`'s ``NewsResponder``.
///
/// Every caller gets the same answer (credentials are not even looked up), so answers are marked
/// `public` for shared caches with a strong `ETag` and a `Last-Modified`, and kept rendered;
/// `changes` is revalidated every time instead.
public struct ContentNewsHook: Hook {
    private let responder: NewsResponder
    private let config: ConfigStore
    private let searches: NewsSearchGate
    private let live: NewsLiveFeed

    public init(responder: NewsResponder, config: ConfigStore, searches: NewsSearchGate, live: NewsLiveFeed) {
        self.responder = responder
        self.config = config
        self.searches = searches
        self.live = live
    }

    public var isPublic: Bool { true }
    public var speaksFloki: Bool { true }
    public func effect(of type: String?) -> OperationEffect { .readsOnly }

    public var parameterNames: Set<String> { NewsParameters.names }
    public var streamsEvents: Bool { true }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        guard request.type == nil || request.type == "view" else { throw EndpointError.refused(.invalidEndpointType) }
        let parameters = try NewsParameters(request.parameters)
        let id = request.id ?? ""
        guard id.utf8.count <= Self.longestResource else { throw EndpointError.badRequest(.newsUnknownResource, TextLength.prefix(id, 60)) }
        let query = NewsResponder.Query(
            id: id, parameters: parameters, documentLanguage: request.responseType == .floki ? request.language : nil
        )
        let options = try await self.config.options()
        if id == Self.liveResource, request.responseType == .json {
            let limits = NewsLiveFeed.Limits(streams: options.integer(.newsLiveStreams), perNetwork: options.integer(.newsLiveStreamsPerNetwork))
            do {
                let stream = try await self.live.open(
                    parameters, lastEventID: request.lastEventID, network: RateLimit.Subject.address(request.clientAddress).key, limits: limits)
                return HookResponse(caching: .notStored, stream: stream)
            } catch let refusal as Refusal where refusal.kind == .limited {
                // An `EventSource` is no phone SDK: it reads the status (a 429 with `Retry-After`), not the envelope.
                throw EndpointError(refusal, .http)
            }
        }
        if query.isSearch { try await self.searches.admit(from: request.clientAddress, perMinute: options.integer(.newsSearchPerMinute)) }
        return try await self.responder.response(to: query, maxAge: options.integer(.newsMaxAgeSeconds))
    }

    /// The resource answered with a live stream of changes (Server-Sent Events).
    static let liveResource = "live"

    /// The longest resource `id` answered: a resource name, `/` and an ID or moniker (at most 24
    /// characters, or a number); anything longer names nothing and is refused before any cache is
    /// looked at.
    private static let longestResource = 128
}
