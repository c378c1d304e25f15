import EndpointCore
import EndpointServer
import HTTPTypes
import Hooks
import HummingbirdTesting
import Storage
import TestSupport
import Testing

/// The same application over a real loopback socket, on every configured engine.
@Suite struct LiveServerTests {
    @Test(arguments: TestDatabase.engines)
    func servesBothStylesOverTheNetwork(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine, framework: .live) { client, _ in
            let rest = try await client.postMultipart("/data/endpoint.php/misc/echo/1", [("title", "t")])
            #expect(rest.success == true)
            #expect(rest.data["type"] as? String == "add")
            let query = try await client.postForm("/data/endpoint.php?hook_type=misc&hook=echo&type=add&id=1", [("title", "t")])
            #expect(query.data["post"] as? [String: String] == ["title": "t"])
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }

    /// `/readyz`: ready once every migration the server needs is applied and the database answers;
    /// a schema missing one is not sent traffic. An answer to a local caller names the instance; one
    /// through a proxy does not (an internal name is no public answer's business).
    @Test(arguments: TestDatabase.engines)
    func readinessSaysWhatIsMissing(engine: DatabaseEngine) async throws {
        var named = ServerSettings()
        named.instance = "reader-1"
        try await TestServer.run(engine: engine, settings: named) { client, _ in
            // On PostgreSQL, ready once the cache announcements' listener listens.
            for _ in 0..<50 {
                if try await client.execute(uri: "/readyz", method: .get) { $0.status } == .ok { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            try await client.execute(uri: "/readyz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "no-cache")
                let expected =
                    engine == .postgres
                    ? #"{"cache_announcements":"ok","database":"ok","instance":"reader-1","migrations":"ok","status":"ready"}"#
                    : #"{"database":"ok","instance":"reader-1","migrations":"ok","status":"ready"}"#
                #expect(String(buffer: response.body) == expected)
            }
            try await client.execute(uri: "/readyz", method: .get, headers: [HTTPField.Name("X-Forwarded-For")!: "203.0.113.5"]) { response in
                #expect(response.status == .ok && !String(buffer: response.body).contains("instance"), "\(String(buffer: response.body))")
            }
        }
        var settings = ServerSettings()
        settings.instance = "reader-1"
        settings.requiredMigrations = [1, 9_999]
        try await TestServer.run(settings: settings) { client, _ in
            try await client.execute(uri: "/readyz", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(String(buffer: response.body) == #"{"database":"ok","instance":"reader-1","migrations":"failing","status":"unavailable"}"#)
            }
            #expect(try await client.execute(uri: "/healthz", method: .get) { $0.status } == .ok, "alive all the same")
        }
    }

    @Test func oversizedBodyOverTheNetwork() async throws {
        var settings = ServerSettings()
        settings.maximumBodyBytes = 2048
        try await TestServer.run(settings: settings, framework: .live) { client, _ in
            let answer = try await client.envelope("/data/endpoint.php/misc/echo", method: .post, body: String(repeating: "y", count: 100_000))
            #expect(answer.status == .contentTooLarge)
            #expect(answer.success == false)
        }
    }
}
