import AsyncHTTPClient
import Auth
import Foundation
import NIOCore
import SQLKit
import Storage
import TestSupport
import Testing

/// `kill -9` in the middle of a burst of sign-ups, password resets and contact messages, then a
/// restart: everything that was answered with success exists and its mail is delivered, exactly once
/// (no delivery was in flight at the kill), and nothing is half-written.
@Suite struct CrashRecoveryProcessTests {
    @Test func killedMidBurstLosesNothingThatWasAnswered() async throws {
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try EndpointProcess.run(["migrate"], database: database).status == 0)
        let url = try DatabaseURL(parsing: database)
        try await TestDatabase.withOpen(url) { db in
            try await db.withConnection { connection in
                try await connection.raw("UPDATE config SET value = '100000' WHERE name LIKE '%limit_per%'").run()
            }
            try await CrashRecoveryFixtures.members(db)
        }

        let port = try await EndpointProcess.freePort()
        // Requests caught by the kill fail within seconds instead of the client's default ten.
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(timeout: .init(connect: .seconds(1), read: .seconds(20))))
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let staff = ["ENDPOINT_STAFF_EMAIL": "staff@example.com"]
        let server = try await EndpointProcess.serve(port: port, database: database, environment: staff, client: client)
        let base = "http://127.0.0.1:\(port)/data/endpoint.php"

        // The burst: each request remembers whether it was answered with success.
        let requests: [(kind: String, key: String, url: String, fields: [(String, String)])] =
            (0..<40).map { ("join", "crash\($0)@example.com", "\(base)?hook_type=account&hook=join", JoinFixtures.iOSFields("crash\($0)")) }
            + (0..<10).map {
                ("reset", "forgetful\($0)@example.com", "\(base)?hook_type=account&hook=lost_password", [("email_address", "forgetful\($0)@example.com")])
            }
            + (0..<40).map { ("contact", "Burst \($0)", "\(base)?hook_type=misc&hook=contact_us", [("title", "Burst \($0)"), ("post", "Message \($0)")]) }
        let killSwitch = KillSwitch(process: server, afterAnswers: 20)
        let answered = try await withThrowingTaskGroup(of: (String, String, Bool).self) { group in
            for request in requests.shuffled() {
                group.addTask {
                    let body = try? await EndpointProcess.post(client, request.url, request.fields)
                    let success = body?.hasPrefix(#"{"success":true"#) == true
                    if success { await killSwitch.answered() }
                    return (request.kind, request.key, success)
                }
            }
            var answered: [(String, String)] = []
            for try await (kind, key, success) in group where success { answered.append((kind, key)) }
            return answered
        }
        // Fewer than 20 answers would leave the server running: stop it rather than wait for ever.
        if server.isRunning { server.terminate() }
        server.waitUntilExit()
        #expect(server.terminationReason == .uncaughtSignal, "killed by the switch after 20 answers, not stopped after the burst")
        #expect(answered.count >= 20 && answered.count < requests.count, "killed mid-burst: \(answered.count) of \(requests.count) answered")
        let smtp = TestSMTPServer()
        try await smtp.start()
        let environment = staff.merging(["ENDPOINT_SMTP_URL": smtp.url, "ENDPOINT_MAIL_POLL_SECONDS": "1"]) { $1 }
        // A new client: the old one's pool still holds connections to the killed process.
        let fresh = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = fresh.shutdown(queue: .global()) { _ in } }
        let restarted = try await EndpointProcess.serve(port: port, database: database, environment: environment, client: fresh)
        try await TestDatabase.withOpen(url) { db in
            // Every join that committed (answered or not) committed its confirmation mail with it.
            let orphans = try await db.withConnection { connection in
                try await connection.raw(
                    """
                    SELECT COUNT(*) AS n FROM members m WHERE m.username LIKE 'crash%'
                    AND NOT EXISTS (SELECT 1 FROM mail_outbox o WHERE o.recipient = m.email)
                    """
                ).first()?.decode(column: "n", as: Int.self)
            }
            #expect(orphans == 0, "no member without its confirmation mail")
            // Reset links asked for before the kill are queued by the restarted server's reset worker:
            // count the outbox once it has taken every request.
            try await Waiting.until("the reset requests taken", seconds: 30) {
                try await db.withConnection { connection in
                    try await connection.raw("SELECT COUNT(*) AS n FROM password_reset_requests").first()?.decode(column: "n", as: Int.self) == 0
                }
            }
            let queued = try await db.withConnection { connection in
                try await connection.raw("SELECT COUNT(*) AS n FROM mail_outbox").first()?.decode(column: "n", as: Int.self) ?? 0
            }
            let waitStarted = ContinuousClock.now
            _ = try await smtp.waitForMessages(queued, seconds: 60)
            for (kind, key) in answered {
                switch kind {
                case "join":
                    #expect(try await db.members.find(login: String(key.prefix { $0 != "@" })) != nil, "\(key) exists")
                    #expect(smtp.received.filter { $0.recipient == key }.count == 1, "\(key)'s confirmation delivered once")
                case "reset":
                    #expect(smtp.received.filter { $0.recipient == key }.count == 1, "\(key)'s reset link delivered once")
                default:
                    #expect(smtp.received.filter { $0.subject?.hasSuffix(key) == true }.count == 1, "the staff heard of \(key) once")
                }
            }
            #expect(smtp.received.count == queued, "every queued mail delivered, none twice")
        }
        #expect(EndpointProcess.stop(restarted))
        try await smtp.stop()
    }
}

/// Sends `SIGKILL` to the server once it has answered a number of requests with success.
actor KillSwitch {
    private let process: Process
    private var remaining: Int

    init(process: Process, afterAnswers: Int) {
        self.process = process
        self.remaining = afterAnswers
    }

    func answered() {
        self.remaining -= 1
        if self.remaining == 0 { kill(self.process.processIdentifier, SIGKILL) }
    }
}

/// The accounts the crash test asks resets for.
enum CrashRecoveryFixtures {
    static func members(_ database: Database) async throws {
        let group = try await database.groups.groupID(for: .members)
        for index in 0..<10 {
            _ = try await database.members.create(
                NewMember(
                    username: "forgetful\(index)", email: "forgetful\(index)@example.com", passwordHash: "", primaryGroupID: group
                ), now: UnixTime.now)
        }
    }
}
