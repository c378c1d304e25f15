import Foundation
import Logging
import NIOCore
import Synchronization

/// Decides which IP address a request comes from.
///
/// The socket peer is the client unless the peer is one of our own reverse proxies (an address or a
/// CIDR block of `--trusted-proxy`); only then is the right-most untrusted address of
/// `X-Forwarded-For` believed. Anything else would let a client pick its own IP and sidestep per-IP
/// throttling. The first `X-Forwarded-For` from an untrusted peer is logged as a warning once: a proxy
/// in front that is not listed makes every client count as the proxy.
final class ClientAddress: Sendable {
    let trustedProxies: [IPNetwork]
    private let logger: Logger?
    private let warnedOfUntrustedForwarding = Atomic<Bool>(false)

    init(trustedProxies: [IPNetwork], logger: Logger? = nil) {
        self.trustedProxies = trustedProxies
        self.logger = logger
    }

    func resolve(peer: SocketAddress?, forwardedFor: String?) -> String {
        let peerIP = peer?.ipAddress ?? "unknown"
        guard let forwardedFor else { return peerIP }
        guard self.isTrusted(peerIP) else {
            self.warnOnce(peer: peerIP)
            return peerIP
        }
        let hops = forwardedFor.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return hops.last { !self.isTrusted($0) } ?? hops.first ?? peerIP
    }

    /// Whether `ip` is one of the trusted proxies.
    func isTrusted(_ ip: String) -> Bool {
        self.trustedProxies.contains { $0.contains(ip) }
    }

    private func warnOnce(peer: String) {
        guard let logger, !self.warnedOfUntrustedForwarding.load(ordering: .relaxed),
            !self.warnedOfUntrustedForwarding.exchange(true, ordering: .relaxed)
        else { return }
        logger.warning(
            "X-Forwarded-For ignored from an untrusted peer; if a reverse proxy runs there, name it with --trusted-proxy",
            metadata: [
                "peer": "\(peer)"
            ])
    }
}
