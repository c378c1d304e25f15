import AsyncHTTPClient
import Foundation
import Storage
import TestSupport
import Testing

/// Live streams whose clients invent views (security review 2, finding 6): 50 streams from one
/// address, each with its own `fields` list, then 300 article writes held 162 MB of the server's
/// memory, and kept it after the streams closed, because each event kept its bytes for every view.
/// Measured on the binary as it ships, by its resident memory.
@Suite struct LiveViewsProcessTests {
    @Test func fiftyInventedViewsHoldLittle() async throws {
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let port = try await EndpointProcess.freePort()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let server = try await EndpointProcess.serve(port: port, database: database, client: client)
        defer { if server.isRunning { server.terminate() } }
        let before = try MemoryBoundsProcessTests.residentMegabytes(server.processIdentifier)

        let others = ["id", "moniker", "guid", "category", "title", "summary", "author", "web_url", "published_at", "updated_at", "sort_id"]
        var views: [String] = []
        for first in others.indices {
            for second in others.indices where second > first { views.append("body_html,\(others[first]),\(others[second])") }
        }
        var streams: [EventStreamClient] = []
        for fields in views.prefix(50) {
            streams.append(try await EventStreamClient.open(host: "127.0.0.1", port: port, "/data/endpoint.php/content/news/live?fields=\(fields)"))
        }
        for stream in streams { try await stream.wait(for: "the opening category list") { !$0.isEmpty } }

        // 300 articles of 4 KB written into the database, which the server's feed reads.
        let body = String(repeating: "A harbour story of many words. ", count: 130)
        try await TestDatabase.withOpen(try DatabaseURL(parsing: database)) { opened in
            try await NewsFixtures.articles(300, body: body, database: opened)
        }
        for stream in streams {
            try await stream.wait(for: "300 articles", seconds: 60) { events in events.count { $0.type == "upserted" } == 300 }
        }
        let during = try MemoryBoundsProcessTests.residentMegabytes(server.processIdentifier)
        for stream in streams { await stream.close() }
        #expect(during - before < 40, "50 views of 300 events took the server from \(before) MB to \(during) MB (162 MB more before)")
        #expect(EndpointProcess.stop(server))
    }
}
