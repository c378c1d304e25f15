import Hummingbird
import NIOCore
import Storage

/// `/healthz` (liveness: the process answers and reaches its database) and `/readyz` (readiness: it
/// should be sent traffic), for load balancers and orchestrators.
struct Probes: Sendable {
    let database: Database
    /// The migration versions this server's schema needs (those it applies on start).
    let requiredMigrations: Set<Int>
    /// Whether caches depend on the cache announcements' listener (PostgreSQL).
    let listens: Bool
    /// This instance's identity (checked to need no JSON escaping), shown by `/readyz` to local callers.
    let instance: String
    let drain: Drain

    /// `/healthz`.
    func health() async -> Response {
        let reachable = await self.database.isReachable()
        return Self.answer(ready: reachable, fields: ["status": reachable ? "ok" : "unavailable"])
    }

    /// `/readyz`.
    func readiness(_ request: Request, _ context: EndpointRequestContext) async -> Response {
        await self.readiness(namingInstance: Self.isLocal(request, context))
    }

    /// Whether a request comes from this host itself, not through a proxy (a balancer's health check,
    /// an operator's `curl`): only those learn the instance's name, which is an internal address's
    /// business, not a public answer's.
    private static func isLocal(_ request: Request, _ context: EndpointRequestContext) -> Bool {
        guard request.headers[.xForwardedFor] == nil else { return false }
        guard let peer = context.remoteAddress?.ipAddress else { return true }
        return peer.hasPrefix("127.") || peer == "::1" || peer.hasPrefix("::ffff:127.")
    }

    /// 200 only when the server is not draining, the database answers, every required migration is
    /// applied and (PostgreSQL) the instance is listening for cache announcements; the body says which
    /// check failed, and, to a local caller, which instance answered.
    private func readiness(namingInstance: Bool) async -> Response {
        let applied = try? await Migrator(database: self.database, files: []).appliedVersions()
        var checks = [
            "database": applied != nil,
            "migrations": applied.map { self.requiredMigrations.isSubset(of: $0) } ?? false,
        ]
        if self.listens { checks["cache_announcements"] = self.database.cacheTrust.isTrusted }
        let draining = self.drain.isDraining
        let ready = !draining && checks.values.allSatisfy { $0 }
        var fields = ["status": draining ? "draining" : ready ? "ready" : "unavailable"]
        if namingInstance { fields["instance"] = self.instance }
        for (name, passed) in checks { fields[name] = passed ? "ok" : "failing" }
        return Self.answer(ready: ready, fields: fields)
    }

    private static func answer(ready: Bool, fields: [String: String]) -> Response {
        let body = "{" + fields.sorted { $0.key < $1.key }.map { #""\#($0.key)":"\#($0.value)""# }.joined(separator: ",") + "}"
        return Response(
            status: ready ? .ok : .serviceUnavailable,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body))
        )
    }
}
