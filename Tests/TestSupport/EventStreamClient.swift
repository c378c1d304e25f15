import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// A Server-Sent Events client, as a browser's `EventSource` reads a stream: one GET, then the body
/// parsed as it arrives by the WHATWG rules (lines ending in LF, CR or CRLF; `event`, `data`, `id`
/// and `retry` fields; `:` comments; an event dispatched at a blank line; the last event ID kept).
package final class EventStreamClient: Sendable {
    /// One dispatched event.
    package struct Event: Sendable, Equatable {
        package var type: String
        package var data: String
        /// The last event ID once this event was dispatched (what a reconnection would send).
        package var lastEventID: String
        /// When it arrived.
        package var receivedAt: ContinuousClock.Instant

        /// `data` decoded as a JSON object or array.
        package var json: Any? { try? JSONSerialization.jsonObject(with: Data(self.data.utf8)) }
        package var object: [String: Any] { self.json as? [String: Any] ?? [:] }
    }

    private struct State {
        var status: Int?
        var headers: [(String, String)] = []
        var events: [Event] = []
        var comments = 0
        var retry: Int?
        var ended = false
        var closed = false
        var pending = ""
        var type = ""
        var data: [String] = []
        var lastEventID = ""
    }

    private let state = NIOLockedValueBox(State())
    private let channel = NIOLockedValueBox<(any Channel)?>(nil)

    private init() {}

    /// Opens `path` on `host`:`port`, sending `lastEventID` as `Last-Event-ID` when given; with a
    /// socket receive buffer of `receiveBuffer` bytes when given (a small one makes a ``pause()``
    /// felt by the server at once). `accept` is the `Accept` header (`EventSource` always sends it,
    /// `curl -N` does not: nil), `version` the request's HTTP version (a proxy may ask in 1.0).
    package static func open(
        host: String = "localhost", port: Int, _ path: String, lastEventID: String? = nil, receiveBuffer: Int? = nil,
        accept: String? = "text/event-stream", version: HTTPVersion = .http1_1
    ) async throws -> EventStreamClient {
        let client = EventStreamClient()
        var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        if let receiveBuffer { bootstrap = bootstrap.channelOption(.socketOption(.so_rcvbuf), value: receiveBuffer) }
        let channel =
            try await bootstrap
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(Reader(client: client))
                }
            }
            .connect(host: host, port: port).get()
        client.channel.withLockedValue { $0 = channel }
        var head = HTTPRequestHead(version: version, method: .GET, uri: path)
        head.headers.add(name: "Host", value: host)
        if let accept { head.headers.add(name: "Accept", value: accept) }
        if let lastEventID { head.headers.add(name: "Last-Event-ID", value: lastEventID) }
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        try await channel.writeAndFlush(HTTPClientRequestPart.end(nil))
        return client
    }

    /// A client that asks for `path` and then reads nothing, with a small receive buffer: a phone
    /// that stopped reading (asleep, or on a network that dropped it without a word).
    package static func stalled(port: Int, _ path: String) async throws -> any Channel {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.socketOption(.so_rcvbuf), value: 4096)
            .channelOption(.autoRead, value: false)
            .connect(host: "localhost", port: port).get()
        try await channel.writeAndFlush(ByteBuffer(string: "GET \(path) HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n"))
        return channel
    }

    package var status: Int? { self.state.withLockedValue { $0.status } }
    package func header(_ name: String) -> String? {
        self.state.withLockedValue { state in state.headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
    }
    package var events: [Event] { self.state.withLockedValue { $0.events } }
    package var comments: Int { self.state.withLockedValue { $0.comments } }
    package var retry: Int? { self.state.withLockedValue { $0.retry } }
    /// Whether the server ended the response (its last chunk).
    package var ended: Bool { self.state.withLockedValue { $0.ended } }
    package var closed: Bool { self.state.withLockedValue { $0.closed } }
    /// What the body held when the response was no stream (an envelope).
    package var body: String { self.state.withLockedValue { $0.pending } }

    /// Waits until `happened` holds of the events received so far; fails after `seconds`.
    package func wait(for what: String, seconds: Double = 10, _ happened: @escaping ([Event]) -> Bool) async throws {
        try await Waiting.until(what, seconds: seconds) { happened(self.events) }
    }

    /// Stops reading (what the server sends waits in the buffers), as a phone on a stalled network.
    package func pause() async throws {
        try await self.channel.withLockedValue { $0 }?.setOption(.autoRead, value: false)
    }

    /// Reads again after ``pause()``.
    package func resume() async throws {
        let channel = self.channel.withLockedValue { $0 }
        try await channel?.setOption(.autoRead, value: true)
        channel?.read()
    }

    package func close() async {
        try? await self.channel.withLockedValue { $0 }?.close()
    }

    private func received(_ part: HTTPClientResponsePart) {
        self.state.withLockedValue { state in
            switch part {
            case .head(let head):
                state.status = Int(head.status.code)
                state.headers = head.headers.map { ($0.name, $0.value) }
            case .body(let buffer):
                state.pending += String(buffer: buffer)
                guard state.headers.contains(where: { $0.0.lowercased() == "content-type" && $0.1.hasPrefix("text/event-stream") }) else { return }
                Self.parse(&state)
            case .end:
                state.ended = true
            }
        }
    }

    /// Takes every whole line out of `pending` and interprets it.
    private static func parse(_ state: inout State) {
        while let end = state.pending.firstIndex(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            let line = String(state.pending[..<end])
            state.pending.removeSubrange(...end)
            if line.isEmpty {
                if !state.data.isEmpty {
                    state.events.append(
                        Event(
                            type: state.type.isEmpty ? "message" : state.type, data: state.data.joined(separator: "\n"), lastEventID: state.lastEventID,
                            receivedAt: .now))
                }
                state.type = ""
                state.data = []
                continue
            }
            if line.hasPrefix(":") {
                state.comments += 1
                continue
            }
            let field: Substring
            var value: Substring
            if let colon = line.firstIndex(of: ":") {
                field = line[..<colon]
                value = line[line.index(after: colon)...]
                if value.hasPrefix(" ") { value = value.dropFirst() }
            } else {
                field = line[...]
                value = ""
            }
            switch field {
            case "event": state.type = String(value)
            case "data": state.data.append(String(value))
            case "id" where !value.contains("\0"): state.lastEventID = String(value)
            case "retry": state.retry = Int(value)
            default: break
            }
        }
    }

    private final class Reader: ChannelInboundHandler, Sendable {
        typealias InboundIn = HTTPClientResponsePart
        let client: EventStreamClient

        init(client: EventStreamClient) {
            self.client = client
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            self.client.received(self.unwrapInboundIn(data))
        }

        func channelInactive(context: ChannelHandlerContext) {
            self.client.state.withLockedValue { $0.closed = true }
        }
    }
}
