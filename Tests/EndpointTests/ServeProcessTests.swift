import AsyncHTTPClient
@testable import Endpoint
import Foundation
import NIOCore
import NIOPosix
import Testing

/// `endpoint serve` as a real process: start-up on a fresh SQLite file, a busy port, and graceful
/// shutdown on SIGTERM with requests in flight.
@Suite struct ServeProcessTests {
    @Test func busyPortIsReportedClearly() async throws {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(channel.localAddress?.port)
        await #expect(throws: CommandFailure.self) { try await PortAvailability.check(hostname: "127.0.0.1", port: port) }
        try await channel.close()
        try await PortAvailability.check(hostname: "127.0.0.1", port: port)
    }

    @Test func sigtermLetsRequestsInFlightFinish() async throws {
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let added = try EndpointProcess.run(["member", "add", "--username", "alice", "--email", "alice@example.com", "--password", "correct horse"], database: database)
        #expect(added.status == 0)

        let port = try await EndpointProcess.freePort()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let server = try await EndpointProcess.serve(port: port, database: database, client: client)
        let login = "http://127.0.0.1:\(port)/data/endpoint.php?hook_type=account&hook=login"
        let answers = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask { try await EndpointProcess.post(client, login, [("username", "alice"), ("password", "correct horse")]) }
            }
            try await Task.sleep(for: .milliseconds(50))
            server.terminate()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 8)
        #expect(answers.allSatisfy { $0.hasPrefix(#"{"success":true"#) })
        server.waitUntilExit()
        #expect(server.terminationReason == .exit)
        #expect(server.terminationStatus == 0)
    }
}
