import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import TestSupport
import Testing

/// `endpoint serve` as a real process: start-up on a fresh SQLite file, a busy port, and graceful
/// shutdown on SIGTERM with requests in flight.
@Suite struct ServeProcessTests {
    /// Every login in flight holds a place under the (username, network) failure limit until its
    /// password is judged; these tests send more logins of one member at once than the default five.
    static let manyLoginsAtOnce = ["login_throttle_user_ip_failures": "100"]

    @Test func busyPortIsReportedClearly() async throws {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(channel.localAddress?.port)
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let refused = try EndpointProcess.run(["serve", "--port", String(port)], database: database)
        try await channel.close()
        #expect(refused.status != 0)
        #expect(refused.errors.contains("Error: Cannot listen on 127.0.0.1:\(port):"), "\(refused.errors)")
        #expect(refused.errors.contains("Choose another with --port or ENDPOINT_PORT."))
    }

    /// One server per SQLite file: a second `serve` is refused with a sentence saying why (the outboxes
    /// take every earlier lease in the file as a dead process's), a bad instance identity too; once the
    /// first has stopped, the file is free again.
    @Test func aSecondServerOnOneSQLiteFileIsRefused() async throws {
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let port = try await EndpointProcess.freePort()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let first = try await EndpointProcess.serve(port: port, database: database, client: client)
        defer { if first.isRunning { first.terminate() } }
        let second = try EndpointProcess.run(["serve", "--port", String(try await EndpointProcess.freePort())], database: database)
        #expect(second.status != 0)
        #expect(second.errors.contains("Another endpoint serve is using \(database): one server runs on an SQLite file"), "\(second.errors)")
        let badName = try EndpointProcess.run(["serve", "--instance", "a b"], database: database)
        #expect(badName.errors.contains("The instance identity must be 1 to 100 letters, digits"), "\(badName.errors)")
        // Each flag is read by its one declaration, from the command line or the environment alike.
        let unknown = try EndpointProcess.run(["serve", "--prot", "8080"], database: database)
        #expect(unknown.status != 0 && unknown.errors.contains("Unknown flag --prot"), "\(unknown.errors)")
        let missing = try EndpointProcess.run(["serve", "--port"], database: database)
        #expect(missing.status != 0 && missing.errors.contains("--port needs a value."), "\(missing.errors)")
        let drain = try EndpointProcess.run(["serve", "--drain-seconds=301"], database: database)
        #expect(drain.errors.contains("The drain must be between 0 and 300 seconds."), "\(drain.errors)")
        var environment = ProcessInfo.processInfo.environment
        environment["ENDPOINT_PORT"] = "70000"
        let fromEnvironment = try Subprocess.run(EndpointProcess.executable, ["serve", "--database", database], environment: environment)
        #expect(fromEnvironment.status != 0 && fromEnvironment.errors.contains("The port must be between 1 and 65535."), "\(fromEnvironment.errors)")
        #expect(EndpointProcess.stop(first))
        let again = try await EndpointProcess.serve(port: port, database: database, client: client)
        #expect(EndpointProcess.stop(again))
    }

    /// The binary carries its migrations, so a copy works from any folder without the checkout.
    @Test func aCopiedBinaryMigratesFromAnyFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endpoint-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("endpoint")
        try FileManager.default.copyItem(at: EndpointProcess.executable, to: copy)
        var environment = ProcessInfo.processInfo.environment
        environment["ENDPOINT_MIGRATIONS"] = nil
        let migrated = try Subprocess.run(copy, ["migrate", "--database", "sqlite://here.sqlite"], currentDirectory: folder, environment: environment)
        #expect(migrated.status == 0, "\(migrated.errors)")
        #expect(migrated.output.hasPrefix("Applied: 0001_members_and_groups.sql"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("here.sqlite").path))

