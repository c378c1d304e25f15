import Auth
import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import News
import Storage
import TestSupport
import Testing

/// Tags in the console, on both engines: the editor's field (the site's tags offered as suggestions)
/// saves an article's tags, one tag however each is typed; the Tags page renames one (its moniker
/// following), merges one into another, and deletes one after asking, each change reaching the
/// articles' tags in `content/news`; a writer neither sees nor opens the page.
@Suite struct ConsoleTagTests {
    @Test(arguments: TestDatabase.engines)
    func anEditorTagsArticlesAndTidiesTheTags(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            try await ConsoleFixtures.editor("chief", services: site)
            let harbour = try await NewsFixtures.article("Harbour reopens", body: "Boats.", database: site.database)
            let quay = try await NewsFixtures.article("Quay", body: "Stones.", database: site.database)
            let agent = ConsoleAgent(client)
            try await agent.signIn("chief")
            func save(_ id: Int, tags: String) async throws -> ConsoleAgent.Page {
                let editor = try await agent.get("/admin/articles/\(id)")
                let version = try #require(editor.hidden("version"))
                return try await agent.post(
                    "/admin/articles/\(id)", [("title", "T\(id)"), ("category", "1"), ("version", version), ("tags", tags), ("action", "save")])
            }
            func tags(_ id: Int) async throws -> [String] {
                let article = try await client.news("articles/\(id)", "fields=tags")
                return ((article.data["article"] as? [String: Any])?["tags"] as? [[String: Any]])?.compactMap { $0["label"] as? String } ?? []
            }
            #expect(try await save(harbour, tags: "Sea, Ports , sea").status == .seeOther)
            #expect(try await tags(harbour) == ["Sea", "Ports"])
            // The editor shows them, and offers the site's tags.
            let editor = try await agent.get("/admin/articles/\(quay)")
            #expect(editor.body.contains(#"<datalist id="tag-choices"><option value="Ports"><option value="Sea"></datalist>"#), "\(editor.body)")
            #expect(try await save(quay, tags: "SEA, Harbours, Boats").status == .seeOther)
            #expect(try await tags(quay) == ["Sea", "Harbours", "Boats"], "one tag however it is typed, under its first label")
            let reopened = try await agent.get("/admin/articles/\(quay)")
            #expect(reopened.body.contains(#"name="tags" value="Sea, Harbours, Boats""#))
            let refused = try await save(quay, tags: "Sea, ???")
            #expect(
                refused.status.code == 422 && refused.text(ofID: "error") == "‘???’ cannot be a tag: a tag has a letter or a digit, and at most 80 characters.")

            let page = try await agent.get("/admin/tags")
            #expect(page.status == .ok && page.body.contains(#"<a href="/news/tag/sea">Sea</a>"#), "\(page.body)")
            // Renamed, the tag's moniker follows its label; a label another tag has is refused.
            let taken = try await agent.post("/admin/tags", [("action", "rename"), ("tag", "ports"), ("label", "HARBOURS")])
            #expect(taken.status.code == 422 && taken.text(ofID: "error") == "Another tag is already ‘HARBOURS’: merge into it instead.")
            let renamed = try await agent.post("/admin/tags", [("action", "rename"), ("tag", "ports"), ("label", "Ports & docks")])
            #expect(renamed.text(ofID: "notice") == "The tag is now ‘Ports &amp; docks’.", "escaped: \(renamed.body)")
            let article = try await client.news("articles/\(harbour)", "fields=tags")
            let moniker = ((article.data["article"] as? [String: Any])?["tags"] as? [[String: Any]])?.last?["moniker"] as? String
            #expect(moniker == "ports-docks", "\(article.raw)")
            // Merged, its articles carry the other tag (once); deleted after asking, none carries it.
            let merged = try await agent.post("/admin/tags", [("action", "merge"), ("tag", "harbours"), ("into", "ports-docks")])
            #expect(merged.text(ofID: "notice") == "‘Harbours’ is merged into ‘Ports &amp; docks’: its articles carry ‘Ports &amp; docks’.")
            #expect(try await tags(quay) == ["Sea", "Ports & docks", "Boats"])
            let asked = try await agent.post("/admin/tags", [("action", "delete"), ("tag", "sea")])
            let stillTagged = try await tags(quay)
            #expect(asked.status == .ok && asked.body.contains("Are you sure that you want to delete ‘Sea’?") && stillTagged.contains("Sea"))
            let deleted = try await agent.post("/admin/tags", [("action", "delete"), ("tag", "sea"), ("confirmed", "1")])
            #expect(deleted.text(ofID: "notice") == "The tag ‘Sea’ is deleted; its articles no longer carry it.")
            let (quayTags, harbourTags) = (try await tags(quay), try await tags(harbour))
            #expect(quayTags == ["Ports & docks", "Boats"] && harbourTags == ["Ports & docks"])
            #expect(try await client.execute(uri: "/news/tag/sea", method: .get) { $0.status } == .notFound)
            // Each change is among the dashboard's recent changes.
            let recent = try await agent.get("/admin").body
            for change in ["changed the tag ports → ports-docks", "changed the tag harbours → ports-docks", "changed the tag sea ×"] {
                #expect(recent.contains(change), "\(change): \(recent)")
            }

