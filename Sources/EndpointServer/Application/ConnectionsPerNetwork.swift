import Logging
import NIOConcurrencyHelpers
import NIOCore
import Storage

/// Caps the connections one client network (an IPv4 address, an IPv6 /64: ``RateLimit/Subject``'s
/// networks) may hold open at once, so one host cannot take every connection the server accepts
/// (`--max-connections`) however it holds them. A connection over the cap is closed as soon as it is
/// accepted. Trusted proxies are not capped: behind a load balancer every client arrives through them.
///
/// One counter for the server, shared by every connection's ``Gate``; a network's entry goes when its
/// last connection closes, so what is kept is bounded by the connections open.
final class ConnectionsPerNetwork: Sendable {
    private let maximum: Int
    private let clientAddress: ClientAddress
    private let logger: Logger
    private let open = NIOLockedValueBox<[String: Int]>([:])

    init(maximum: Int, clientAddress: ClientAddress, logger: Logger) {
        self.maximum = maximum
        self.clientAddress = clientAddress
        self.logger = logger
    }

    /// A handler for one new connection, counting it against its network.
    func gate() -> Gate {
        Gate(counts: self)
    }

    /// What became of a new connection.
    fileprivate enum Admission {
        /// From a trusted proxy: not counted.
        case uncounted
        /// Counted against this network.
        case counted(network: String)
        /// Its network already holds the maximum.
        case refused
    }

    /// Counts a connection from `ip` against its network, unless that network holds the maximum.
    fileprivate func admit(_ ip: String) -> Admission {
        guard !self.clientAddress.isTrusted(ip) else { return .uncounted }
        let network = RateLimit.Subject.address(ip).key
        let admitted = self.open.withLockedValue { open in
            let count = open[network, default: 0]
            guard count < self.maximum else { return false }
            open[network] = count + 1
            return true
        }
        guard admitted else {
            self.logger.notice("closing connection", metadata: ["reason": "too many connections from one network", "peer": "\(ip)"])
            return .refused
        }
        return .counted(network: network)
    }

    fileprivate func release(_ network: String) {
        self.open.withLockedValue { open in
            let count = open[network, default: 1] - 1
            open[network] = count > 0 ? count : nil
        }
    }

    /// The per-connection handler: admits the connection when it is added to its pipeline (closing
    /// it when over the cap) and releases it when the connection goes.
    final class Gate: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = NIOAny
        private let counts: ConnectionsPerNetwork
        /// The network counted, once admitted (nil: not counted, a trusted proxy or refused).
        private var network: String?

        fileprivate init(counts: ConnectionsPerNetwork) {
            self.counts = counts
        }

        func handlerAdded(context: ChannelHandlerContext) {
            guard let ip = context.channel.remoteAddress?.ipAddress else { return }
            switch self.counts.admit(ip) {
            case .uncounted: break
            case .counted(let network): self.network = network
            case .refused: context.close(promise: nil)
            }
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            if let network = self.network { self.counts.release(network) }
            self.network = nil
        }
    }
}
