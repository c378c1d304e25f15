import EndpointServer
import Foundation
import Messages
import SQLKit
import Storage
import TestSupport
import Testing

@testable import News

/// An article's plain text fields are declared once (``ArticleTextField/all``) and every face reads
/// them from there: each written through commandr_fs reads back through commandr_fs and, when served,
/// `content/news`; each the console shows is labelled on its editor and saved from it. A field added
/// to the list is checked here with nothing else to write.
@Suite struct ArticleTextFieldsTests {
    @Test(arguments: TestDatabase.engines)
    func everyPlainTextFieldGoesThroughEveryFace(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let fs = CommandrClient(client: client, headers: try LoggedIn(try await client.login("chief")).iOSHeaders)
            let fields = ArticleTextField.all
            let written = fields.map { #""\#($0.name)": "from commandr_fs: \#($0.name) é""# }.joined(separator: ", ")
            let created = try await fs.rest(.post, "var/news/general/fields.cms", body: #"{"label": "Fields", "validated": 1, \#(written)}"#)
            #expect(created.success == true, "\(created.raw.prefix(300))")
            let properties = try await fs.read("var/news/general/fields.cms")
            for field in fields { #expect(properties[field.name] as? String == "from commandr_fs: \(field.name) é", "\(field.name)") }

            let id = try await site.database.withConnection { connection in
                try await connection.sql.raw("SELECT id FROM news WHERE title = 'Fields'").first()?.decode(column: "id", as: Int.self)
            }
            let served = try await client.news("articles/\(try #require(id))")
            let article = try #require(served.data["article"] as? [String: Any], "\(served.raw.prefix(300))")
            #expect(article["title"] as? String == "Fields")
            for field in fields {
                let value = article[field.name] as? String
                #expect(value == (field.served ? "from commandr_fs: \(field.name) é" : nil), "\(field.name) served only when declared so")
            }

            let agent = ConsoleAgent(client)
            try await agent.signIn("chief")
            let editor = try await agent.get("/admin/articles/\(try #require(id))")
            let shown = fields.filter { $0.label != nil }
            #expect(!shown.isEmpty)
            for field in shown {
                #expect(
                    editor.body.contains(#"<label for="\#(field.name)">\#(MessageCatalog.english.text(try #require(field.label)))</label>"#),
                    "\(field.name) labelled")
                #expect(editor.body.contains(#"name="\#(field.name)" maxlength="\#(field.maximum)" value="from commandr_fs: \#(field.name) é""#))
            }
            let form = [("title", "Fields"), ("category", "1"), ("version", try #require(editor.hidden("version"))), ("action", "save")]
            let saved = try await agent.post("/admin/articles/\(try #require(id))", form + shown.map { ($0.name, "from the console: \($0.name)") })
            #expect(saved.status == .seeOther, "\(saved.text(ofID: "error") ?? "")")
            let after = try await fs.read("var/news/general/fields.cms")
            for field in fields {
                let expected = field.label == nil ? "from commandr_fs: \(field.name) é" : "from the console: \(field.name)"
                #expect(after[field.name] as? String == expected, "\(field.name): the console writes what it shows, and only that")
            }
        }
    }
}