        environment["ENDPOINT_MIGRATIONS"] = folder.appendingPathComponent("missing").path
        let overridden = try Subprocess.run(copy, ["migrate", "--database", "sqlite://other.sqlite"], currentDirectory: folder, environment: environment)
        #expect(overridden.status != 0, "ENDPOINT_MIGRATIONS still replaces the built-in migrations")
        #expect(overridden.errors.contains("Cannot read the migrations folder"))
    }

    @Test func sigtermLetsRequestsInFlightFinish() async throws {
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let added = try EndpointProcess.run(
            ["member", "add", "--username", "alice", "--email", "alice@example.com", "--password", "correct horse"], database: database)
        #expect(added.status == 0)

        let port = try await EndpointProcess.freePort()
        // One connection per login: a request the client had queued behind another on a kept-alive
        // connection would meet that connection closing after its answer, which is shutdown working.
        let client = HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: .init(connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 24))
        )
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        // One hashing thread: 24 logins (under the hashing queue's limit of 32) take at least 24 hash
        // times (over 350 ms even where a hash takes 15 ms). SIGTERM comes once every login not yet
        // answered is at the hasher (`endpoint_hash_queue_depth`), so every request has been read and
        // most are still hashing; a fixed wait was too short for a ThreadSanitizer build on a busy
        // machine (a connection not yet read is closed by the shutdown, which is right).
        let metricsPort = try await EndpointProcess.freePort()
        try await EndpointProcess.setConfig(Self.manyLoginsAtOnce, database: database)
        let server = try await EndpointProcess.serve(
            port: port, database: database, environment: ["ENDPOINT_HASH_THREADS": "1", "ENDPOINT_METRICS_PORT": "\(metricsPort)"], client: client
        )
        let login = "http://127.0.0.1:\(port)/data/endpoint.php?hook_type=account&hook=login"
        let finished = FinishedCount()
        let (answers, finishedBeforeSignal) = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<24 {
                group.addTask {
                    let answer = try await EndpointProcess.post(client, login, [("username", "alice"), ("password", "correct horse")])
                    await finished.add()
                    return answer
                }
            }
            let before = try await Self.waitUntilEveryLoginIsHashing(24, finished: finished, metrics: "http://127.0.0.1:\(metricsPort)/metrics", client: client)
            server.terminate()
            return (try await group.reduce(into: []) { $0.append($1) }, before)
        }
        #expect(finishedBeforeSignal < 24, "logins were still in flight at the signal")
        #expect(answers.count == 24)
        #expect(answers.allSatisfy { $0.hasPrefix(#"{"success":true"#) })
        server.waitUntilExit()
        #expect(server.terminationReason == .exit)
        #expect(server.terminationStatus == 0)
    }

    /// `--database-connections` (`ENDPOINT_DATABASE_CONNECTIONS`): one connection per event loop still
    /// serves many requests at once (they wait their turn); a size outside 1…64 is refused at start.
    @Test func theDatabasePoolSizeIsASetting() async throws {
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let refused = try EndpointProcess.run(["serve", "--database-connections", "0"], database: database)
        #expect(refused.status != 0)
        #expect(refused.errors.contains("The database connections per event loop must be between 1 and 64."), "\(refused.errors)")
        let added = try EndpointProcess.run(
            ["member", "add", "--username", "alice", "--email", "alice@example.com", "--password", "correct horse"], database: database)
        #expect(added.status == 0)

        let port = try await EndpointProcess.freePort()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        try await EndpointProcess.setConfig(Self.manyLoginsAtOnce, database: database)
        let server = try await EndpointProcess.serve(port: port, database: database, environment: ["ENDPOINT_DATABASE_CONNECTIONS": "1"], client: client)
        let login = "http://127.0.0.1:\(port)/data/endpoint.php?hook_type=account&hook=login"
        let answers = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<16 {
                group.addTask { try await EndpointProcess.post(client, login, [("username", "alice"), ("password", "correct horse")]) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 16)
        #expect(answers.allSatisfy { $0.hasPrefix(#"{"success":true"#) }, "\(answers.filter { !$0.hasPrefix(#"{"success":true"#) })")
        #expect(EndpointProcess.stop(server))
    }
}

extension ServeProcessTests {
    /// Waits (10 s at most) until each of `logins` is answered or waiting at the hasher, and returns how
    /// many were answered by then.
    private static func waitUntilEveryLoginIsHashing(_ logins: Int, finished: FinishedCount, metrics: String, client: HTTPClient) async throws -> Int {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            let answered = await finished.count
            let page = try await client.execute(HTTPClientRequest(url: metrics), timeout: .seconds(5))
            let text = String(buffer: try await page.body.collect(upTo: 1 << 20))
            let depth = text.firstMatch(of: /\nendpoint_hash_queue_depth (\d+)/).flatMap { Int($0.output.1) } ?? 0
            if answered + depth >= logins { return answered }
            try await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("the logins never all reached the hasher")
        return await finished.count
    }
}

/// How many requests have been answered so far.
private actor FinishedCount {
    private(set) var count = 0

    func add() { self.count += 1 }
}
