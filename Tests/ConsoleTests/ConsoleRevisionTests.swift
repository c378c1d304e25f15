import EndpointServer
import Foundation
import News
import Storage
import TestSupport
import Testing

@testable import Console

/// The editor lists an article's revisions (every save is one, whichever face saved it) with when and
/// who, shows what changed since any of them word by word, and restores any as a new revision, on
/// both engines.
@Suite struct ConsoleRevisionTests {
    /// A difference's runs as the page writes them: each text escaped, whatever it holds.
    @Test func aDifferenceIsWrittenEscaped() {
        #expect(
            ConsoleArticles.difference(from: "<b>x</b> a&\"b\"", to: "<b>x</b> '<script>'")
                == "<span>&lt;b&gt;x&lt;/b&gt; </span><del>a&amp;&quot;b&quot;</del><ins>&#39;&lt;script&gt;&#39;</ins>")
    }

    @Test(arguments: TestDatabase.engines)
    func everySaveIsListedAndAnyIsRestoredAsANewRevision(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            try await ConsoleFixtures.editor("writer", services: site)
            let agent = ConsoleAgent(client)
            try await agent.signIn("writer")
            _ = try await agent.get("/admin/articles/new")
            let first = try await agent.post(
                "/admin/articles/new", [("title", "Tide tables"), ("category", "1"), ("body", "High water at six."), ("action", "save")])
            let path = String(try #require(first.location).split(separator: "?")[0])
            let id = try #require(Int(path.dropFirst("/admin/articles/".count)))
            for body in ["High water at seven.", "High water at eight."] {
                let editor = try await agent.get(path)
                let saved = try await agent.post(
                    path, [("title", "Tide tables"), ("category", "1"), ("body", body), ("version", editor.hidden("version") ?? ""), ("action", "save")])
                #expect(saved.status == .seeOther, "\(saved.body.prefix(300))")
            }

            let editor = try await agent.get(path)
            let revisions = try await site.database.withConnection { connection in
                var bodies: [String] = []
                let revisions = try await NewsRevisionStore.list(articleID: id, on: connection)
                for revision in revisions { bodies.append(try await NewsRevisionStore.changes(revision: revision.id, of: id, on: connection)?.article ?? "") }
                #expect(bodies == ["High water at eight.", "High water at seven.", "High water at six."])
                return revisions
            }
            let oldest = try #require(revisions.last)
            #expect(editor.body.contains(#"<li id="revision-\#(oldest.id)"><span>"#), "\(editor.body)")
            #expect(editor.body.contains(", saved by writer</span> <strong>Tide tables</strong>"), "\(editor.body)")
            #expect(editor.body.components(separatedBy: #"value="restore""#).count == 3, "every revision but the newest can be restored")

            // Compared with now, word by word, on a page of its own (the link each older revision has,
            // followed): the difference, a way back to the editor (followed) and the button restoring it.
            let comparePath = try #require(
                editor.body.range(of: #"<a href=""#, range: editor.body.range(of: #"id="revision-\#(oldest.id)""#)!.upperBound..<editor.body.endIndex))
            let link = String(editor.body[comparePath.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
            #expect(link == "\(path)?compare=\(oldest.id)#difference")
            let compared = try await agent.get(String(link.prefix { $0 != "#" }))
            #expect(compared.text(ofID: "difference-heading")?.hasPrefix("What changed since the revision of ") == true, "\(compared.body.prefix(3000))")
            #expect(compared.body.contains("<span>High water at </span><del>six.</del><ins>eight.</ins>"), "\(compared.body)")
            #expect(!compared.body.contains("<textarea"), "the difference without the editor's form")
            let restoreButton = #"name="revision" value="\#(oldest.id)"><button type="submit" name="action" value="restore" id="restore-compared">"#
            #expect(
                compared.body.contains(#"<form method="post" action="\#(path)"><input type="hidden" name="form_token" value=""#)
                    && compared.body.contains(restoreButton), "\(compared.body)")
            let back = try #require(ConsoleDraftTests.link("back-to-editor", in: compared.body))
            #expect(back == path)
            #expect(try await agent.get(back).body.contains(">High water at eight.</textarea>"))
            let unknown = try await agent.get("\(path)?compare=999999")
            #expect(unknown.status == .notFound && unknown.body.contains("This article keeps no such revision"), "\(unknown.body.prefix(300))")

            let restored = try await agent.post(path, [("revision", String(oldest.id)), ("action", "restore")])
            #expect(restored.status == .seeOther, "\(restored.body.prefix(300))")
            let reopened = try await agent.get(try #require(restored.location))
            #expect(reopened.text(ofID: "notice")?.hasPrefix("The article is back as it was saved on ") == true, "\(reopened.body.prefix(2000))")
            #expect(reopened.body.contains(">High water at six.</textarea>"))
            let stored = try await site.database.withConnection { try await NewsStore.article(id: id, on: $0) }
            #expect(stored?.article == "High water at six.")
            #expect(try await site.database.withConnection { try await NewsRevisionStore.list(articleID: id, on: $0) }.count == 4)

            // Past the newest 50, the editor links to the whole list, which lists them all.
            try await site.database.withConnection { connection in
                _ = try await ConfigStore.write(ConfigOption.newsRevisionsKept.name, value: "100", on: connection)
                for second in 0..<50 {
                    try await NewsRevisionStore.recordEarlier(
                        articleID: id, title: "Tide tables \(second)", text: "High water.", by: nil, at: 1_000 + second, on: connection)
                }
            }
            let long = try await agent.get(path)
            #expect(long.body.components(separatedBy: #"<li id="revision-"#).count - 1 == 50)
            let list = try #require(long.body.range(of: "</ol>"))
            let all = try #require(long.body.range(of: #"<a href=""#, range: list.upperBound..<long.body.endIndex))
            let allPath = String(long.body[all.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
            #expect(long.text(ofID: "all-revisions") == "All 54 revisions" && allPath == "\(path)?revisions=all#revisions", "\(allPath)")
            let everyOne = try await agent.get(String(allPath.prefix { $0 != "#" }))
            #expect(everyOne.body.components(separatedBy: #"<li id="revision-"#).count - 1 == 54)
            #expect(everyOne.text(ofID: "all-revisions") == nil)

            // A revision no longer kept (or of another article) is refused with a sentence.
            let missing = try await agent.post(path, [("revision", "999999"), ("action", "restore")])
            #expect(missing.status == .notFound && missing.body.contains("This article keeps no such revision"), "\(missing.body.prefix(300))")
        }
    }
}
