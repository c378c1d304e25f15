import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// Closes connections that hold the server without asking anything of it: one that sends no complete
/// request head within `headerTimeout` of opening (a slowloris client trickling bytes), or that stays
/// idle for `idleTimeout` between requests (keep-alive connections of phones that went away); one
/// whose client takes nothing of an answer for `writeTimeout` (the connection stays unwritable: a
/// download or a live stream nobody reads, which held the server's memory, and a stopping server,
/// until the client closed); and ends a request whose body does not arrive in time (the same attack on
/// bodies). A request being handled is never cut for being slow to answer. Each close is logged with
/// the peer's address.
///
/// A body must arrive within ``BodyDeadline``: `bodyTimeout` after its head, plus one second for
/// every `minimumBodyRate` bytes it has delivered, so a large body that keeps coming at a decent rate
/// may take longer while a trickle is cut once the timeout is up. A body late on its deadline fails
/// the request's body stream with ``RequestBodyTimedOut`` (the endpoint answers 408) and the
/// connection is closed once that answer is written; when the answer was already sent without
/// reading the body, the connection is closed at once.
///
/// Sits after the HTTP decoder (Hummingbird's additional channel handlers), so it sees request heads,
/// body parts and response ends, not bytes: header bytes trickled on a connection that already made a
/// request are bounded by the idle timeout.
///
/// One timer per connection, and requests after the first never touch it: a request only counts
/// itself and notes when the connection fell idle; when the timer fires it closes the connection if
/// its deadline has really passed and otherwise sets itself for what is left. (Cancelling and
/// scheduling a timer on every request was a measurable share of a cheap call's cost.) Only a body
/// still arriving at the end of a read brings the timer forward to its deadline.
final class ConnectionTimeouts: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// How long a request body may take to arrive.
    struct BodyDeadline: Sendable {
        var timeoutSeconds: Int
        /// Bytes a second that each earn a body one more second.
        var minimumBytesPerSecond: Int

        /// When a body that started at `start` and has delivered `bytes` so far must be complete.
        func deadline(start: NIODeadline, bytes: Int) -> NIODeadline {
            start + .seconds(Int64(self.timeoutSeconds)) + .nanoseconds(Int64(bytes) * 1_000_000_000 / Int64(max(1, self.minimumBytesPerSecond)))
        }
    }

    private let headerTimeout: TimeAmount
    private let idleTimeout: TimeAmount
    private let writeTimeout: TimeAmount
    private let body: BodyDeadline
    private let logger: Logger
    private var timer: Scheduled<Void>?
    private var timerDeadline = NIODeadline.distantFuture
    private var requestsInProgress = 0
    /// When the connection opened, until its first request head; then when its last answer ended.
    private var idleSince = NIODeadline.uptimeNanoseconds(0)
    private var hasMadeARequest = false
    /// The body being received: when its head came and how many bytes have arrived (nil between
    /// bodies).
    private var bodyInProgress: (start: NIODeadline, bytes: Int)?
    /// A body missed its deadline: the connection closes once the answer is written.
    private var closesAfterAnswer = false
    /// Since when the connection cannot take more bytes (its client reads nothing); nil while it can.
    private var unwritableSince: NIODeadline?

    init(headerSeconds: Int, idleSeconds: Int, writeSeconds: Int, body: BodyDeadline, logger: Logger) {
        self.headerTimeout = .seconds(Int64(headerSeconds))
        self.idleTimeout = .seconds(Int64(idleSeconds))
        self.writeTimeout = .seconds(Int64(writeSeconds))
        self.body = body
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
        switch self.unwrapInboundIn(data) {
        case .head:
            self.requestsInProgress += 1
            self.bodyInProgress = (.now(), 0)
            if !self.hasMadeARequest {
                // From now on the idle deadline rules, and it can come before the header deadline.
                self.hasMadeARequest = true
                self.timer?.cancel()
                self.arm(context, at: .now() + self.idleTimeout)
            }
        case .body(let part):
            self.bodyInProgress?.bytes += part.readableBytes
        case .end:
            self.bodyInProgress = nil
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if let body = self.bodyInProgress {
            let deadline = self.body.deadline(start: body.start, bytes: body.bytes)
            if deadline < self.timerDeadline {
                self.timer?.cancel()
                self.arm(context, at: deadline)
            }
        }
        context.fireChannelReadComplete()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            self.unwritableSince = nil
        } else if self.unwritableSince == nil {
            let now = NIODeadline.now()
            self.unwritableSince = now
            if now + self.writeTimeout < self.timerDeadline {
                self.timer?.cancel()
                self.arm(context, at: now + self.writeTimeout)
            }
        }
        context.fireChannelWritabilityChanged()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = self.unwrapOutboundIn(data) else { return context.write(data, promise: promise) }
        self.requestsInProgress = max(0, self.requestsInProgress - 1)
        if self.requestsInProgress == 0 { self.idleSince = .now() }
        guard self.closesAfterAnswer else { return context.write(data, promise: promise) }
        context.writeAndFlush(data, promise: promise)
        context.close(promise: nil)
    }

    private func arm(_ context: ChannelHandlerContext, at deadline: NIODeadline) {
        self.timerDeadline = deadline
        self.timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [weak self] in
            self?.check(context)
        }
    }

    /// The timer fired: close a connection whose answer has not been read for the write timeout, end a
    /// late body, close the connection if its deadline passed, else wait for what is left (a request
    /// in progress waits a whole idle timeout, or what is left of the write timeout, and is looked at
    /// again).
    private func check(_ context: ChannelHandlerContext) {
        let now = NIODeadline.now()
        self.timerDeadline = .distantFuture
        if let since = self.unwritableSince {
            guard since + self.writeTimeout > now else {
                return self.close(context, reason: "answer not read", afterSeconds: (now - since).nanoseconds / 1_000_000_000)
            }
        }
        if let body = self.bodyInProgress {
            let deadline = self.body.deadline(start: body.start, bytes: body.bytes)
            guard deadline <= now else { return self.arm(context, at: min(deadline, now + self.idleTimeout)) }
            return self.endLateBody(context, after: body.start)
        }
        guard self.requestsInProgress == 0 else {
            return self.arm(context, at: min(now + self.idleTimeout, self.unwritableSince.map { $0 + self.writeTimeout } ?? .distantFuture))
        }
        let (timeout, reason) = self.hasMadeARequest ? (self.idleTimeout, "idle") : (self.headerTimeout, "no request head")
        let deadline = self.idleSince + timeout
        guard deadline <= now else { return self.arm(context, at: deadline) }
        self.close(context, reason: reason, afterSeconds: timeout.nanoseconds / 1_000_000_000)
    }

    /// A body missed its deadline: its request is told so (and answers 408) and the connection closes
    /// after that answer, or at once when the request was answered already; should the answer not
    /// come within a header timeout, the connection closes anyway.
    private func endLateBody(_ context: ChannelHandlerContext, after start: NIODeadline) {
        self.bodyInProgress = nil
        let seconds = (NIODeadline.now() - start).nanoseconds / 1_000_000_000
        guard self.requestsInProgress > 0 else { return self.close(context, reason: "request body too slow", afterSeconds: seconds) }
        self.logger.notice(
            "ending request",
            metadata: [
                "reason": "request body too slow", "after_seconds": "\(seconds)", "peer": "\(context.channel.remoteAddress?.ipAddress ?? "unknown")",
            ])
        self.closesAfterAnswer = true
        context.fireErrorCaught(RequestBodyTimedOut())
        self.timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: .now() + self.headerTimeout) { [weak self] in
            self?.close(context, reason: "request body too slow", afterSeconds: seconds)
        }
    }

    private func close(_ context: ChannelHandlerContext, reason: String, afterSeconds seconds: Int64) {
        self.logger.notice(
            "closing connection",
            metadata: [
                "reason": "\(reason)", "after_seconds": "\(seconds)", "peer": "\(context.channel.remoteAddress?.ipAddress ?? "unknown")",
            ])
        context.close(promise: nil)
    }
}

/// The error a request's body stream ends with when the body missed its deadline
/// (``ConnectionTimeouts``); the endpoint answers it with 408.
struct RequestBodyTimedOut: Error {}

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
