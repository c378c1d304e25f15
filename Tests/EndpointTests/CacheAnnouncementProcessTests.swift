import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SQLKit
import Storage
import TestSupport
import Testing

/// Two `endpoint serve` processes on one PostgreSQL database, as behind a load balancer: what one
/// instance (or an operator's command) changes, the other honours as soon as it is announced, although
/// it remembers sessions and memberships (here for 300 s) and config for seconds — also while its listening
/// connection is being replaced.
@Suite(.serialized, .enabled(if: TestDatabase.engines.contains(.postgres)))
struct CacheAnnouncementProcessTests {
    /// Logging out on A ends the session on B at once; so does logging out everywhere.
    @Test(arguments: ["view", "all"])
    func aLogoutOnOneInstanceIsSeenByTheOtherAtOnce(scope: String) async throws {
        try await Cluster.run { a, b, _ in
            let alice = try await a.logIn("alice")
            #expect(try await b.sessionView(alice)["username"] as? String == "alice", "B now remembers the session")
            let logout = "?hook_type=account&hook=session&type=delete" + (scope == "all" ? "&id=all" : "")
            #expect(try await a.call(logout, headers: alice.headers).success)
            try await Cluster.refuses(b, alice.headers)
        }
    }

    /// A password changed (by an administrator on A, by an operator's command, or by the member
    /// through the e-mailed reset code on A) ends the member's sessions on B at once.
    @Test(arguments: ["commandr", "command", "reset"])
    func aPasswordChangeEndsSessionsOnTheOtherInstance(way: String) async throws {
        try await Cluster.run { a, b, url in
            let alice = try await a.logIn("alice")
            _ = try await b.sessionView(alice)
            if way == "commandr" {
                let root = try await a.logIn("root")
                #expect(try await a.commandr(.PUT, "var/groups/members/alice.cms", #"{"password": "battery staple"}"#, as: root).success)
            } else if way == "command" {
                let changed = try EndpointProcess.run(
                    ["member", "password", "--username", "alice", "--password", "battery staple"], database: url.connectionString)
                #expect(changed.status == 0, "\(changed.errors)")
            } else {
                let before = try await TestDatabase.withOpen(url) { try await MailFixtures.newestMailID($0) }
                #expect(try await a.call("?hook_type=account&hook=lost_password", method: .POST, body: "username=alice", contentType: Cluster.form).success)
                let code = try await TestDatabase.withOpen(url) { database in
                    try await MailFixtures.waitForMail(after: before, database)
                    return try await MailFixtures.latestLinkCode(database)
                }
                let reset = try await a.call(
                    "?hook_type=account&hook=lost_password&type=edit", method: .POST,
                    body: "member=3&code=\(code)&password=battery+staple&password_confirm=battery+staple", contentType: Cluster.form
                )
                #expect(reset.success, "\(reset.json)")
            }
            try await Cluster.refuses(b, alice.headers)
        }
    }

    /// A ban and a group change made on A apply on B at the next request.
    @Test func aBanAndAGroupChangeApplyOnTheOtherInstanceAtOnce() async throws {
        try await Cluster.run { a, b, _ in
            let root = try await a.logIn("root")
            let alice = try await a.logIn("alice")
            #expect(try await b.sessionView(alice)["admin_status"] as? Bool == false)
            #expect(try await a.commandr(.PUT, "var/groups/members/alice.cms", #"{"groups": [2, 4]}"#, as: root).success)
            try await Waiting.until("B forgetting the membership it remembered") { try await b.sessionView(alice)["admin_status"] as? Bool == true }
            #expect(try await a.commandr(.PUT, "var/groups/members/alice.cms", #"{"is_perm_banned": 1}"#, as: root).success)
            try await Cluster.refuses(b, alice.headers)
        }
    }

    /// A config option changed on A applies on B at the next request, not after B's refresh interval.
    @Test func aConfigChangeAppliesOnTheOtherInstanceAtOnce() async throws {
        try await Cluster.run { a, b, _ in
            let root = try await a.logIn("root")
            #expect(try await b.call(Cluster.sessionQuery).language == "en")
            #expect(try await a.commandr(.PUT, "etc/default_language", "FR", as: root).success)
            #expect(try await b.call(Cluster.sessionQuery).language == "fr")
        }
    }

    /// With its listening backend killed, B reads the database instead of trusting what it remembers,
    /// and listens again on a new connection.
    @Test func aKilledListenerLeavesNoStaleCacheAndReconnects() async throws {
        try await Cluster.run { a, b, url in
            let alice = try await a.logIn("alice")
            _ = try await b.sessionView(alice)
            #expect(try await b.readiness() == 200)
            try await TestDatabase.withOpen(url) { database in
                let killed = try await Cluster.terminateListeners(database)
                #expect(killed.count == 2, "one listener per instance")
                #expect(try await a.call("?hook_type=account&hook=session&type=delete", headers: alice.headers).success)
                try await Cluster.refuses(b, alice.headers, "no stale session")
                var listeners: Set<Int> = []
                for _ in 0..<100 where listeners.count < 2 {
                    try await Task.sleep(for: .milliseconds(100))
                    listeners = try await Cluster.listeners(database)
                }
                #expect(listeners.count == 2 && listeners.isDisjoint(with: killed), "both listen again, on new connections")
            }
            #expect(try await b.readiness() == 200)
            let again = try await a.logIn("alice")
            _ = try await b.sessionView(again)
            #expect(try await a.call("?hook_type=account&hook=session&type=delete", headers: again.headers).success)
            try await Cluster.refuses(b, again.headers, "announcements arrive again")
        }
    }
}

