import AsyncHTTPClient
import Foundation
import Logging
import NIOConcurrencyHelpers
import TestSupport
import Testing

@testable import Endpoint

/// The server's log as an operator's collector reads it: one JSON object per line, one access line
/// per request, the request's ID on the mail it queued, and no secret anywhere.
@Suite struct LogProcessTests {
    @Test func jsonLinesNameTheRequestInEveryLineItCausesAndHoldNoSecret() async throws {
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let added = try EndpointProcess.run(
            ["member", "add", "--username", "alice", "--email", "alice@example.com", "--password", "correct horse"], database: database)
        #expect(added.status == 0, "\(added.errors)")
        let smtp = TestSMTPServer()
        try await smtp.start()
        defer { Task { try? await smtp.stop() } }
        let (logFile, log) = try EndpointProcess.logFile(in: folder)

        let port = try await EndpointProcess.freePort()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let server = try await EndpointProcess.serve(
            port: port, database: database, environment: ["ENDPOINT_SMTP_URL": smtp.url, "ENDPOINT_MAIL_POLL_SECONDS": "0.2"],
            logLevel: "info", logFormat: "json", log: log, client: client
        )
        let base = "http://127.0.0.1:\(port)/data/endpoint.php"
        let login = try await EndpointProcess.post(client, base + "?hook_type=account&hook=login", [("username", "alice"), ("password", "correct horse")])
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(login.utf8)) as? [String: Any])
        let token = try #require((answer["response_data"] as? [String: Any])?["device_auth_pass_hashed_vl"] as? String)
        var session = HTTPClientRequest(url: base + "?hook_type=account&hook=session&type=view")
        session.headers.add(name: "cms_member_id", value: "2")
        session.headers.add(name: "cms_member_hash", value: token)
        session.headers.add(name: "Cookie", value: "cms_member_hash=\(token)")
        #expect(try await client.execute(session, timeout: .seconds(10)).status == .ok)
        let reset = try await EndpointProcess.post(client, base + "?hook_type=account&hook=lost_password", [("username", "alice")])
        #expect(reset.hasPrefix(#"{"success":true"#), "\(reset)")
        let mailed = try await smtp.waitForMessages(1, seconds: 20)
        try await Waiting.until("the mail worker's line saying it sent the mail") {
            try String(contentsOf: logFile, encoding: .utf8).contains("\"mail sent\"")
        }
        #expect(EndpointProcess.stop(server))
        try log.close()

        let text = try String(contentsOf: logFile, encoding: .utf8)
        let lines = try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String], "not a JSON line: \(line)")
        }
        let access = lines.filter { $0["message"] == "request" && $0["path"] != "/healthz" }
        #expect(access.map { $0["hook"] } == ["account/login", "account/session", "account/lost_password"])
        #expect(access.map { $0["member"] } == ["guest", "2", "guest"])
        #expect(access.allSatisfy { $0["status"] == "200" && $0["client_ip"] == "127.0.0.1" && $0["path"] == "/data/endpoint.php" && $0["duration_ms"] != nil })
        #expect(access[1]["type"] == "view")
        let resetID = try #require(access[2]["request_id"])
        #expect(Set(access.compactMap { $0["request_id"] }).count == 3, "one ID per request")
        #expect(access.allSatisfy { $0["request_id"] == $0["hb.request.id"] }, "the ID every line of the request carries")
        let sent = try #require(lines.first { $0["message"] == "mail sent" })
        #expect(sent["request_id"] == resetID, "the delivery names the request that queued the mail")

        let code = try MailFixtures.linkFields(try #require(mailed.first?.link)).code
        for secret in ["correct horse", "correct+horse", token, code] {
            #expect(!text.contains(secret), "the log holds no password, token or code")
        }
    }

    /// The text log as a `tail -f` shows it: a `type` a client chose cannot start a line of its own
    /// (the access line says `other`), and `X-Forwarded-For` from a peer that is no trusted proxy is
    /// reported once, not believed.
    @Test func clientTextForgesNoTextLineAndUntrustedForwardingIsReportedOnce() async throws {
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (logFile, log) = try EndpointProcess.logFile(in: folder)
        let port = try await EndpointProcess.freePort()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let server = try await EndpointProcess.serve(port: port, database: database, logLevel: "info", log: log, client: client)
        let forged = "view%0A2026-11-26T00:00:00+0000%20critical%20endpoint%3A%20forged%20line"
        for _ in 0..<2 {
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/data/endpoint.php?hook_type=misc&hook=echo&type=\(forged)")
            request.headers.add(name: "X-Forwarded-For", value: "203.0.113.5")
            #expect(try await client.execute(request, timeout: .seconds(10)).status == .ok)
        }
        #expect(EndpointProcess.stop(server))
        try log.close()

        let text = try String(contentsOf: logFile, encoding: .utf8)
        #expect(!text.contains("forged"), "\(text)")
        let access = text.split(separator: "\n").filter { $0.contains("hook=misc/echo") }
        #expect(access.count == 2 && access.allSatisfy { $0.contains("type=other") && $0.contains("client_ip=127.0.0.1") }, "\(text)")
        #expect(text.components(separatedBy: "X-Forwarded-For ignored from an untrusted peer").count == 2, "one warning: \(text)")
    }

    /// The handler itself: the fixed keys, metadata at the top level, escaping, one line per entry.
    @Test func theJSONHandlerWritesOneEscapedObjectPerLine() throws {
        let lines = NIOLockedValueBox<[String]>([])
        var logger = Logger(label: "test") { label in JSONLogHandler(label: label) { line in lines.withLockedValue { $0.append(line) } } }
        logger[metadataKey: "request_id"] = "abc"
        logger.info("said \"hi\"\nthen left", metadata: ["count": .stringConvertible(3), "list": .array(["a"])])
        logger.debug("not at info")
        let written = lines.withLockedValue { $0 }
        #expect(written.count == 1)
        #expect(written[0].hasSuffix("}\n") && written[0].dropLast().contains("\n") == false)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(written[0].utf8)) as? [String: String])
        #expect(object["message"] == "said \"hi\"\nthen left")
        #expect(object["level"] == "info" && object["label"] == "test" && object["request_id"] == "abc")
        #expect(object["count"] == "3" && object["list"]?.contains("a") == true)
        #expect(try #require(object["time"]).wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil)
    }

    /// The `text` format's handler writes what swift-log's `StreamLogHandler` writes with the same
    /// metadata (it only renders it later), the entry's items winning over the logger's.
    @Test func theTextHandlerWritesWhatTheStreamHandlerWrites() {
        let lines = NIOLockedValueBox<[String]>([])
        let stream = LineCollector(lines: lines)
        var direct = Logger(label: "test") { StreamLogHandler(label: $0, stream: stream, metadataProvider: nil) }
        var deferred = Logger(label: "test") { TextLogHandler(stream: StreamLogHandler(label: $0, stream: stream, metadataProvider: nil)) }
        direct[metadataKey: "request_id"] = "abc"
        direct[metadataKey: "hb.request.id"] = "1"
        deferred[metadataKey: "request_id"] = "abc"
        deferred[metadataKey: "hb.request.id"] = "1"
        direct.info("said hi", metadata: ["hb.request.id": "2", "count": .stringConvertible(3)])
        deferred.info("said hi", metadata: ["hb.request.id": "2", "count": .stringConvertible(3)])
        deferred.debug("not at info")
        let written = lines.withLockedValue { $0 }.map { $0.drop(while: { $0 != " " }) }
        #expect(written.count == 2)
        #expect(written.first == written.last)
        #expect(written.last == " info test: count=3 hb.request.id=2 request_id=abc [EndpointTests] said hi\n")
    }
}

/// Collects what a `StreamLogHandler` writes.
private struct LineCollector: TextOutputStream, Sendable {
    let lines: NIOLockedValueBox<[String]>

    mutating func write(_ string: String) {
        self.lines.withLockedValue { $0.append(string) }
    }
}
