import TestSupport
import EndpointServer
import Foundation
import NIOCore
import Testing

/// Connections that hold the server without asking anything of it are closed (slowloris clients,
/// idle keep-alive connections), requests in progress never are, and a connection limit keeps the
/// rest waiting rather than exhausting the process.
@Suite struct ConnectionAbuseTests {
    static func settings(header: Int = 1, idle: Int = 2, connections: Int = 4096) -> ServerSettings {
        var settings = ServerSettings()
        settings.headerTimeoutSeconds = header
        settings.idleTimeoutSeconds = idle
        settings.maximumConnections = connections
        return settings
    }

    @Test func aClientTricklingItsHeadersIsCutOffAfterTheHeaderTimeout() async throws {
        try await TestServer.run(settings: Self.settings(header: 1, idle: 30), framework: .live) { client, _ in
            let port = try #require(client.port)
            let closed = try await RawHTTP.timeToClose(
                port: port, sending: "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n", trickle: "X-Slow: a long, slow header line\r\n".map(String.init)
            )
            let after = try #require(closed, "a slowloris connection must be closed")
            #expect(after >= .milliseconds(900) && after < .seconds(3), "\(after)")
        }
    }

    @Test func anIdleKeepAliveConnectionIsClosedAfterTheIdleTimeoutAndNotBefore() async throws {
        try await TestServer.run(settings: Self.settings(header: 10, idle: 2), framework: .live) { client, _ in
            let port = try #require(client.port)
            let request = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            let closed = try await RawHTTP.timeToClose(port: port, sending: request, trickle: [request], every: .seconds(1), seconds: 10)
            // The second request (sent after 1 s) restarts the idle time, so the close comes about 3 s in.
            let after = try #require(closed, "an idle connection must be closed")
            #expect(after >= .milliseconds(2900) && after < .milliseconds(3800), "\(after)")
        }
    }

    @Test func aRequestInProgressOutlivesTheIdleTimeout() async throws {
        try await TestServer.run(settings: Self.settings(header: 1, idle: 1), framework: .live) { client, _ in
            let port = try #require(client.port)
            let body = "username=nobody&password=x"
            let head = "POST /data/endpoint.php?hook_type=account&hook=login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
            // The body takes 2.6 s to arrive (two idle timeouts and more); the answer comes, then the idle time.
            let pieces = stride(from: 0, to: body.count, by: 2).map { String(body.dropFirst($0).prefix(2)) }
            let (closed, received) = try await RawHTTP.trickled(port: port, sending: head, trickle: pieces)
            #expect(received.hasPrefix("HTTP/1.1 200"), "\(received)")
            #expect(received.contains(#""success":false"#), "\(received)")
            let after = try #require(closed, "the connection closes once idle")
            #expect(after >= .milliseconds(3500) && after < .seconds(6), "\(after)")
        }
    }

    @Test func beyondTheConnectionLimitNewConnectionsWaitTheirTurn() async throws {
        try await TestServer.run(settings: Self.settings(header: 30, idle: 30, connections: 3), framework: .live) { client, _ in
            let port = try #require(client.port)
            var idle: [any Channel] = []
            for _ in 0..<3 { idle.append(try await RawHTTP.idleConnection(port: port)) }
            try await Task.sleep(for: .milliseconds(200))
            let started = ContinuousClock.now
            async let answer = RawHTTP.exchange(port: port, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", seconds: 10)
            try await Task.sleep(for: .seconds(1))
            try await idle.removeFirst().close()
            let received = try await answer
            #expect(received.hasPrefix("HTTP/1.1 200"), "\(received)")
            #expect(ContinuousClock.now - started >= .seconds(1), "answered only once a connection closed")
            for channel in idle { try? await channel.close() }
        }
    }
}
