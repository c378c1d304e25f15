import AsyncHTTPClient
import Foundation
import Outbox
import SQLKit
import Storage
import TestSupport
import Testing

/// Outbox leases follow their holder across processes: mail a killed server had claimed (its SMTP
/// server hanging) goes out within seconds of a restart, or, on PostgreSQL, from another instance once
/// the dead one's heartbeat is old, and exactly once.
@Suite struct OutboxLeaseProcessTests {
    @Test(arguments: TestDatabase.engines)
    func aKilledServersClaimedMailGoesOutWithinTenSecondsOfItsRestart(engine: DatabaseEngine) async throws {
        try await Self.withDatabase(engine) { database, opened in
            let client = HTTPClient(eventLoopGroupProvider: .singleton)
            defer { _ = client.shutdown(queue: .global()) { _ in } }
            let silent = try await SilentServer.start()
            let port = try await EndpointProcess.freePort()
            let first = try await EndpointProcess.serve(
                port: port, database: database, environment: Self.environment(instance: "a", smtpPort: silent.port), client: client)
            defer { if first.isRunning { kill(first.processIdentifier, SIGKILL) } }
            let base = "http://127.0.0.1:\(port)/data/endpoint.php"
            let requests =
                (0..<30).map { ("\(base)?hook_type=account&hook=join", JoinFixtures.iOSFields("burst\($0)")) }
                + (0..<10).map { ("\(base)?hook_type=misc&hook=contact_us", [("title", "Burst \($0)"), ("post", "Message \($0)")]) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (url, fields) in requests {
                    group.addTask {
                        let answer = try await EndpointProcess.post(client, url, fields)
                        #expect(answer.hasPrefix(#"{"success":true"#), "\(answer)")
                    }
                }
                try await group.waitForAll()
            }
            try await silent.waitForAClient()
            try await Self.waitForLeases(opened, atLeast: 1)
            kill(first.processIdentifier, SIGKILL)
            first.waitUntilExit()
            let queued = try await Self.count("SELECT count(*) AS n FROM mail_outbox WHERE status = 'queued'", opened)
            #expect(queued == requests.count, "nothing was sent to the silent server")

            let smtp = TestSMTPServer()
            try await smtp.start()
            defer { Task { try? await smtp.stop() } }
            let restartedAt = ContinuousClock.now
            let second = try await EndpointProcess.serve(
                port: port, database: database, environment: Self.environment(instance: "a", smtpPort: smtp.port), client: client)
            let delivered = try await smtp.waitForMessages(queued, seconds: 10)
            let took = ContinuousClock.now - restartedAt
            #expect(took < .seconds(10), "every claimed mail delivered \(took) after the restart began")
            #expect(EndpointProcess.stop(second))
            #expect(smtp.received.count == queued, "none twice")
            #expect(Set(delivered.map { $0.recipient + ($0.subject ?? "") }).count == queued)
            await silent.stop()
        }
    }

    /// Instance b does not touch what live instance a holds; once a is killed (and stays down), b
    /// delivers a's claimed mail within the heartbeat bound.
    @Test(.enabled(if: TestDatabase.engines.contains(.postgres)))
    func anotherInstanceTakesOverADeadInstancesLeases() async throws {
        try await Self.withDatabase(.postgres) { database, opened in
            let client = HTTPClient(eventLoopGroupProvider: .singleton)
            defer { _ = client.shutdown(queue: .global()) { _ in } }
            // Queued before a starts, so that its worker claims them all in its first batch.
            for index in 0..<10 { try await MailFixtures.enqueue(opened, to: "held\(index)@example.com") }
            let silent = try await SilentServer.start()
            let portA = try await EndpointProcess.freePort()
            let a = try await EndpointProcess.serve(
                port: portA, database: database, environment: Self.environment(instance: "a", smtpPort: silent.port), client: client)
            defer { if a.isRunning { kill(a.processIdentifier, SIGKILL) } }
            try await Self.waitForLeases(opened, atLeast: 10)

            let smtp = TestSMTPServer()
            try await smtp.start()
            defer { Task { try? await smtp.stop() } }
            let portB = try await EndpointProcess.freePort()
            let b = try await EndpointProcess.serve(
                port: portB, database: database, environment: Self.environment(instance: "b", smtpPort: smtp.port), client: client)
            // b has been running for two heartbeats (its mail worker passes every 0.2 s) while a lives.
            let beat = try await Self.count("SELECT max(heartbeat_at) AS n FROM lease_holders WHERE instance = 'b'", opened)
            try await Waiting.until("two heartbeats of b") {
                try await Self.count("SELECT max(heartbeat_at) AS n FROM lease_holders WHERE instance = 'b'", opened) >= beat + 2 * LeaseHolder.heartbeatSeconds
            }
            #expect(smtp.received.isEmpty, "a live instance's rows stay with it")

            kill(a.processIdentifier, SIGKILL)
            a.waitUntilExit()
            let killedAt = ContinuousClock.now
            _ = try await smtp.waitForMessages(10, seconds: Double(LeaseHolder.deadAfterSeconds + 2 * LeaseHolder.heartbeatSeconds + 5))
            let took = ContinuousClock.now - killedAt
            #expect(took < .seconds(LeaseHolder.deadAfterSeconds + 2 * LeaseHolder.heartbeatSeconds + 2), "taken over \(took) after the kill")
            #expect(EndpointProcess.stop(b))
            #expect(smtp.received.count == 10)
            #expect(Set(smtp.received.map(\.recipient)) == Set((0..<10).map { "held\($0)@example.com" }), "each once")
            await silent.stop()
        }
    }

    private static func environment(instance: String, smtpPort: Int) -> [String: String] {
        [
            "ENDPOINT_INSTANCE": instance, "ENDPOINT_SMTP_URL": "smtp://127.0.0.1:\(smtpPort)", "ENDPOINT_MAIL_POLL_SECONDS": "0.2",
            "ENDPOINT_STAFF_EMAIL": "staff@example.com",
        ]
    }

    /// A fresh migrated database on `engine`, as a URL for the command line, with rate limits out of
    /// the way of a burst from one address, and the database opened for the test's own queries.
    private static func withDatabase(_ engine: DatabaseEngine, _ body: (String, Database) async throws -> Void) async throws {
        let url = try await TestDatabase.freshURL(engine)
        defer { if case .sqlite(let path) = url { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) } }
        #expect(try EndpointProcess.run(["migrate"], database: url.connectionString).status == 0)
        try await TestDatabase.withOpen(url) { database in
            try await database.withConnection { try await $0.raw("UPDATE config SET value = '100000' WHERE name LIKE '%limit_per%'").run() }
            try await body(url.connectionString, database)
        }
    }

    private static func waitForLeases(_ database: Database, atLeast count: Int) async throws {
        try await Waiting.until("\(count) leased mails") {
            try await Self.count("SELECT count(*) AS n FROM mail_outbox WHERE lease_owner IS NOT NULL", database) >= count
        }
    }

    private static func count(_ query: String, _ database: Database) async throws -> Int {
        try await database.withConnection { try await $0.raw(SQLQueryString(query)).first()?.decode(column: "n", as: Int?.self) } ?? 0
    }
}
