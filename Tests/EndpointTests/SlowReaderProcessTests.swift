import AsyncHTTPClient
import Foundation
import NIOCore
import TestSupport
import Testing

/// Clients that ask for an answer and then read nothing of it (security review 2, finding 5): a
/// version was copied into memory for every request (40 such clients held 281 MB) and held until the
/// client closed, and a stopping server waited for them for ever. Measured on the binary as it ships,
/// by the process's resident memory and by when it exits.
@Suite struct SlowReaderProcessTests {
    /// A server with one image of noise (2,000 × 1,500 pixels: a 9 MB PNG, and a 9 MB original version),
    /// the version already made; `body` gets the server, its port and the request for that version.
    private func withLargeImage(
        arguments: [String], _ body: (_ server: Process, _ port: Int, _ request: String, _ log: URL) async throws -> Void
    ) async throws {
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let image = folder.appendingPathComponent("noise.png")
        try Data(ImageFixtures.noisePNG(width: 2_000, height: 1_500)).write(to: image)
        let added = try EndpointProcess.run(["media", "add", image.path], database: database)
        let path = try #require(added.output.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }, "\(added.errors)")
        let port = try await EndpointProcess.freePort()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let log = folder.appendingPathComponent("server.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let server = try await EndpointProcess.serve(
            port: port, database: database, arguments: arguments, logLevel: "notice", log: try FileHandle(forWritingTo: log), client: client)
        defer { if server.isRunning { server.terminate() } }
        let whole = try await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)"), timeout: .seconds(60))
        #expect(whole.status.code == 200)
        #expect(try await whole.body.collect(upTo: 64 << 20).readableBytes > 8_000_000, "the version is as large as the noise")
        try await body(server, port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: */*\r\n\r\n", log)
    }

    @Test func fortyClientsThatNeverReadHoldLittleAndAreCutOff() async throws {
        try await self.withLargeImage(arguments: ["--write-timeout", "3"]) { server, port, request, log in
            let before = try MemoryBoundsProcessTests.residentMegabytes(server.processIdentifier)
            var readers: [StalledReader] = []
            for _ in 0..<40 { readers.append(try StalledReader(port: port, request)) }
            let during = try MemoryBoundsProcessTests.residentMegabytes(server.processIdentifier)
            #expect(during - before < 20, "40 clients that read nothing took the server from \(before) MB to \(during) MB")
            // The write timeout closes each connection whose answer is not read; reading then, each
            // client gets what the server had sent before it gave up, not the whole version.
            try await Waiting.until("40 connections closed for answers not read", seconds: 20) {
                (try String(contentsOf: log, encoding: .utf8)).components(separatedBy: "reason=answer not read").count - 1 == 40
            }
            for reader in readers {
                let received = try reader.readUntilClosed(seconds: 20)
                #expect(received < 8_000_000, "cut off after \(received) bytes")
            }
            #expect(EndpointProcess.stop(server))
        }
    }

    /// SIGTERM with a client that reads nothing of a download: the server drains, gives what is in
    /// flight `--stop-seconds`, then closes its connections and exits.
    @Test func aStoppingServerWithAStuckReaderExitsWithinItsBound() async throws {
        try await self.withLargeImage(arguments: ["--drain-seconds", "1", "--stop-seconds", "2", "--write-timeout", "120"]) { server, port, request, _ in
            let reader = try StalledReader(port: port, request)
            let stopping = ContinuousClock.now
            server.terminate()
            try await Waiting.until("the server to exit", seconds: 10) { !server.isRunning }
            let took = ContinuousClock.now - stopping
            #expect(took < .seconds(6), "exited \(took) after SIGTERM (drain 1 s, stop 2 s)")
            #expect(try reader.readUntilClosed(seconds: 10) < 8_000_000)
        }
    }
}
