package import EndpointCore
package import Messages
package import Routes

/// A request's target once its hook name checked out: the first thing read from outside bytes, so it
/// is also a fuzz target (`FuzzTargets.dispatch`).
package struct ResolvedTarget {
    package let key: HookKey
    package let target: DispatchTarget
    /// The percent-decoded path after `/data/endpoint.php` (empty in query style).
    package let pathInfo: String
    /// The HTTP method, upper case.
    package let method: String
    package let query: [String: String]
    /// `response_type`: JSON unless the request asked for a Floki document.
    package let responseType: ResponseType

    /// The hook a request names, with its type, id and query, checked before anything else is read:
    /// a `response_type` other than `json` and `floki`, a missing or non-word hook name, a malformed
    /// escape or a duplicate query field is a 400.
    ///
    /// - Parameters:
    ///   - method: the HTTP method as sent.
    ///   - pathInfo: the raw path after `/data/endpoint.php`.
    ///   - query: the query, as sent.
    package init(method: String, pathInfo rawPathInfo: String, query rawQuery: RouteQuery) throws(Refusal) {
        let pathInfo = try FormURLEncoding.decodeComponent(rawPathInfo.utf8, plusIsSpace: false)
        let query = try rawQuery.table()
        let method = method.uppercased()
        let target = DispatchTarget(pathInfo: pathInfo, method: method, query: query)

        switch target.responseType {
        case nil, "json": self.responseType = .json
        case "floki": self.responseType = .floki
        default: throw .malformed(.jsonOnly)
        }
        guard let hookType = target.hookType, !hookType.isEmpty else { throw .malformed(.noParameterSent, "hook_type") }
        guard let hook = target.hook, !hook.isEmpty else { throw .malformed(.noParameterSent, "hook") }
        guard DispatchTarget.isWord(hookType), DispatchTarget.isWord(hook) else { throw .malformed(.invalidHookName) }
        self.key = HookKey(hookType, hook)
        self.target = target
        self.pathInfo = pathInfo
        self.method = method
        self.query = query
    }
}
