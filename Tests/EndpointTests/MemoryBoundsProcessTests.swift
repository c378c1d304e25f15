import AsyncHTTPClient
import Foundation
import NIOCore
import TestSupport
import Testing

/// What clients send cannot make the server keep memory: a release-sized attack on the kept news
/// answers, measured as an operator would, by the process's resident memory.
@Suite struct MemoryBoundsProcessTests {
    /// Finding 3 of the security review: 24 requests with a 1.9 MB `d` raised a server's resident
    /// memory by about 100 MB for good, because the kept answers' keys held the raw values. Now `d`
    /// names one of three device classes (anything longer than a few bytes is refused) and a key holds
    /// only parsed values, so fields nothing reads are not kept either.
    @Test func hugeParameterValuesAreNotKept() async throws {
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let port = try await EndpointProcess.freePort()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let server = try await EndpointProcess.serve(port: port, database: database, client: client)
        defer { if server.isRunning { server.terminate() } }
        let url = "http://127.0.0.1:\(port)/data/endpoint.php?hook_type=content&hook=news&type=view&id=categories"

        func post(_ body: String) async throws -> Int {
            var request = HTTPClientRequest(url: url)
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            request.body = .bytes(ByteBuffer(string: body))
            let response = try await client.execute(request, timeout: .seconds(30))
            _ = try await response.body.collect(upTo: 1 << 20)
            return Int(response.status.code)
        }
        for _ in 0..<5 { #expect(try await post("d=2") == 200) }
        let before = try Self.residentMegabytes(server.processIdentifier)

        for index in 0..<24 {
            let huge = String(index) + String(repeating: "x", count: 1_900_000)
            #expect(try await post("d=" + huge) == 400, "a d of any length used to be kept in the answer's key")
            #expect(try await post("d=2&note=" + huge) == 200, "a field nothing reads shapes no answer")
        }
        let after = try Self.residentMegabytes(server.processIdentifier)
        #expect(after - before < 40, "resident memory grew from \(before) MB to \(after) MB")
        #expect(EndpointProcess.stop(server))
    }

    /// `VmRSS` of process `pid`, in megabytes.
    static func residentMegabytes(_ pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { throw TestFailure("no VmRSS in /proc/\(pid)/status") }
        return kilobytes / 1024
    }
}
