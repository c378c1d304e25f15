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

    /// S-3 of the third review: every POST under `/admin` was read (up to 33 MB) and parsed before its
    /// session was looked at; 40 anonymous connections held 1.27 GB. Now nothing of a body is read
    /// until the console knows who sends it: each of 40 anonymous 33 MB posts is refused as soon as
    /// its head arrives, and the server's peak memory stays within 20 MB of what it was.
    @Test func anonymousConsoleBodiesAreNeverRead() async throws {
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let port = try await EndpointProcess.freePort()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let server = try await EndpointProcess.serve(port: port, database: database, client: client)
        defer { if server.isRunning { server.terminate() } }
        for _ in 0..<5 { _ = try await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/admin/sign-in"), timeout: .seconds(10)) }
        let before = try Self.statusMegabytes(server.processIdentifier, "VmHWM")

        let megabyte = "body=" + String(repeating: "x", count: 1 << 20)
        var connections: [RawHTTP.Connection] = []
        for path in Array(repeating: ["/admin/preview", "/admin/articles/new", "/admin/media", "/admin/settings"], count: 10).joined() {
            let connection = try await RawHTTP.connect(port: port)
            try await connection.send(
                "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 33000000\r\n\r\n"
                    + megabyte)
            connections.append(connection)
        }
        for connection in connections {
            let response = try await connection.response(seconds: 20)
            #expect(response.hasPrefix("HTTP/1.1 403"), "refused at once, the rest of the body unread: \(response.prefix(200))")
            await connection.close()
        }
        let after = try Self.statusMegabytes(server.processIdentifier, "VmHWM")
        #expect(after - before < 20, "peak resident memory went from \(before) MB to \(after) MB")
        #expect(try await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/healthz"), timeout: .seconds(10)).status == .ok)
        #expect(EndpointProcess.stop(server))
    }

    /// `VmRSS` of process `pid`, in megabytes.
    static func residentMegabytes(_ pid: Int32) throws -> Int {
        try Self.statusMegabytes(pid, "VmRSS")
    }

    /// A line of `/proc/<pid>/status` (`VmRSS`, `VmHWM`: the peak), in megabytes.
    static func statusMegabytes(_ pid: Int32, _ name: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }),
            let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { throw TestFailure("no \(name) in /proc/\(pid)/status") }
        return kilobytes / 1024
    }
}
