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

        /// The status and the server's processor time while it answered, in milliseconds (not the time
        /// the answer took, which other work on a shared machine stretches).
        func timed(_ request: HTTPClientRequest) async throws -> (status: Int, milliseconds: Double) {
            let start = try Self.processorMilliseconds(server.processIdentifier)
            let response = try await client.execute(request, timeout: .seconds(60))
            _ = try await response.body.collect(upTo: 1 << 20)
            return (Int(response.status.code), try Self.processorMilliseconds(server.processIdentifier) - start)
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
        #expect(refused.milliseconds < 200, "the 16,000-jamo search took \(refused.milliseconds) ms of CPU (8 s before)")

        let longest = try await timed(post(String(repeating: "abcdefghijklmnopqrst", count: 10)))
        #expect(longest.status == 200 && longest.milliseconds < 200, "the longest search allowed, one word: \(longest)")

        let mit = try await timed(HTTPClientRequest(url: base + "/apis/news/stories/?q=abc%20" + String(repeating: "%E1%84%80", count: 4_000)))
        #expect(mit.status == 400 && mit.milliseconds < 200, "the MIT route's long URL: \(mit)")
        #expect(EndpointProcess.stop(server))
    }

    /// The processor time process `pid` has used, user and system, in milliseconds (`/proc/<pid>/stat`,
    /// fields 14 and 15, in clock ticks).
    static func processorMilliseconds(_ pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The command name (field 2) is in parentheses and may hold spaces: count from after it.
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        let ticks = try #require(Double(fields[11])) + (try #require(Double(fields[12])))
        return ticks * 1_000 / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
