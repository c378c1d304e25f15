import Foundation

/// Decides whether a request's `Origin` is this site.
///
/// Browsers attach cookies to requests another site makes them send; such a request carries that
/// other site's `Origin`. A state-changing request authenticated only by cookie must come from this
/// site (its `Host`, or the configured public URL).
struct CrossSiteCheck: Sendable {
    /// `host[:port]` of the configured public URL, if any.
    let publicAuthority: String?

    /// Whether `origin` (the header's value) names a different site than `host`.
    func isCrossSite(origin: String, host: String?) -> Bool {
        guard let components = URLComponents(string: origin), let originHost = components.host, !originHost.isEmpty else {
            return true
        }
        let authority = components.port.map { "\(originHost):\($0)" } ?? originHost
        let allowed = [host, self.publicAuthority].compactMap { $0?.lowercased() }
        return !allowed.contains(authority.lowercased())
    }

    static func isStateChanging(_ method: String) -> Bool {
        ["POST", "PUT", "DELETE", "PATCH"].contains(method)
    }
}
