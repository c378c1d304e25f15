import AsyncHTTPClient
import Foundation
import SQLKit
import Storage
import TestSupport
import Testing

/// `SIGTERM` stops `endpoint serve` promptly whatever the services it talks to do, and loses nothing.
@Suite struct ShutdownProcessTests {
    @Test func sigtermStopsWithinTenSecondsWhileTheSMTPServerHangs() async throws {
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let silent = try await SilentServer.start()
        let port = try await EndpointProcess.freePort()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let environment = ["ENDPOINT_SMTP_URL": "smtp://127.0.0.1:\(silent.port)", "ENDPOINT_MAIL_POLL_SECONDS": "1"]
        let server = try await EndpointProcess.serve(port: port, database: database, environment: environment, client: client)

        let joined = try await EndpointProcess.post(
            client, "http://127.0.0.1:\(port)/data/endpoint.php?hook_type=account&hook=join", JoinFixtures.iOSFields("patient")
        )
        #expect(joined.hasPrefix(#"{"success":true"#), "\(joined)")
        try await silent.waitForAClient()  // the mail worker is now waiting for the silent server's greeting

        let asked = ContinuousClock.now
        #expect(EndpointProcess.stop(server), "a clean exit")
        let took = ContinuousClock.now - asked
        #expect(took < .seconds(10), "stopped in \(took)")
        await silent.stop()

        let outbox = try EndpointProcess.run(["mail", "list"], database: database).output
        #expect(outbox.contains("\tqueued\t"), "the mail cut off mid-send is still queued, not failed: \(outbox)")
        let leased = try await TestDatabase.withOpen(try DatabaseURL(parsing: database)) { opened in
            try await opened.withConnection {
                try await $0.raw("SELECT count(*) AS n FROM mail_outbox WHERE lease_owner IS NOT NULL").first()?.decode(column: "n", as: Int.self)
            }
        }
        #expect(leased == 0, "its lease given back: due at once for the next start or another instance")
    }

    /// SIGTERM ends every live news stream at once, cleanly (the response's last chunk, so the
    /// client reconnects, to an instance that stays), before the drain is over; the process exits.
    @Test func sigtermEndsLiveStreamsAtOnce() async throws {
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let port = try await EndpointProcess.freePort()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let server = try await EndpointProcess.serve(port: port, database: database, environment: ["ENDPOINT_DRAIN_SECONDS": "5"], client: client)
        defer { if server.isRunning { server.terminate() } }
        let streams = [
            try await EventStreamClient.open(host: "127.0.0.1", port: port, "/data/endpoint.php/content/news/live"),
            try await EventStreamClient.open(host: "127.0.0.1", port: port, "/data/endpoint.php?hook_type=content&hook=news&id=live"),
        ]
        for stream in streams { try await stream.wait(for: "the opening") { !$0.isEmpty } }
        Foundation.kill(server.processIdentifier, SIGTERM)
        for stream in streams {
            try await Waiting.until("the stream ended by the drain", seconds: 4) { stream.ended }
            #expect(stream.retry == 3000, "clients are told how soon to reconnect")
        }
        #expect(EndpointProcess.stop(server), "a clean exit")
    }

    /// SIGTERM with a drain: `/readyz` says so at once while answers still come (asking clients to
    /// close), then the listener closes, and a login whose body was still arriving is answered.
    @Test func aStoppingServerDrainsThenAnswersTheLoginInFlight() async throws {
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try EndpointProcess.run(["migrate"], database: database).status == 0)
        let added = try EndpointProcess.run(
            ["member", "add", "--username", "alice", "--email", "alice@example.com", "--password", "correct horse"], database: database)
        #expect(added.status == 0, "\(added.errors)")
        let port = try await EndpointProcess.freePort()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let server = try await EndpointProcess.serve(
            port: port, database: database, environment: ["ENDPOINT_DRAIN_SECONDS": "2", "ENDPOINT_INSTANCE": "drainer"], client: client)
        defer { if server.isRunning { server.terminate() } }
        let base = "http://127.0.0.1:\(port)"
        let ready = try await Self.get(client, base + "/readyz")
        #expect(ready.status == 200 && ready.body.contains(#""instance":"drainer""#), "\(ready)")

        let body = "username=alice&password=correct+horse"
        let login = try await RawHTTP.connect(port: port)
        try await login.send(
            "POST /data/endpoint.php?hook_type=account&hook=login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body.prefix(10))
        let stopAsked = ContinuousClock.now
        server.terminate()
        try await Waiting.until("/readyz to say draining") { (try? await Self.get(client, base + "/readyz"))?.body.contains(#""draining""#) == true }
        let draining = try await Self.get(client, base + "/readyz")
        #expect(draining.status == 503 && draining.connection == "close", "\(draining)")
        let served = try await Self.get(client, base + "/data/endpoint.php/content/news/categories")
        #expect(served.status == 200 && served.connection == "close", "still serving, asking the client to close: \(served)")
        try await Waiting.until("the listener to close", seconds: 20) { (try? await Self.get(client, base + "/healthz")) == nil }
        #expect(ContinuousClock.now - stopAsked >= .seconds(2), "not before the drain was over")

        try await login.send(String(body.dropFirst(10)))
        let answer = try await login.response()
        #expect(answer.hasPrefix("HTTP/1.1 200") && answer.contains(#"{"success":true"#), "the login in flight is answered: \(answer)")
        await login.close()
        server.waitUntilExit()
        #expect(server.terminationReason == .exit && server.terminationStatus == 0)
    }

    private static func get(_ client: HTTPClient, _ url: String) async throws -> (status: UInt, connection: String?, body: String) {
        let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(2))
        let body = String(buffer: try await response.body.collect(upTo: 1 << 20))
        return (response.status.code, response.headers.first(name: "Connection"), body)
    }
}
