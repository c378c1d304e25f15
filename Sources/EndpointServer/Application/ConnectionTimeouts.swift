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
///
/// One timer per connection, and requests after the first never touch it: a request only counts
/// itself and notes when the connection fell idle; when the timer fires it closes the connection if
/// its deadline has really passed and otherwise sets itself for what is left. (Cancelling and scheduling a timer on
/// every request was a measurable share of a cheap call's cost.)
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
    /// When the connection opened, until its first request head; then when its last answer ended.
    private var idleSince = NIODeadline.uptimeNanoseconds(0)
    private var hasMadeARequest = false

    init(headerSeconds: Int, idleSeconds: Int, logger: Logger) {
        self.headerTimeout = .seconds(Int64(headerSeconds))
        self.idleTimeout = .seconds(Int64(idleSeconds))
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.idleSince = .now()
        self.arm(context, at: self.idleSince + self.headerTimeout)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.timer?.cancel()
        self.timer = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = self.unwrapInboundIn(data) {
            self.requestsInProgress += 1
            if !self.hasMadeARequest {
                // From now on the idle deadline rules, and it can come before the header deadline.
                self.hasMadeARequest = true
                self.timer?.cancel()
                self.arm(context, at: .now() + self.idleTimeout)
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = self.unwrapOutboundIn(data) {
            self.requestsInProgress = max(0, self.requestsInProgress - 1)
            if self.requestsInProgress == 0 { self.idleSince = .now() }
        }
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext, at deadline: NIODeadline) {
        self.timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [weak self] in
            self?.check(context)
        }
    }

    /// The timer fired: close the connection if its deadline passed, else wait for what is left (a
    /// request in progress waits a whole idle timeout and is looked at again).
    private func check(_ context: ChannelHandlerContext) {
        let now = NIODeadline.now()
        guard self.requestsInProgress == 0 else { return self.arm(context, at: now + self.idleTimeout) }
        let (timeout, reason) = self.hasMadeARequest ? (self.idleTimeout, "idle") : (self.headerTimeout, "no request head")
        let deadline = self.idleSince + timeout
        guard deadline <= now else { return self.arm(context, at: deadline) }
        self.logger.notice("closing connection", metadata: [
            "reason": "\(reason)", "after_seconds": "\(timeout.nanoseconds / 1_000_000_000)",
            "peer": "\(context.channel.remoteAddress?.ipAddress ?? "unknown")",
        ])
        context.close(promise: nil)
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
