import AsyncHTTPClient
import Foundation
import SQLKit
import SiteStore
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
    }
}
