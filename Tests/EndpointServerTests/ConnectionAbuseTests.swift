import EndpointServer
import Foundation
import NIOCore
import TestSupport
import Testing

/// Connections that hold the server without asking anything of it are closed (slowloris clients,
/// idle keep-alive connections), requests in progress never are, and a connection limit keeps the
/// rest waiting rather than exhausting the process.
@Suite struct ConnectionAbuseTests {
    static func settings(
        header: Int = 1, idle: Int = 2, connections: Int = 4096, perNetwork: Int = 512, body: Int = 30, bodyRate: Int = 4096
    ) -> ServerSettings {
        var settings = ServerSettings()
        settings.headerTimeoutSeconds = header
        settings.idleTimeoutSeconds = idle
        settings.maximumConnections = connections
        settings.maximumConnectionsPerNetwork = perNetwork
        settings.bodyTimeoutSeconds = body
        settings.minimumBodyBytesPerSecond = bodyRate
        return settings
    }

    static func loginHead(contentLength: Int) -> String {
        "POST /data/endpoint.php?hook_type=account&hook=login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(contentLength)\r\n\r\n"
    }

    /// Finding 2 of the security review: three connections whose bodies never finish held a server
    /// limited to three connections, and a health check on a fourth timed out. Each now gets a 408
    /// envelope when its body is late and its connection is closed.
    @Test func bodiesThatNeverFinishAreAnswered408AndTheirConnectionsFreed() async throws {
        try await TestServer.run(settings: Self.settings(header: 30, idle: 30, connections: 3, body: 1), framework: .live) { client, _ in
            let port = try #require(client.port)
            let started = ContinuousClock.now
            let slow = try await withThrowingTaskGroup(of: (Duration?, String).self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        try await RawHTTP.trickled(port: port, sending: Self.loginHead(contentLength: 1000) + "username=", trickle: ["a", "b"], seconds: 8)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for (closed, received) in slow {
                #expect(received.hasPrefix("HTTP/1.1 408"), "\(received)")
                #expect(received.contains(#""error_details":"The request was sent too slowly and was abandoned. Please try again.""#), "\(received)")
                let after = try #require(closed, "the connection is closed after the 408")
                #expect(after >= .milliseconds(900) && after < .seconds(4), "\(after)")
            }
            let health = try await RawHTTP.exchange(port: port, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", seconds: 5)
            #expect(health.hasPrefix("HTTP/1.1 200"), "\(health)")
            #expect(ContinuousClock.now - started < .seconds(6))
        }
    }

    /// A body that keeps arriving at the minimum rate or faster may take longer than the timeout; a
    /// trickle below it is cut once the timeout is up.
    @Test func aBodyArrivingAtTheMinimumRateMayTakeLongerThanTheTimeout() async throws {
        try await TestServer.run(settings: Self.settings(header: 30, idle: 1, body: 1, bodyRate: 100), framework: .live) { client, _ in
            let port = try #require(client.port)
            let body = "username=nobody&password=" + String(repeating: "x", count: 375)
            let pieces = stride(from: 0, to: body.count, by: 40).map { String(body.dropFirst($0).prefix(40)) }
            // 400 bytes at 200 a second: 2 s, twice the timeout, but each 100 bytes earn a second more.
            let (_, steady) = try await RawHTTP.trickled(port: port, sending: Self.loginHead(contentLength: body.utf8.count), trickle: pieces, seconds: 8)
            #expect(steady.hasPrefix("HTTP/1.1 200"), "\(steady)")
            #expect(steady.contains("Incorrect login or password"), "\(steady)")

            let crumbs = body.map(String.init)
            let (closed, trickled) = try await RawHTTP.trickled(
                port: port, sending: Self.loginHead(contentLength: body.utf8.count), trickle: crumbs, seconds: 8)
            #expect(trickled.hasPrefix("HTTP/1.1 408"), "\(trickled)")
            let after = try #require(closed)
            #expect(after < .seconds(3), "5 bytes a second earn 0.05 s a second: cut soon after the timeout, not \(after)")
        }
    }

    /// One network cannot hold every connection the server accepts: past its cap, its new connections
    /// are closed at once while others' are still accepted.
    @Test func oneNetworkHoldsAtMostItsShareOfConnections() async throws {
        // Three per network: the test client's own connection (it has made a request) and two held here.
        try await TestServer.run(settings: Self.settings(header: 30, idle: 30, connections: 10, perNetwork: 3), framework: .live) { client, _ in
            let port = try #require(client.port)
            var held: [any Channel] = []
            for _ in 0..<2 { held.append(try await RawHTTP.idleConnection(port: port)) }
            let refused = try await RawHTTP.timeToClose(port: port, sending: "", seconds: 5)
            #expect(try #require(refused, "a third connection from the network is closed") < .seconds(1))
            try await held.removeFirst().close()
            // The server frees the place once it has seen the close: ask until it has (until then a new
            // connection is closed at once, so writing to it may fail).
            try await Waiting.until("a freed place taken again") {
                let answered = try? await RawHTTP.exchange(port: port, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", seconds: 5)
                return answered?.hasPrefix("HTTP/1.1 200") == true
            }
            for channel in held { try? await channel.close() }
        }
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
            let head =
                "POST /data/endpoint.php?hook_type=account&hook=login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
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
        // Four: the test client's own connection (it has made a request) and three held here.
        try await TestServer.run(settings: Self.settings(header: 30, idle: 30, connections: 4), framework: .live) { client, _ in
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
