import EndpointCore
import Foundation
import HTTPTypes
import HummingbirdTesting
import Storage
import TestSupport
import Testing

/// An article's slug through commandr_fs, on both engines: the `slug` property is the file's name, so
/// setting it moves the file (the answer says where); the page answers at it and the old address
/// redirects for good; a slug no moniker may be, or another article's, is refused with the editor's
/// sentence and nothing changes.
@Suite struct CommandrSlugTests {
    @Test(arguments: TestDatabase.engines)
    func theSlugPropertyRenamesTheFileAndTheOldAddressRedirects(engine: DatabaseEngine) async throws {
        try await CommandrFSTests.asAdmin(engine: engine) { fs, client, _ in
            for (file, label) in [("harbour-reopens", "Harbour reopens"), ("quay", "Quay")] {
                let created = try await fs.rest(.post, "var/news/general/\(file).cms", body: JSONValue.json(["label": label, "article": "Text."]))
                try #require(created.success == true, "\(created.raw)")
            }
            #expect(try await fs.read("var/news/general/harbour-reopens.cms")["slug"] as? String == "harbour-reopens")

            let renamed = try await fs.rest(.put, "var/news/general/harbour-reopens.cms", body: JSONValue.json(["slug": "harbour"]))
            #expect(renamed.success == true && renamed.data["path"] as? String == "/var/news/general/harbour.cms", "\(renamed.raw)")
            #expect(try await fs.read("var/news/general/harbour.cms")["label"] as? String == "Harbour reopens")
            #expect(try await client.execute(uri: "/news/harbour", method: .get) { $0.status } == .ok)
            let (status, location) = try await client.execute(uri: "/news/harbour-reopens", method: .get) { ($0.status, $0.headers[.location]) }
            #expect(status == .movedPermanently && location == "/news/harbour")

            let bad = try await fs.rest(.put, "var/news/general/quay.cms", body: JSONValue.json(["slug": "Quay Side!"]))
            #expect(bad.success == false && bad.errorDetails?.contains("Quay Side!") == true, "\(bad.raw)")
            let taken = try await fs.rest(.put, "var/news/general/quay.cms", body: JSONValue.json(["slug": "harbour"]))
            #expect(taken.success == false && taken.errorDetails == "Another article already has the address ‘harbour’.", "\(taken.raw)")
            #expect(try await fs.read("var/news/general/quay.cms")["slug"] as? String == "quay", "nothing changed")
        }
    }
}
