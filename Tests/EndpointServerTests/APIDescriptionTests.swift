import EndpointCore
import EndpointServer
import Foundation
import TestSupport
import Testing

/// The API description (`Sources/EndpointServer/OpenAPI/openapi.json`) and the hooks the server offers
/// agree both ways: a hook registered and not described, or described and not registered, fails here.
@Suite struct APIDescriptionTests {
    @Test func everyRegisteredHookIsDescribedAndEveryDescribedHookIsRegistered() async throws {
        let file = TestDatabase.repositoryRoot.appendingPathComponent("Sources/EndpointServer/OpenAPI/openapi.json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: Any])
        let prefix = "/data/endpoint.php/"
        let described = Set(
            paths.keys.compactMap { path -> String? in
                let parts = path.hasPrefix(prefix) ? path.dropFirst(prefix.count).split(separator: "/") : []
                return parts.count >= 2 ? "\(parts[0])/\(parts[1])" : nil
            })
        try await TestServer.run { _, site in
            let registered = Set(HookRegistry.standard(site).keys.map(\.description))
            #expect(registered.subtracting(described).sorted() == [], "registered, not described")
            #expect(described.subtracting(registered).sorted() == [], "described, not registered")
        }
    }
}
