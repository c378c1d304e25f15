import AsyncHTTPClient
import Foundation
import NIOCore
import TestSupport
import Testing

/// `/metrics` as Prometheus scrapes it: on its own listener only, parsed by prometheus-client's text
/// parser, and counting exactly what a scripted mix of requests did.
@Suite(.enabled(if: PythonTools.enabled))
struct MetricsProcessTests {
    @Test func countsMatchAScriptedMixOfRequests() async throws {
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let added = try EndpointProcess.run(
            ["member", "add", "--username", "alice", "--email", "alice@example.com", "--password", "correct horse"], database: database)
        #expect(added.status == 0, "\(added.errors)")
        try await Self.serving(database) { client, base, metrics in
            #expect(
                try await client.execute(HTTPClientRequest(url: base + "/metrics"), timeout: .seconds(5)).status == .notFound, "never on the public listener")
            let before = try await Self.scrape(metrics, client: client, folder: folder)

            let login = base + "/data/endpoint.php?hook_type=account&hook=login"
            var token = ""
            for _ in 0..<2 {
                let answer = try await EndpointProcess.post(client, login, [("username", "alice"), ("password", "correct horse")])
                token = try #require(answer.firstMatch(of: /"device_auth_pass_hashed_vl":"([A-Za-z0-9_-]+)"/)).output.1.description
            }
            for _ in 0..<6 { _ = try await EndpointProcess.post(client, login, [("username", "alice"), ("password", "wrong horse")]) }
            for _ in 0..<4 {
                var view = HTTPClientRequest(url: base + "/data/endpoint.php/account/session")
                view.headers.add(name: "cms_member_id", value: "2")
                view.headers.add(name: "cms_member_hash", value: token)
                #expect(try await client.execute(view, timeout: .seconds(10)).status == .ok)
            }
            for _ in 0..<3 { _ = try await client.execute(HTTPClientRequest(url: base + "/data/endpoint.php?hook_type=misc&hook=nope"), timeout: .seconds(5)) }
            _ = try await EndpointProcess.post(client, base + "/data/endpoint.php?hook_type=account&hook=lost_password", [("username", "alice")])
            for _ in 0..<2 { _ = try await client.execute(HTTPClientRequest(url: base + "/readyz"), timeout: .seconds(5)) }

            // The reset mail is queued by the reset worker just after the answer: scrape until it is, and
            // until that worker has given its connection back.
            var after = try await Self.scrape(metrics, client: client, folder: folder)
            let deadline = ContinuousClock.now + .seconds(5)
            while after["endpoint_outbox_pending{outbox=mail}"] != 1 || after["endpoint_database_connections_in_use{}"] != 0, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
                after = try await Self.scrape(metrics, client: client, folder: folder)
            }
            func delta(_ sample: String) -> Double { (after[sample] ?? 0) - (before[sample] ?? 0) }
            #expect(delta("endpoint_requests_total{hook=account/login,status=2xx,type=}") == 8)
            #expect(delta("endpoint_requests_total{hook=account/session,status=2xx,type=view}") == 4)
            #expect(delta("endpoint_requests_total{hook=unknown,status=2xx,type=}") == 3)
            #expect(delta("endpoint_requests_total{hook=account/lost_password,status=2xx,type=}") == 1)
            #expect(delta("endpoint_requests_total{hook=page,status=2xx,type=}") == 2, "the two readiness probes (the scrapes are not counted)")
            #expect(delta("endpoint_request_duration_seconds_count{hook=account/login}") == 8)
            #expect(delta("endpoint_request_duration_seconds_bucket{hook=account/login,le=+Inf}") == 8)
            #expect(delta("endpoint_logins_total{outcome=success}") == 2)
            #expect(delta("endpoint_logins_total{outcome=wrong_credentials}") == 5)
            #expect(delta("endpoint_logins_total{outcome=throttled}") == 1, "the sixth failure in a row is throttled before any hashing")
            #expect(delta("endpoint_hash_wait_seconds_count{}") == 7)
            #expect(after["endpoint_hash_queue_depth{}"] == 0)
            #expect(delta("endpoint_cache_lookups_total{cache=sessions,result=miss}") == 1)
            #expect(delta("endpoint_cache_lookups_total{cache=sessions,result=hit}") == 3)
            #expect(after["endpoint_outbox_pending{outbox=mail}"] == 1, "the reset mail waits: no SMTP server is configured")
            #expect(after["endpoint_outbox_pending{outbox=push}"] == 0)
            #expect(after["endpoint_outbox_oldest_pending_seconds{outbox=mail}"].map { $0 >= 0 && $0 < 60 } == true)
            #expect(after["endpoint_database_connections_in_use{}"] == 0)
        }
    }

    /// Images: one stored by the command line, one version asked for twice (made once, then a cache
    /// hit), the bytes stored read at scrape.
    @Test func imageVersionsAreCounted() async throws {
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let added = try EndpointProcess.run(["media", "add", ImageFixtures.url(ImageFixtures.landscape).path], database: database)
        let path = try #require(added.output.firstMatch(of: /(\/media\/\S+)/)?.output.1, "\(added.output) \(added.errors)")
        try await Self.serving(database) { client, base, metrics in
            for _ in 0..<2 {
                #expect(try await client.execute(HTTPClientRequest(url: base + path + "?d=2"), timeout: .seconds(10)).status == .ok)
            }
            let after = try await Self.scrape(metrics, client: client, folder: folder)
            #expect(after["endpoint_media_versions_made_total{}"] == 1)
            #expect(after["endpoint_media_cache_hits_total{}"] == 1)
            #expect(after["endpoint_media_cache_misses_total{}"] == 1)
            #expect(after["endpoint_media_queue_depth{}"] == 0)
            #expect(after["endpoint_media_cache_bytes{}"].map { $0 > 0 } == true)
            #expect(after["endpoint_media_stored_images{}"] == 1)
            #expect(after["endpoint_media_stored_bytes{}"] == Double(try ImageFixtures.bytes(ImageFixtures.landscape).count))
        }
    }

    /// Serves `database` with metrics on a listener of their own; `body` gets a client, the server's
    /// base URL and the metrics URL.
    private static func serving(_ database: String, _ body: (HTTPClient, String, String) async throws -> Void) async throws {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let port = try await EndpointProcess.freePort()
        let metricsPort = try await EndpointProcess.freePort()
        let server = try await EndpointProcess.serve(port: port, database: database, environment: ["ENDPOINT_METRICS_PORT": "\(metricsPort)"], client: client)
        defer { _ = EndpointProcess.stop(server) }
        try await body(client, "http://127.0.0.1:\(port)", "http://127.0.0.1:\(metricsPort)/metrics")
    }

    /// One scrape, parsed by prometheus-client: `name{label=value,…}` → value.
    private static func scrape(_ url: String, client: HTTPClient, folder: URL) async throws -> [String: Double] {
        let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
        #expect(response.status == .ok)
        #expect(response.headers.first(name: "Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        let file = folder.appendingPathComponent("scrape.txt")
        try Data(buffer: try await response.body.collect(upTo: 1 << 22)).write(to: file)
        let parsed = try PythonTools.run("metrics/samples.py", [file.path])
        #expect(parsed.status == 0, "\(parsed.errors)")
        return try #require(try JSONSerialization.jsonObject(with: Data(parsed.output.utf8)) as? [String: Double])
    }
}
