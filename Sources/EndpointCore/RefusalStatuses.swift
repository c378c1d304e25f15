public import Messages

/// The statuses a face answers each kind of ``Refusal`` with: the one place a feature's failure
/// meets the wire.
public enum RefusalStatuses: Sendable {
    /// Composr's API (`/data/endpoint.php`, the Floki app's data): every refusal a phone shows is
    /// HTTP 200 with `success: false`, because the iOS SDK discards the body of any non-2xx answer
    /// (reference §2.5). Only a malformed request is a 400 and a server that cannot serve now a 503.
    case composr
    /// The site's other routes (media files, the MIT News API, pages) and the console: HTTP's own
    /// statuses — 422, 409, 404, 403, 429, 503, 400.
    case http

    /// The status of a refusal of `kind`.
    public func status(of kind: Refusal.Kind) -> Int {
        switch (self, kind) {
        case (_, .malformed): 400
        case (_, .unavailable): 503
        case (.composr, .invalid), (.composr, .conflict), (.composr, .notFound), (.composr, .forbidden), (.composr, .limited): 200
        case (.http, .invalid): 422
        case (.http, .conflict): 409
        case (.http, .notFound): 404
        case (.http, .forbidden): 403
        case (.http, .limited): 429
        }
    }
}

extension EndpointError {
    /// The answer to `refusal` on a face answering with `statuses`, with `Retry-After` when the
    /// refusal says when to try again.
    public init(_ refusal: Refusal, _ statuses: RefusalStatuses) {
        self.init(
            status: statuses.status(of: refusal.kind), message: refusal.message, arguments: refusal.arguments,
            headers: refusal.retryAfterSeconds.map { ["Retry-After": String($0)] } ?? [:]
        )
    }

    /// The answer to `error` when it is an ``EndpointError`` or a refusal, else nil (a failure nobody
    /// described: a 500).
    public init?(answering error: any Error, _ statuses: RefusalStatuses) {
        if let error = error as? EndpointError {
            self = error
        } else if let refusal = (error as? any RefusalConvertible)?.refusal {
            self.init(refusal, statuses)
        } else {
            return nil
        }
    }
}
