import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

/// `HEAD` is answered wherever `GET` is (load balancers and link checkers ask with it), with the same
/// status and headers and no body: the probes, an article's page, an image, the Floki beacon, the API.
@Suite struct HeadRequestTests {
    @Test func headAnswersAsGetWithoutABody() async throws {
        try await TestServer.run(framework: .live) { client, site in
            try await AccountFixtures.member("root", role: .administrators, services: site)
            let fs = CommandrClient(client: client, headers: try LoggedIn(try await client.login("root")).iOSHeaders)
            let uploaded = try await fs.upload(try ImageFixtures.bytes(ImageFixtures.landscape), as: "photo.jpg")
            let image = try #require(uploaded.data["url"] as? String).replacing(#/^https?://[^/]+/#, with: "/")
            let article = try await NewsFixtures.article("Heads up", body: "Checked.", database: site.database)
            for path in [
                "/healthz", "/readyz", "/news/\(article)", "/news/\(article)?d=2", image, image + "?d=2", "/floki/v1-app", "/floki/v1/appdata",
                "/data/endpoint.php/content/news/articles?limit=2", "/admin/sign-in", "/news/999999", "/", "/news",
            ] {
                let get = try await client.execute(uri: path, method: .get) { ($0.status, $0.headers, $0.body.readableBytes) }
                let head = try await client.execute(uri: path, method: .head) { ($0.status, $0.headers, $0.body.readableBytes) }
                #expect(head.0 == get.0, "\(path): HEAD \(head.0), GET \(get.0)")
                #expect(head.2 == 0, "\(path): no body")
                for name in [HTTPField.Name.contentType, .contentLength, .cacheControl, .eTag, .lastModified, .contentLanguage] {
                    #expect(head.1[name] == get.1[name], "\(path): \(name) \(head.1[name] ?? "none") against \(get.1[name] ?? "none")")
                }
                if get.0 == .ok, get.1[.contentLength] != nil { #expect(Int(get.1[.contentLength] ?? "") == get.2, "\(path)") }
            }
        }
    }
}
