public import Hummingbird

/// Answers `HEAD` wherever `GET` is answered, with the status and headers `GET` gives (its
/// `Content-Length` included) and no body: load balancers and link checkers ask with `HEAD`, and the
/// server's pages, probes, images and Floki routes are matched by ``SiteRoutes`` rather than by the
/// router, whose own `HEAD` answers cover only its endpoints. A streamed body is never started.
struct HeadRequests: RouterMiddleware {
    typealias Context = EndpointRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .head else { return try await next(request, context) }
        var head = request.head
        head.method = .get
        return try await next(Request(head: head, body: request.body), context).createHeadResponse()
    }
}
