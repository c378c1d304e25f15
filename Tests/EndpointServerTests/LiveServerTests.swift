import TestSupport
import EndpointServer
import EndpointCore
import Hooks
import HummingbirdTesting
import SiteStore
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
