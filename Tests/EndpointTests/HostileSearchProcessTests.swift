import AsyncHTTPClient
import Foundation
import NIOCore
import TestSupport
import Testing

/// Searches a client shapes to cost the server, sent to the binary as it ships (security review 2,
/// finding 1): `q` is measured in Unicode scalars and bytes before anything reads it, and the index
/// query is built in one pass, so a query of 16,000 Hangul jamo (one `Character`, which the length
/// check counted as one) is refused at once instead of costing 8 s of a processor.
@Suite struct HostileSearchProcessTests {
    @Test func aSearchOfThousandsOfJamoIsRefusedAtOnce() async throws {
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let port = try await EndpointProcess.freePort()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let server = try await EndpointProcess.serve(port: port, database: database, client: client)
        defer { if server.isRunning { server.terminate() } }
        let base = "http://127.0.0.1:\(port)"

        /// The status and how long the answer took, in milliseconds.
        func timed(_ request: HTTPClientRequest) async throws -> (status: Int, milliseconds: Double) {
            let start = ContinuousClock.now
            let response = try await client.execute(request, timeout: .seconds(60))
            _ = try await response.body.collect(upTo: 1 << 20)
            let elapsed = ContinuousClock.now - start
            return (Int(response.status.code), Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        func post(_ query: String) -> HTTPClientRequest {
            var request = HTTPClientRequest(url: base + "/data/endpoint.php?hook_type=content&hook=news&id=articles")
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            request.body = .bytes(ByteBuffer(string: "q=" + FormEncoding.encode(query)))
            return request
        }
        #expect(try await timed(post("harbour ferry")).status == 200, "a search as apps send it")

        let jamo = String(repeating: "\u{1100}", count: 16_000)
        #expect(jamo.count == 1, "one Character: what the old limit counted")
        let refused = try await timed(post("abc " + jamo))
        #expect(refused.status == 400)
        #expect(refused.milliseconds < 50, "the 16,000-jamo search took \(refused.milliseconds) ms (8 s of CPU before)")

        let longest = try await timed(post(String(repeating: "abcdefghijklmnopqrst", count: 10)))
        #expect(longest.status == 200 && longest.milliseconds < 50, "the longest search allowed, one word: \(longest)")

        let mit = try await timed(HTTPClientRequest(url: base + "/apis/news/stories/?q=abc%20" + String(repeating: "%E1%84%80", count: 4_000)))
        #expect(mit.status == 400 && mit.milliseconds < 50, "the MIT route's long URL: \(mit)")
        #expect(EndpointProcess.stop(server))
    }
}
