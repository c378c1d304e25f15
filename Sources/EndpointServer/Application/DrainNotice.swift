public import Hummingbird

/// Asks each client to close its connection after this answer while the server drains (``Drain``), so
/// that no keep-alive connection is still open, and about to be reused, when the server stops.
struct DrainNotice: RouterMiddleware {
    typealias Context = EndpointRequestContext

    let drain: Drain

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        if self.drain.isDraining { response.headers[.connection] = "close" }
        return response
    }
}
