import AsyncHTTPClient
@testable import Endpoint
import Foundation
import NIOCore
import NIOPosix
import Testing

/// `endpoint serve` as a real process: start-up on a fresh SQLite file, a busy port, and graceful
/// shutdown on SIGTERM with requests in flight.
@Suite struct ServeProcessTests {
    private static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("endpoint")
    }

    private static func freePort() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress?.port ?? 0
        try await channel.close()
        return port
    }

    @Test func busyPortIsReportedClearly() async throws {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(channel.localAddress?.port)
        await #expect(throws: CommandFailure.self) { try await PortAvailability.check(hostname: "127.0.0.1", port: port) }
        try await channel.close()
        try await PortAvailability.check(hostname: "127.0.0.1", port: port)
    }

    @Test func sigtermLetsRequestsInFlightFinish() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endpoint-serve-\(UUID().uuidString)")
        let database = "sqlite://" + folder.appendingPathComponent("endpoint.sqlite").path
        let migrations = TestDatabase.migrationsFolder.path

        let add = Process()
        add.executableURL = Self.executable
        add.arguments = ["member", "add", "--username", "alice", "--email", "alice@example.com", "--password", "correct horse",
                         "--database", database, "--migrations", migrations]
        add.standardOutput = FileHandle.nullDevice
        add.standardError = FileHandle.nullDevice
        try add.run()
        add.waitUntilExit()
        #expect(add.terminationStatus == 0)

        let port = try await Self.freePort()
        let server = Process()
        server.executableURL = Self.executable
        server.arguments = ["serve", "--port", String(port), "--database", database, "--migrations", migrations, "--log-level", "error"]
        server.standardError = FileHandle.nullDevice
        try server.run()

        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            let base = "http://127.0.0.1:\(port)"
            var ready = false
            for _ in 0..<100 where !ready {
                ready = (try? await client.execute(HTTPClientRequest(url: base + "/healthz"), timeout: .seconds(1)).status == .ok) ?? false
                if !ready { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(ready)

            let answers = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        var request = HTTPClientRequest(url: base + "/data/endpoint.php?hook_type=account&hook=login")
                        request.method = .POST
                        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
                        request.body = .bytes(ByteBuffer(string: "username=alice&password=correct+horse"))
                        let response = try await client.execute(request, timeout: .seconds(30))
                        return String(buffer: try await response.body.collect(upTo: 1 << 20))
                    }
                }
                try await Task.sleep(for: .milliseconds(50))
                server.terminate()
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.count == 8)
            #expect(answers.allSatisfy { $0.hasPrefix(#"{"success":true"#) })
            try await client.shutdown()
        } catch {
            try? await client.shutdown()
            server.terminate()
            throw error
        }
        server.waitUntilExit()
        #expect(server.terminationReason == .exit)
        #expect(server.terminationStatus == 0)
        try? FileManager.default.removeItem(at: folder)
    }
}
