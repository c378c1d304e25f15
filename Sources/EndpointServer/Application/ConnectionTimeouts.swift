import HTTPTypes
import NIOHTTPTypes
import HummingbirdCore
import Logging
import NIOCore

/// Closes connections that hold the server without asking anything of it: one that sends no complete
/// request head within `headerTimeout` of opening (a slowloris client trickling bytes), or that stays
/// idle for `idleTimeout` between requests (keep-alive connections of phones that went away). A
/// request being handled is never cut. Each close is logged with the peer's address.
///
/// Sits after the HTTP decoder (Hummingbird's additional channel handlers), so it sees request heads
/// and response ends, not bytes: header bytes trickled on a connection that already made a request
/// are bounded by the idle timeout.
final class ConnectionTimeouts: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let headerTimeout: TimeAmount
    private let idleTimeout: TimeAmount
    private let logger: Logger
    private var timer: Scheduled<Void>?
    private var requestsInProgress = 0

    init(headerSeconds: Int, idleSeconds: Int, logger: Logger) {
        self.headerTimeout = .seconds(Int64(headerSeconds))
        self.idleTimeout = .seconds(Int64(idleSeconds))
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.arm(context, after: self.headerTimeout, reason: "no request head")
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.timer?.cancel()
        self.timer = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = self.unwrapInboundIn(data) {
            self.requestsInProgress += 1
            self.timer?.cancel()
            self.timer = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = self.unwrapOutboundIn(data) {
            self.requestsInProgress = max(0, self.requestsInProgress - 1)
            if self.requestsInProgress == 0 { self.arm(context, after: self.idleTimeout, reason: "idle") }
        }
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext, after delay: TimeAmount, reason: String) {
        self.timer?.cancel()
        let channel = context.channel
        let logger = self.logger
        self.timer = context.eventLoop.assumeIsolated().scheduleTask(in: delay) { [weak self] in
            guard let self, self.requestsInProgress == 0 else { return }
            logger.notice("closing connection", metadata: [
                "reason": "\(reason)", "after_seconds": "\(delay.nanoseconds / 1_000_000_000)",
                "peer": "\(channel.remoteAddress?.ipAddress ?? "unknown")",
            ])
            channel.close(promise: nil)
        }
    }
}

/// The most connections open at once; beyond it the server stops accepting (they wait in the
/// listen backlog) and says so once in the log each time the limit is reached.
struct ConnectionLimit: AvailableConnectionsDelegate {
    let maximum: Int
    let logger: Logger
    private var open = 0

    init(maximum: Int, logger: Logger) {
        self.maximum = maximum
        self.logger = logger
    }

    mutating func connectionOpened() {
        self.open += 1
        if self.open == self.maximum {
            self.logger.warning("connection limit reached; new connections wait until one closes", metadata: ["limit": "\(self.maximum)"])
        }
    }

    mutating func connectionClosed() {
        self.open -= 1
    }

    func isAcceptingNewConnections() -> Bool {
        self.open < self.maximum
    }
}