/// Two `endpoint serve` processes on a fresh PostgreSQL database holding an administrator `root` and a
/// member `alice` (password "correct horse").
private enum Cluster {
    static let sessionQuery = "?hook_type=account&hook=session&type=view"
    static let form = "application/x-www-form-urlencoded"

    static func run(_ body: (Instance, Instance, DatabaseURL) async throws -> Void) async throws {
        let url = try await TestDatabase.freshURL(.postgres)
        #expect(try EndpointProcess.run(["migrate"], database: url.connectionString).status == 0)
        for (name, admin) in [("root", true), ("alice", false)] {
            let added = try EndpointProcess.run(
                ["member", "add", "--username", name, "--email", "\(name)@example.com", "--password", "correct horse"] + (admin ? ["--admin"] : []),
                database: url.connectionString
            )
            #expect(added.status == 0, "\(added.errors)")
        }
        // Sessions and memberships remembered for 300 s: what B honours within a wait below, the
        // announcement told it.
        try await TestDatabase.withOpen(url) { database in
            try await database.withConnection { try await $0.sql.raw("UPDATE config SET value = '300' WHERE name = 'session_cache_seconds'").run() }
        }
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let a = Instance(port: try await EndpointProcess.freePort(), client: client)
        let serverA = try await EndpointProcess.serve(port: a.port, database: url.connectionString, client: client)
        defer { _ = EndpointProcess.stop(serverA) }
        let b = Instance(port: try await EndpointProcess.freePort(), client: client)
        let serverB = try await EndpointProcess.serve(port: b.port, database: url.connectionString, client: client)
        defer { _ = EndpointProcess.stop(serverB) }
        for instance in [a, b] {
            var attempts = 0
            while try await instance.readiness() != 200, attempts < 50 {
                attempts += 1
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        try await body(a, b, url)
    }

    /// Waits until `instance` refuses `credentials`' session: once the announcement arrives, which on
    /// a busy machine can be after the next request.
    static func refuses(_ instance: Instance, _ credentials: [(String, String)], _ what: String = "the session refused") async throws {
        try await Waiting.until(what) { try await instance.call(Self.sessionQuery, headers: credentials).success == false }
    }

    /// The backends that listen for cache announcements on this database, by process ID.
    static func listeners(_ database: Database) async throws -> Set<Int> {
        try await database.withConnection { connection in
            let rows = try await connection.raw(
                """
                SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'
                """
            ).all()
            return Set(try rows.map { try $0.decode(column: "pid", as: Int.self) })
        }
    }

    /// Terminates every listening backend and waits until they are gone; returns their process IDs.
    static func terminateListeners(_ database: Database) async throws -> Set<Int> {
        let killed = try await self.listeners(database)
        try await database.withConnection { connection in
            for pid in killed { try await connection.raw("SELECT pg_terminate_backend(CAST(\(bind: pid) AS integer)) AS done").run() }
        }
        var attempts = 0
        while !(try await self.listeners(database)).isDisjoint(with: killed), attempts < 50 {
            attempts += 1
            try await Task.sleep(for: .milliseconds(20))
        }
        return killed
    }
}

/// One running instance, spoken to over HTTP as an app or a script would.
private struct Instance {
    let port: Int
    let client: HTTPClient

    struct Answer {
        let json: [String: Any]
        let language: String?
        var success: Bool { self.json["success"] as? Bool ?? false }
        var data: [String: Any] { self.json["response_data"] as? [String: Any] ?? [:] }
    }

    /// A logged-in device's credentials, sent as the iOS SDK sends them.
    struct Device {
        let headers: [(String, String)]
    }

    func call(_ target: String, method: HTTPMethod = .GET, headers: [(String, String)] = [], body: String? = nil, contentType: String? = nil) async throws
        -> Answer
    {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(self.port)/data/endpoint.php\(target)")
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            request.headers.add(name: "Content-Type", value: contentType ?? "application/json")
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await self.client.execute(request, timeout: .seconds(30))
        let text = String(buffer: try await response.body.collect(upTo: 1 << 20))
        guard let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { throw TestFailure("not an envelope: \(text)") }
        return Answer(json: json, language: response.headers.first(name: "Content-Language"))
    }

    func logIn(_ username: String) async throws -> Device {
        let answer = try await self.call(
            "?hook_type=account&hook=login", method: .POST, body: "username=\(username)&password=correct+horse", contentType: Cluster.form
        )
        guard let id = answer.data["device_auth_member_id_vl"] as? String, let token = answer.data["device_auth_pass_hashed_vl"] as? String else {
            throw TestFailure("login failed: \(answer.json)")
        }
        return Device(headers: [("cms_member_id", id), ("cms_member_hash", token)])
    }

    /// `account/session` for `device`, which must be recognised.
    func sessionView(_ device: Device) async throws -> [String: Any] {
        let answer = try await self.call(Cluster.sessionQuery, headers: device.headers)
        guard answer.success else { throw TestFailure("not recognised: \(answer.json)") }
        return answer.data
    }

    func commandr(_ method: HTTPMethod, _ path: String, _ body: String, as device: Device) async throws -> Answer {
        try await self.call("/content/commandr_fs/\(path)", method: method, headers: device.headers, body: body)
    }

    func readiness() async throws -> UInt {
        try await self.client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(self.port)/readyz"), timeout: .seconds(5)).status.code
    }
}
