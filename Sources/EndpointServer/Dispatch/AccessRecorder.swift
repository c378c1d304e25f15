import Hummingbird
import NIOConcurrencyHelpers
import Outbox
import Routes

/// Records every request once it is answered: its entry in the access log (``AccessLog``: request ID,
/// method, path, status, duration, for `/data/endpoint.php` the hook, type and caller, and the
/// client's address) and, with metrics on, the request metrics (``RequestMetrics``).
///
/// Only the path is recorded — never the query string, body, headers or cookies, which carry
/// passwords, device tokens and e-mailed codes. The request ID (Hummingbird's `hb.request.id`, on
/// every line the request's logger writes) is the access line's `request_id` and goes in
/// ``RequestOrigin`` for the mail and push the request queues. With the access log off and no metrics
/// nothing is measured.
struct AccessRecorder: RouterMiddleware {
    typealias Context = EndpointRequestContext

    let clientAddress: ClientAddress
    let accessLog: AccessLog?
    let metrics: RequestMetrics?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await RequestOrigin.$requestID.withValue(context.id) {
            // Nothing to record: no clock, no note (the authenticated call is the hot path).
            guard self.metrics != nil || self.accessLog != nil else { return try await next(request, context) }
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
            hook: note.hook, type: note.type, status: status, duration: duration, isEndpoint: SiteRoute.isEndpoint(request.uri.path)
        )
        guard let accessLog = self.accessLog else { return }
        let elapsed = duration.components
        let now = AccessEntry.now()
        accessLog.record(
            AccessEntry(
                seconds: now.seconds, milliseconds: now.milliseconds, requestID: RequestOrigin.requestID, method: request.method.rawValue,
                path: request.uri.path, status: status, microseconds: Int(elapsed.seconds * 1_000_000 + elapsed.attoseconds / 1_000_000_000_000),
                clientIP: self.clientAddress.resolve(peer: context.remoteAddress, forwardedFor: request.headers.value(of: .xForwardedFor)),
                hook: note.hook, type: note.type, memberID: note.memberID
            ))
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

    /// Notes the member a request that no hook answers was made by (the console's staff).
    func record(memberID: Int) {
        self.storage.withLockedValue { $0.memberID = memberID }
    }

    /// Notes the request's hook (a registered one), its type (bounded as above) and caller.
    func record(hook: String, type: String?, memberID: Int?) {
        let bounded = type.map { Self.knownTypes.contains($0) ? $0 : "other" }
        self.storage.withLockedValue { $0 = Entry(hook: hook, type: bounded, memberID: memberID) }
    }
}
