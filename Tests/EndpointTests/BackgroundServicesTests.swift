import AsyncHTTPClient
import EndpointServer
import Foundation
import TestSupport
import Testing

/// The tests' server runs the background services `serve` runs: both build the one list, and the
/// names `serve` logs when it starts are those the tests' server starts (the news clock and the sweep
/// merely making their first pass an interval later there).
@Suite struct BackgroundServicesTests {
    @Test func theTestsServerRunsTheServicesServeRuns() async throws {
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try EndpointProcess.run(["migrate"], database: database).status == 0)
        let (logFile, log) = try EndpointProcess.logFile(in: folder)
        let port = try await EndpointProcess.freePort()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let server = try await EndpointProcess.serve(port: port, database: database, logLevel: "info", logFormat: "json", log: log, client: client)
        #expect(EndpointProcess.stop(server))
        try log.close()
        let lines = try String(contentsOf: logFile, encoding: .utf8).split(separator: "\n").compactMap { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String]
        }
        let served = try #require(lines.first { $0["message"] == "background services" }?["services"]).components(separatedBy: ", ")
        #expect(served == ["password hashing", "image workshop", "maintenance", "news clock", "news live", "password resets", "lease heartbeat", "video 1"])

        let tested = try await TestServer.run { _, site in
            try await TestServer.backgroundServices(for: site, settings: ServerSettings()).map(\.name)
        }
        #expect(tested == served)
    }
}
