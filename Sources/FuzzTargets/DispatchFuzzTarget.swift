import EndpointCore
import EndpointServer
import HummingbirdCore
import Messages
import Routes

extension FuzzTarget {
    /// The request line: the method (first line of the input) and the request target (the rest), read
    /// as the server reads them — Hummingbird's URI, the ``SiteRoute`` it names, then `ResolvedTarget`.
    ///
    /// Properties: a refusal says the input is malformed (a 400); an accepted target names word-only hooks, takes `type` and `id`
    /// from the query when it has them, and an `id` read from the path never starts with a slash.
    static let dispatch = FuzzTarget(name: "dispatch") { input in
        let (methodBytes, targetBytes) = input.splitAtFirstLine
        let uri = URI(targetBytes.lossyText)
        guard case .endpoint(let pathInfo, let query)? = SiteRoute(path: uri.path, query: uri.query) else { return nil }
        let resolved: ResolvedTarget
        do throws(Refusal) {
            resolved = try ResolvedTarget(method: methodBytes.lossyText, pathInfo: pathInfo, query: query)
        } catch {
            return error.kind == .malformed ? nil : "refused as \(error.kind), not as malformed"
        }
        guard DispatchTarget.isWord(resolved.key.hookType), DispatchTarget.isWord(resolved.key.hook) else {
            return "accepted hook names that are not words: \(resolved.key)"
        }
        if let type = resolved.query["type"], resolved.target.type != type { return "the query's type did not win" }
        if let id = resolved.query["id"] {
            if resolved.target.id != id { return "the query's id did not win" }
        } else if resolved.target.id?.utf8.first == UInt8(ascii: "/") {
            return "an id read from the path starts with a slash"
        }
        return nil
    }
}