            // Tags are everyone's: a writer has no Tags page.
            try await ConsoleReviewTests.member("wren", privileges: [ConsoleAccess.submittingPrivilege], services: site)
            let writer = ConsoleAgent(client)
            try await writer.signIn("wren")
            let dashboard = try await writer.get("/admin")
            #expect(dashboard.status == .ok && !dashboard.body.contains(#"href="/admin/tags""#))
            #expect(try await writer.get("/admin/tags").status == .forbidden)
        }
    }

    /// In Chromium at a phone's and a desktop's width, with axe-core: the field suggests the site's
    /// tags for the one being typed (the console's script), and the Tags page is used by keyboard.
    @Test(.enabled(if: BrowserDriver.isEnabled))
    func theTagsFieldSuggestsAndThePageWorksByKeyboard() async throws {
        try await TestServer.run(framework: .live) { client, site in
            try await ConsoleFixtures.editor("chief", services: site)
            let article = try await NewsFixtures.article("Harbour reopens", body: "Boats.", database: site.database)
            try await site.database.transaction { connection in
                try await ArticleWriter(publicURL: "").retag(article, with: try ArticleTag.tags(["Ports", "Sea", "Politics"]), on: connection, now: 1)
            }
            let base = "http://localhost:\(try #require(client.port))"
            for width in [320, 1280] {
                let walk = try await BrowserDriver.walk(
                    base: base, width: width, height: 900, screenshots: nil,
                    steps: [
                        ["open": "/admin/sign-in"], ["type": ["username": "chief", "password": "correct horse"]], ["click": "submit"],
                        ["open": "/admin/articles/\(article)"], ["type": ["tags": "Sea, Po"]],
                        ["script": "return Array.from(document.getElementById('tag-choices').options, (o) => o.value).join('|')", "as": "choices"],
                        ["axe": "editor"], ["open": "/admin/tags"], ["axe": "tags"], ["tab_to": "delete-sea"], ["press": "enter"], ["axe": "question"],
                        ["tab_to": "confirm"], ["press": "enter"], ["text": "notice"],
                    ])
                #expect(walk.text("choices") == "Sea, Politics|Sea, Ports", "the typed tag left out, the rest after it: \(walk.text("choices") ?? "")")
                #expect(walk.text("notice") == "The tag ‘Sea’ is deleted; its articles no longer carry it.", "\(width)")
                #expect(walk.axe.count == (BrowserDriver.hasAxe ? 3 : 0))
                for (page, violations) in walk.axe { #expect(violations.isEmpty, "\(width) \(page): \(violations)") }
                #expect(walk.consoleErrors.isEmpty, "\(walk.consoleErrors)")
                try await site.database.transaction { connection in
                    try await ArticleWriter(publicURL: "").retag(article, with: try ArticleTag.tags(["Ports", "Sea", "Politics"]), on: connection, now: 2)
                }
            }
        }
    }
}
