import Hummingbird
import Logging
import NIOConcurrencyHelpers
import SiteStore

/// Records every request once it is answered: one access line (`request` at info level: request ID,
/// method, path, status, duration, for `/data/endpoint.php` the hook, type and caller, and the client's
/// address) and, with metrics on, the request metrics (``RequestMetrics``).
///
/// Only the path is logged — never the query string, body, headers or cookies, which carry
/// passwords, device tokens and e-mailed codes. The request ID (Hummingbird's `hb.request.id`, on
/// every line the request's logger writes) is the access line's `request_id` and goes in
/// ``RequestOrigin`` for the mail and push the request queues. With the log level above info and no
/// metrics nothing is measured.
struct AccessRecorder: RouterMiddleware {
    typealias Context = EndpointRequestContext

    let clientAddress: ClientAddress
    let metrics: RequestMetrics?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await RequestOrigin.$requestID.withValue(context.id) {
            // Nothing to record: no clock, no note (the authenticated call is the hot path).
            guard self.metrics != nil || context.logger.logLevel <= .info else { return try await next(request, context) }
            let started = ContinuousClock.now
            let note = AccessNote()
            var context = context
            context.access = note
            do {
                let response = try await next(request, context)
                self.record(request, context: context, note: note.entry, status: response.status.code, duration: .now - started)
                return response
            } catch {
                self.record(
                    request, context: context, note: note.entry, status: (error as? any HTTPResponseError)?.status.code ?? 500, duration: .now - started)
                throw error
            }
        }
    }

    private func record(_ request: Request, context: Context, note: AccessNote.Entry, status: Int, duration: Duration) {
        self.metrics?.record(
            hook: note.hook, type: note.type, status: status, duration: duration, isEndpoint: EndpointDispatcher.handles(request.uri.path)
        )
        guard context.logger.logLevel <= .info else { return }
        let elapsed = duration.components
        let microseconds = elapsed.seconds * 1_000_000 + elapsed.attoseconds / 1_000_000_000_000
        let fraction = String(microseconds % 1000)
        var metadata: Logger.Metadata = [
            "request_id": .string(RequestOrigin.requestID),
            "method": .string(request.method.rawValue),
            "path": .string(request.uri.path),
            "status": .stringConvertible(status),
            "duration_ms": .string("\(microseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"),
            "client_ip": .string(self.clientAddress.resolve(peer: context.remoteAddress, forwardedFor: request.headers.value(of: .xForwardedFor))),
        ]
        if let hook = note.hook { metadata["hook"] = .string(hook) }
        if let type = note.type { metadata["type"] = .string(type) }
        metadata["member"] = .string(note.memberID.map(String.init) ?? "guest")
        context.logger.info("request", metadata: metadata)
    }
}

/// What the dispatcher learns about a request that its access line reports: shared by reference
/// between the access log and the dispatcher, which see copies of the request context.
final class AccessNote: Sendable {
    struct Entry {
        var hook: String?
        var type: String?
        var memberID: Int?
    }

    /// A pthread mutex, which ThreadSanitizer sees (see `SQLiteConnections`).
    private let storage = NIOLockedValueBox(Entry())

    var entry: Entry {
        self.storage.withLockedValue { $0 }
    }

    /// The types Composr's hooks and the REST method table use. Any other is noted as `other`, so
    /// neither the access line nor a metric label carries text a client chose (a `type` with a newline
    /// would forge a line of the text log).
    private static let knownTypes: Set<String> = ["view", "add", "edit", "delete", "search", "confirm", "send"]

    /// Notes the request's hook (a registered one), its type (bounded as above) and caller.
    func record(hook: String, type: String?, memberID: Int?) {
        let bounded = type.map { Self.knownTypes.contains($0) ? $0 : "other" }
        self.storage.withLockedValue { $0 = Entry(hook: hook, type: bounded, memberID: memberID) }
    }
}
