import AsyncHTTPClient
import Foundation
import TestSupport
import Testing

/// Mail as an operator sees it: `endpoint serve` delivering to `ENDPOINT_SMTP_URL`, across an SMTP
/// outage and a server restart, and `endpoint mail list` / `show` for following links locally.
@Suite struct MailProcessTests {
    @Test func mailQueuedDuringAnOutageIsDeliveredOnceAfterARestart() async throws {
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try EndpointProcess.run(["migrate"], database: database).status == 0)
        // Every retry within a second of the last, however many attempts the outage saw (under
        // ThreadSanitizer the first run lasts long enough for several, whose doubling waits outlasted
        // the wait for delivery below).
        try await EndpointProcess.setConfig(["mail_retry_base_seconds": "1", "mail_retry_max_seconds": "1", "mail_max_attempts": "1000"], database: database)
        let smtp = TestSMTPServer()
        try await smtp.start()
        try await smtp.stop()

        let port = try await EndpointProcess.freePort()
        let environment = ["ENDPOINT_SMTP_URL": smtp.url, "ENDPOINT_MAIL_FROM": "site@example.com"]
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let join = "http://127.0.0.1:\(port)/data/endpoint.php?hook_type=account&hook=join"

        var server = try await EndpointProcess.serve(port: port, database: database, environment: environment, client: client)
        defer { if server.isRunning { server.terminate() } }
        let joined = try await EndpointProcess.post(client, join, JoinFixtures.iOSFields("patient"))
        #expect(joined.hasPrefix(#"{"success":true"#), "\(joined)")
        try await Self.waitForMailList(database, "a failed attempt recorded") { $0.contains("\tqueued\t") && !$0.contains("\t0 attempts\t") }
        #expect(EndpointProcess.stop(server))

        let waiting = try EndpointProcess.run(["mail", "list"], database: database).output
        #expect(waiting.contains("\tqueued\t"), "\(waiting)")
        #expect(waiting.contains("patient@example.com\tActivate your new account at Composr site"))
        let shown = try EndpointProcess.run(["mail", "show", "1"], database: database).output
        #expect(shown.contains("http://127.0.0.1:\(port)/account/confirm-email?keep_lang=EN&member=2&code="), "\(shown)")
        #expect(try EndpointProcess.run(["mail", "show", "99"], database: database).status != 0)

        try await smtp.start(port: smtp.port)
        defer { Task { try? await smtp.stop() } }
        server = try await EndpointProcess.serve(port: port, database: database, environment: environment, client: client)
        let delivered = try await smtp.waitForMessages(1, seconds: 30)
        #expect(delivered[0].sender == "site@example.com")
        #expect(delivered[0].recipient == "patient@example.com")
        try await Self.waitForMailList(database, "the mail marked sent") { $0.contains("\tsent\t") }
        #expect(EndpointProcess.stop(server))
        #expect(smtp.received.count == 1, "delivered exactly once")
    }

    /// Waits until `endpoint mail list`, run as an operator would while the server runs, prints what
    /// `shows` looks for.
    static func waitForMailList(_ database: String, _ what: String, shows: @escaping (String) -> Bool) async throws {
        try await Waiting.until(what, seconds: 30) { shows(try EndpointProcess.run(["mail", "list"], database: database).output) }
    }
}
