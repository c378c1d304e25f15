import Foundation
import NIOCore

/// Decides which IP address a request comes from.
///
/// The socket peer is the client unless the peer is one of our own reverse proxies; only then is the
/// right-most untrusted address of `X-Forwarded-For` believed. Anything else would let a client pick
/// its own IP and sidestep per-IP throttling.
struct ClientAddress: Sendable {
    let trustedProxies: Set<String>

    func resolve(peer: SocketAddress?, forwardedFor: String?) -> String {
        let peerIP = peer?.ipAddress ?? "unknown"
        guard self.trustedProxies.contains(peerIP), let forwardedFor else { return peerIP }
        let hops = forwardedFor.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return hops.last { !self.trustedProxies.contains($0) } ?? hops.first ?? peerIP
    }
}
