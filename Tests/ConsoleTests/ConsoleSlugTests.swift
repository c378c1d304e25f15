import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Storage
import TestSupport
import Testing

/// An article's address set in the editor, on both engines: the page answers at the new slug, the old
/// one redirects there for good (as do links readers kept), a slug no moniker may be or another
/// article's is refused with a sentence, and a former slug is free for another article to take.
@Suite struct ConsoleSlugTests {
    @Test(arguments: TestDatabase.engines)
    func anEditorSetsASlugAndTheOldAddressRedirects(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            try await ConsoleFixtures.editor("chief", services: site)
            let harbour = try await NewsFixtures.article("Harbour reopens", body: "Boats.", database: site.database)
            let quay = try await NewsFixtures.article("Quay", body: "Stones.", database: site.database)
            let agent = ConsoleAgent(client)
            try await agent.signIn("chief")
            func save(_ id: Int, title: String, slug: String) async throws -> ConsoleAgent.Page {
                let editor = try await agent.get("/admin/articles/\(id)")
                let version = try #require(editor.hidden("version"))
                return try await agent.post(
                    "/admin/articles/\(id)", [("title", title), ("category", "1"), ("version", version), ("slug", slug), ("action", "save")])
            }
            let editor = try await agent.get("/admin/articles/\(harbour)")
            #expect(editor.body.contains(#"<input id="slug" name="slug" maxlength="24" value="harbour-reopens">"#), "\(editor.body)")

            let renamed = try await save(harbour, title: "Harbour reopens", slug: "harbour")
            #expect(renamed.status == .seeOther, "\(renamed.text(ofID: "error") ?? "")")
            #expect(try await client.execute(uri: "/news/harbour", method: .get) { $0.status } == .ok)
            let (status, location) = try await client.execute(uri: "/news/harbour-reopens", method: .get) { ($0.status, $0.headers[.location]) }
            #expect(status == .movedPermanently && location == "/news/harbour")
            let served = try await client.news("articles/\(harbour)")
            #expect((served.data["article"] as? [String: Any])?["moniker"] as? String == "harbour")

            let bad = try await save(quay, title: "Quay", slug: "Quay Side!")
            #expect(bad.status.code == 422)
            #expect(
                bad.text(ofID: "error") == "‘Quay Side!’ cannot be an article’s address: use lower-case letters, digits, - and _ (at most 24, not only digits)."
            )
            let taken = try await save(quay, title: "Quay", slug: "harbour")
            #expect(taken.status.code == 422 && taken.text(ofID: "error") == "Another article already has the address ‘harbour’.")
            #expect(try await client.execute(uri: "/news/quay", method: .get) { $0.status } == .ok, "a refused save changed nothing")

            // A former slug is free: the article taking it answers there, no longer a redirect.
            #expect(try await save(quay, title: "Quay", slug: "harbour-reopens").status == .seeOther)
            let page = try await client.execute(uri: "/news/harbour-reopens", method: .get) { ($0.status, String(buffer: $0.body)) }
            #expect(page.0 == .ok && page.1.contains("<h1 id=\"title\">Quay</h1>"))
            let (old, to) = try await client.execute(uri: "/news/quay", method: .get) { ($0.status, $0.headers[.location]) }
            #expect(old == .movedPermanently && to == "/news/harbour-reopens")
        }
    }
}
