import Auth
import EndpointCore
import Foundation
import Messages

/// Refuses the requests another site could make a browser send on its user's behalf (cross-site
/// request forgery), by what the operation does (``OperationEffect``), not by its HTTP method.
///
/// Browsers attach cookies to requests other sites make them send, including `SameSite=Lax` cookies
/// on top-level GET navigations; such a request carries that other site's `Origin` (and, from current
/// browsers, `Sec-Fetch-Site: cross-site`). Apps send neither header, and header or form credentials
/// are never added by a browser on its own, so the SDKs are unaffected.
struct CrossSiteCheck: Sendable {
    /// `host[:port]` of the configured public URL, if any.
    let publicAuthority: String?

    /// What the browser said about where a request comes from.
    struct Provenance {
        var origin: String?
        /// `Sec-Fetch-Site`: `same-origin`, `same-site`, `cross-site` or `none` (typed by the user).
        var fetchSite: String?
        /// The request's `Host` (its authority).
        var host: String?
    }

    /// Throws 403 when an operation with `effect` may not be made this way: a session started from
    /// another site, or a change made with cookie credentials from another site or by a GET or HEAD.
    func admit(_ effect: OperationEffect, channel: CredentialChannel?, method: String, from provenance: Provenance) throws(EndpointError) {
        switch effect {
        case .readsOnly:
            return
        case .startsSession:
            if self.isCrossSite(provenance) { throw EndpointError(status: 403, message: .crossSiteRequest) }
        case .changesState:
            guard channel == .cookies else { return }
            if method == "GET" || method == "HEAD" { throw EndpointError(status: 403, message: .changeByLink) }
            if self.isCrossSite(provenance) { throw EndpointError(status: 403, message: .crossSiteRequest) }
        }
    }

    /// Whether a browser says the request comes from another site: its `Origin` names another
    /// authority, or, without an `Origin`, its `Sec-Fetch-Site` is anything but `same-origin` or `none`
    /// (a sibling subdomain is another site here). A request with neither comes from no browser.
    func isCrossSite(_ provenance: Provenance) -> Bool {
        if let origin = provenance.origin { return self.isCrossSite(origin: origin, host: provenance.host) }
        guard let fetchSite = provenance.fetchSite?.lowercased() else { return false }
        return fetchSite != "same-origin" && fetchSite != "none"
    }

    /// Whether `origin` (the header's value) names a different site than `host`.
    func isCrossSite(origin: String, host: String?) -> Bool {
        guard let components = URLComponents(string: origin), let originHost = components.host, !originHost.isEmpty else {
            return true
        }
        let authority = components.port.map { "\(originHost):\($0)" } ?? originHost
        let allowed = [host, self.publicAuthority].compactMap { $0?.lowercased() }
        return !allowed.contains(authority.lowercased())
    }
}
