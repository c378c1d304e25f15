import Hummingbird
import Logging
import SiteStore
import Synchronization

/// One access line per request (`request` at info level): request ID, method, path, status, duration,
/// and for `/data/endpoint.php` the hook, type and caller, plus the client's address.
///
/// Only the path is logged — never the query string, body, headers or cookies, which carry
/// passwords, device tokens and e-mailed codes. The request ID is put in every line the request's
/// logger writes (`request_id`) and in ``RequestOrigin`` for the mail and push it queues.
struct AccessLog: RouterMiddleware {
    typealias Context = EndpointRequestContext

    let clientAddress: ClientAddress

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let requestID = context.id
        var context = context
        context.logger[metadataKey: "request_id"] = .string(requestID)
        let started = ContinuousClock.now
        return try await RequestOrigin.$requestID.withValue(requestID) {
            do {
                let response = try await next(request, context)
                self.log(request, context: context, status: response.status.code, since: started)
                return response
            } catch {
                self.log(request, context: context, status: (error as? any HTTPResponseError)?.status.code ?? 500, since: started)
                throw error
            }
        }
    }

    private func log(_ request: Request, context: Context, status: Int, since started: ContinuousClock.Instant) {
        guard context.logger.logLevel <= .info else { return }
        let elapsed = (ContinuousClock.now - started).components
        let microseconds = elapsed.seconds * 1_000_000 + elapsed.attoseconds / 1_000_000_000_000
        let fraction = String(microseconds % 1000)
        var metadata: Logger.Metadata = [
            "method": .string(request.method.rawValue),
            "path": .string(request.uri.path),
            "status": .stringConvertible(status),
            "duration_ms": .string("\(microseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"),
            "client_ip": .string(self.clientAddress.resolve(peer: context.remoteAddress, forwardedFor: request.headers[.xForwardedFor])),
        ]
        let note = context.access.entry
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

    private let storage = Mutex(Entry())

    var entry: Entry {
        self.storage.withLock { $0 }
    }

    func record(hook: String, type: String?, memberID: Int?) {
        self.storage.withLock { $0 = Entry(hook: hook, type: type, memberID: memberID) }
    }
}
