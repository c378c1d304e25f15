import AsyncHTTPClient
import Foundation
import TestSupport
import Testing

/// The OpenAPI description as an integrator meets it: served at `/openapi.json`, valid OpenAPI 3.1
/// (openapi-spec-validator), and true of the live server — schemathesis, given only the description
/// and an administrator's device credentials, finds no 5xx, no answer outside the envelope, no status,
/// content type or body the description does not allow, on any operation.
@Suite(.enabled(if: PythonTools.enabled))
struct OpenAPIProcessTests {
    @Test func theServedDescriptionIsTheRepositorysAndValid() async throws {
        try await Self.withServer { base, client, folder, _ in
            let response = try await client.execute(HTTPClientRequest(url: base + "/openapi.json"), timeout: .seconds(10))
            #expect(response.status == .ok)
            #expect(response.headers.first(name: "Content-Type") == "application/json; charset=utf-8")
            let served = Data(buffer: try await response.body.collect(upTo: 1 << 22))
            let repository = TestDatabase.repositoryRoot.appendingPathComponent("Sources/EndpointServer/OpenAPI/openapi.json")
            #expect(served == (try Data(contentsOf: repository)))
            let file = folder.appendingPathComponent("openapi.json")
            try served.write(to: file)
            let validated = try PythonTools.tool("openapi-spec-validator", [file.path], in: folder)
            #expect(validated.status == 0, "\(validated.output)\(validated.errors)")
            let document = try #require(try JSONSerialization.jsonObject(with: served) as? [String: Any])
            #expect(document["openapi"] as? String == "3.1.0")
            let paths = try #require(document["paths"] as? [String: Any])
            for hook in [
                "account/login", "account/join", "account/lost_password", "account/session", "account/setup_push_notifications",
                "misc/contact_us", "account/contact_us", "misc/push_send", "content/commandr_fs/{path}", "content/news/articles",
            ] {
                #expect(paths["/data/endpoint.php/" + hook] != nil, "\(hook) is described")
            }
            for path in [
                "/data/endpoint.php", "/healthz", "/readyz", "/account/confirm-email", "/account/reset-password", "/news/{reference}", "/news/tag/{moniker}",
            ] {
                #expect(paths[path] != nil, "\(path) is described")
            }
        }
    }

    @Test func schemathesisFindsNothingAgainstTheLiveServer() async throws {
        try await Self.withServer { base, _, folder, token in
            let run = try PythonTools.tool(
                "schemathesis",
                [
                    "run", base + "/openapi.json", "--url", base,
                    "-H", "cms_member_id: 2", "-H", "cms_member_hash: \(token)",
                    "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
                    "--max-examples", "40", "--workers", "1", "--no-color",
                    // A live stream never ends: NewsLiveTests read it as EventSource does.
                    "--exclude-operation-id", "content_news_live",
                    // tus's byte type has no serializer in schemathesis: tuspy sends it in ResumableUploadTests.
                    "--exclude-operation-id", "upload_append",
                ], in: folder)
            #expect(run.status == 0, "\(run.output.suffix(6000))\(run.errors.suffix(2000))")
            #expect(run.output.contains("passed"), "\(run.output.suffix(2000))")
        }
    }

    /// A server on a fresh SQLite file with an administrator, and that administrator's device token.
    private static func withServer(_ body: (String, HTTPClient, URL, String) async throws -> Void) async throws {
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let added = try EndpointProcess.run(
            ["member", "add", "--username", "root", "--email", "root@example.com", "--password", "correct horse", "--admin"], database: database
        )
        #expect(added.status == 0, "\(added.errors)")
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let port = try await EndpointProcess.freePort()
        let server = try await EndpointProcess.serve(port: port, database: database, client: client)
        defer { _ = EndpointProcess.stop(server) }
        let base = "http://127.0.0.1:\(port)"
        let login = try await EndpointProcess.post(
            client, base + "/data/endpoint.php?hook_type=account&hook=login", [("username", "root"), ("password", "correct horse")])
        let token = try #require(login.firstMatch(of: /"device_auth_pass_hashed_vl":"([A-Za-z0-9_-]+)"/)?.output.1, "\(login)")
        try await body(base, client, folder, String(token))
    }
}
