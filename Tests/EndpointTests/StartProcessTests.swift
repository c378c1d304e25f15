import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Storage
import TestSupport
import Testing

@testable import Endpoint

/// A server starting loses no request (issue: starts and deploys): clients that connect from the
/// moment it is launched, as a balancer does to a restarted instance, are refused until it listens
/// and answered after, never left hanging or reset. The port check before the start used to open a
/// real listener and close it, and accepted connections in between.
@Suite(.serialized) struct StartProcessTests {
    /// How one early connection ended.
    enum Outcome: Hashable {
        case refused
        case answered
        case reset
        case hung
    }

    /// Connects to 127.0.0.1:`port`, asks for `/healthz` and waits up to `seconds` for a whole answer.
    static func probe(port: Int, seconds: Int = 5) -> Outcome {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return .refused }
        let request = Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        guard send(socket, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else { return .reset }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 {
                received += buffer[..<count]
                continue
            }
            if count == 0 { return String(decoding: received, as: UTF8.self).hasPrefix("HTTP/1.1 200") ? .answered : .reset }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .hung : .reset
        }
    }

    /// The check, run again and again while a client keeps connecting (until it has knocked 200
    /// times), accepts none of its connections.
    @Test func thePortCheckAcceptsNoConnection() async throws {
        let port = try await EndpointProcess.freePort()
        let stop = NIOLockedValueBox(false)
        let knocks = NIOLockedValueBox(0)
        let knocking = Task.detached {
            var outcomes: [Outcome: Int] = [:]
            while !stop.withLockedValue({ $0 }) {
                outcomes[Self.probe(port: port, seconds: 1), default: 0] += 1
                knocks.withLockedValue { $0 += 1 }
            }
            return outcomes
        }
        var checks = 0
        while knocks.withLockedValue({ $0 }) < 200, checks < 1_000_000 {
            try PortAvailability.check(hostname: "127.0.0.1", port: port)
            checks += 1
        }
        stop.withLockedValue { $0 = true }
        let outcomes = await knocking.value
        #expect(outcomes.keys.allSatisfy { $0 == .refused } && (outcomes[.refused] ?? 0) > 0, "\(outcomes)")
    }

    @Test func aBusyPortIsExplainedInOneLine() async throws {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        defer { listener.close(promise: nil) }
        let port = try #require(listener.localAddress?.port)
        #expect(throws: CommandFailure.self) { try PortAvailability.check(hostname: "127.0.0.1", port: port) }
    }

    /// Ten starts of the binary with a client connecting from the moment of launch: every request is
    /// refused (not listening yet) or answered.
    @Test(arguments: TestDatabase.engines)
    func requestsFromTheMomentOfLaunchAreAnsweredOrRefused(engine: DatabaseEngine) async throws {
        var (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        if engine == .postgres { database = try await TestDatabase.freshURL(.postgres).connectionString }
        #expect(try EndpointProcess.run(["migrate"], database: database).status == 0)
        var outcomes: [Outcome: Int] = [:]
        for _ in 0..<10 {
            let port = try await EndpointProcess.freePort()
            let server = Process()
            server.executableURL = EndpointProcess.executable
            server.arguments = ["serve", "--port", String(port), "--database", database, "--no-migrate", "--log-level", "error"]
            server.environment = ProcessInfo.processInfo.environment.merging([
                "ENDPOINT_MEDIA_CACHE": folder.appendingPathComponent("media-cache").path
            ]) { $1 }
            server.standardOutput = FileHandle.nullDevice
            server.standardError = FileHandle.nullDevice
            try server.run()
            defer { if server.isRunning { server.terminate() } }
            let started = await Task.detached {
                var outcomes: [Outcome: Int] = [:]
                var answered = 0
                // Until a handful of answers came: the moment of listening is well past.
                while answered < 5, server.isRunning {
                    let outcome = Self.probe(port: port)
                    outcomes[outcome, default: 0] += 1
                    if outcome == .answered { answered += 1 }
                }
                return outcomes
            }.value
            outcomes.merge(started, uniquingKeysWith: +)
            #expect(EndpointProcess.stop(server))
        }
        #expect(outcomes[.hung] == nil && outcomes[.reset] == nil, "every early request answered or refused: \(outcomes)")
        #expect(outcomes[.answered] == 50)
    }
}
