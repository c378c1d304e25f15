import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SQLKit
import Storage

/// The built `endpoint` binary, run as a separate process the way an operator runs it.
package enum EndpointProcess {
    package static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("endpoint")
    }

    /// A fresh SQLite database URL in its own temporary folder, and that folder.
    package static func freshDatabase() -> (url: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endpoint-process-\(UUID().uuidString)")
        return ("sqlite://" + folder.appendingPathComponent("endpoint.sqlite").path, folder)
    }

    /// An empty log file in `folder`, and a handle writing to it (a server's `log:`).
    package static func logFile(in folder: URL) throws -> (url: URL, handle: FileHandle) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("server-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw TestFailure("cannot create \(url.path)") }
        return (url, try FileHandle(forWritingTo: url))
    }

    package static func freePort() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress?.port ?? 0
        try await channel.close()
        return port
    }

    /// Runs a command to completion; returns its exit status and standard output.
    @discardableResult
    package static func run(_ arguments: [String], database: String) throws -> (status: Int32, output: String, errors: String) {
        try Subprocess.run(self.executable, arguments + ["--database", database])
    }

    /// Sets config options of the (migrated) database at `database`, as an operator would in the table.
    package static func setConfig(_ values: [String: String], database: String) async throws {
        try await TestDatabase.withOpen(try DatabaseURL(parsing: database)) { opened in
            try await opened.withConnection { connection in
                for (name, value) in values {
                    try await connection.raw("UPDATE config SET value = \(bind: value) WHERE name = \(bind: name)").run()
                }
            }
        }
    }

    /// Starts `endpoint serve` on `port` with extra arguments and environment variables; returns once
    /// `/healthz` answers. Logs only errors, to nowhere, unless `logLevel` and `log` say otherwise.
    package static func serve(
        port: Int, database: String, arguments: [String] = [], environment: [String: String] = [:], logLevel: String = "error",
        logFormat: String = "text", log: FileHandle = .nullDevice, client: HTTPClient
    ) async throws -> Process {
        let server = Process()
        server.executableURL = self.executable
        server.arguments = ["serve", "--port", String(port), "--database", database, "--log-level", logLevel, "--log-format", logFormat] + arguments
        // Image versions and the media store go to folders of the test's own unless it names them.
        let cache = [
            "ENDPOINT_MEDIA_CACHE": FileManager.default.temporaryDirectory.appendingPathComponent("media-\(UUID())").path,
            "ENDPOINT_MEDIA_STORE": FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID())").path,
        ]
        server.environment = ProcessInfo.processInfo.environment.merging(cache) { $1 }.merging(environment) { $1 }
        server.standardOutput = FileHandle.nullDevice
        server.standardError = log
        try server.run()
        LeftoverServers.watch(server)
        for _ in 0..<100 {
            if (try? await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/healthz"), timeout: .seconds(1)).status == .ok) == true {
                return server
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        server.terminate()
        throw TestFailure("endpoint serve did not become healthy on port \(port)")
    }

    /// POSTs urlencoded `fields` and returns the body.
    package static func post(_ client: HTTPClient, _ url: String, _ fields: [(String, String)]) async throws -> String {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: FormEncoding.body(fields)))
        let response = try await client.execute(request, timeout: .seconds(30))
        return String(buffer: try await response.body.collect(upTo: 1 << 20))
    }

    /// Sends SIGTERM and waits for a clean exit.
    package static func stop(_ server: Process) -> Bool {
        server.terminate()
        server.waitUntilExit()
        return server.terminationReason == .exit && server.terminationStatus == 0
    }
}

/// Servers a test started and did not stop, killed when the test binary exits: a test that fails
/// between `serve` and `stop` must not leave a server running after the suite, holding the ports and
/// the files the run's output goes to (CI once waited out its time limit on one).
private enum LeftoverServers {
    private static let started = NIOLockedValueBox<[Process]>([])
    private static let killedAtExit: Void = { atexit { LeftoverServers.killRunning() } }()

    static func watch(_ server: Process) {
        _ = Self.killedAtExit
        Self.started.withLockedValue { $0.append(server) }
    }

    private static func killRunning() {
        for server in Self.started.withLockedValue({ $0 }) where server.isRunning {
            kill(server.processIdentifier, SIGKILL)
        }
    }
}
