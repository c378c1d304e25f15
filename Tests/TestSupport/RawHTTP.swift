import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Raw bytes to a server and whatever comes back, for requests no HTTP client would send (short
/// bodies, broken chunking). Connects to `localhost`, where HummingbirdTesting's live server listens:
/// 127.0.0.1 or, where `/etc/hosts` names it first (Debian's default), ::1.
package enum RawHTTP {
    /// Sends `request` to localhost:`port`, closes the sending side when `halfClose` is set, and returns
    /// what the server sent until it closed the connection, sent one whole response, or `seconds`
    /// passed.
    package static func exchange(port: Int, _ request: String, halfClose: Bool = false, seconds: Int64 = 5) async throws -> String {
        let collector = Collector()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.allowRemoteHalfClosure, value: true)
            .channelInitializer { $0.pipeline.addHandler(collector) }
            .connect(host: "localhost", port: port).get()
        try await channel.writeAndFlush(ByteBuffer(string: request))
        if halfClose { try await channel.close(mode: .output) }
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !collector.isClosed, !Self.isWholeResponse(collector.received), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        try? await channel.close()
        return collector.received
    }

    /// Opens a connection to localhost:`port` that sends `request` (often a partial one) and then the
    /// pieces of `trickle`, one every `interval`; returns how long the server took to close it, or nil
    /// when it was still open after `seconds`.
    package static func timeToClose(
        port: Int, sending request: String, trickle: [String] = [], every interval: Duration = .milliseconds(200), seconds: Int64 = 10
    ) async throws -> Duration? {
        try await self.trickled(port: port, sending: request, trickle: trickle, every: interval, seconds: seconds).closedAfter
    }

    /// ``timeToClose(port:sending:trickle:every:seconds:)``, with what the server sent.
    package static func trickled(
        port: Int, sending request: String, trickle: [String] = [], every interval: Duration = .milliseconds(200), seconds: Int64 = 10
    ) async throws -> (closedAfter: Duration?, received: String) {
        let collector = Collector()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { $0.pipeline.addHandler(collector) }
            .connect(host: "localhost", port: port).get()
        let started = ContinuousClock.now
        // A server that closes the connection at once (one over a limit) may do so before this write.
        try? await channel.writeAndFlush(ByteBuffer(string: request))
        var pending = trickle[...]
        var nextSend = started + interval
        while !collector.isClosed, ContinuousClock.now - started < .seconds(seconds) {
            try await Task.sleep(for: .milliseconds(20))
            if ContinuousClock.now >= nextSend, let piece = pending.popFirst(), !collector.isClosed {
                try? await channel.writeAndFlush(ByteBuffer(string: piece))
                nextSend += interval
            }
        }
        defer { channel.close(promise: nil) }
        return (collector.isClosed ? ContinuousClock.now - started : nil, collector.received)
    }

    /// A connection to localhost:`port` a test writes to in steps (a request head now, its body once
    /// something has happened), reading what comes back.
    package static func connect(port: Int) async throws -> Connection {
        let collector = Collector()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { $0.pipeline.addHandler(collector) }
            .connect(host: "localhost", port: port).get()
        return Connection(channel: channel, collector: collector)
    }

    /// An open connection of ``connect(port:)``.
    package struct Connection: Sendable {
        let channel: any Channel
        fileprivate let collector: Collector

        package func send(_ text: String) async throws {
            try await self.channel.writeAndFlush(ByteBuffer(string: text))
        }

        /// What the server sent once it sent one whole response or closed the connection.
        package func response(seconds: Double = 10) async throws -> String {
            try await Waiting.until("a whole response", seconds: seconds) {
                self.collector.isClosed || RawHTTP.isWholeResponse(self.collector.received)
            }
            return self.collector.received
        }

        package func close() async {
            try? await self.channel.close()
        }
    }

    /// A connection to localhost:`port` that sends nothing (to fill the server's connection limit).
    package static func idleConnection(port: Int) async throws -> any Channel {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: "localhost", port: port).get()
    }

    /// Whether `text` holds a response head and as many body bytes as its `Content-Length` says.
    fileprivate static func isWholeResponse(_ text: String) -> Bool {
        guard let end = text.range(of: "\r\n\r\n") else { return false }
        let head = text[..<end.lowerBound].lowercased()
        guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
            let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        else { return false }
        return text[end.upperBound...].utf8.count >= length
    }

    fileprivate final class Collector: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        private let state = NIOLockedValueBox((received: "", isClosed: false))

        var received: String { self.state.withLockedValue { $0.received } }
        var isClosed: Bool { self.state.withLockedValue { $0.isClosed } }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let text = String(buffer: self.unwrapInboundIn(data))
            self.state.withLockedValue { $0.received += text }
        }

        func channelInactive(context: ChannelHandlerContext) {
            self.state.withLockedValue { $0.isClosed = true }
        }
    }
}
