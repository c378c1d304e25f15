import Foundation
import News
import Storage
import TestSupport
import Testing

/// A Composr newsroom moved over through the real `endpoint import composr`, on the site Composr made
/// with rows written into its dump as Composr's schema lays them out: an article's earlier versions
/// (`cms_revisions`) become revisions the editor lists, compares and restores; groups' news
/// privileges (`cms_group_privileges`, with the content zone's and the news page's access) become
/// console roles; the article awaiting validation waits in the editors' review queue; an author
/// Composr links to a member (`cms_authors`) is that member's byline.
@Suite struct ComposrImportNewsroomTests {
    static let edits = [
        (
            "/*!40000 ALTER TABLE `cms_revisions` DISABLE KEYS */;",
            """
            /*!40000 ALTER TABLE `cms_revisions` DISABLE KEYS */;
            INSERT INTO `cms_revisions` VALUES (1,'news','3','1','Version 2.0 beta','Version 2.0 is [b]nearly[/b] here.',2,1795100000,'','',NULL,NULL);
            INSERT INTO `cms_revisions` VALUES (2,'catalogue_entry','3','1','Not news','A catalogue entry.',2,1795150000,'','',NULL,NULL);
            INSERT INTO `cms_revisions` VALUES (3,'news','3','1','Version 2.0 is coming','Version 2.0 is out soon.',6,1795200000,'','',NULL,NULL);
            INSERT INTO `cms_revisions` VALUES (4,'news','999','1','No such article','Gone.',2,1795200000,'','',NULL,NULL);
            """
        ),
        (
            "INSERT INTO `cms_group_privileges` VALUES (12,'submit_highrange_content','','','',1);",
            """
            INSERT INTO `cms_group_privileges` VALUES (12,'submit_highrange_content','','','',1);
            INSERT INTO `cms_group_privileges` VALUES (12,'bypass_validation_highrange_content','','','',1);
            INSERT INTO `cms_group_privileges` VALUES (11,'edit_highrange_content','','news','',1);
            INSERT INTO `cms_group_privileges` VALUES (7,'edit_own_highrange_content','','','',1);
            INSERT INTO `cms_group_privileges` VALUES (10,'edit_highrange_content','','','',1);
            INSERT INTO `cms_group_privileges` VALUES (8,'edit_highrange_content','','catalogues','',1);
            """
        ),
        (
            "/*!40000 ALTER TABLE `cms_authors` DISABLE KEYS */;",
            """
            /*!40000 ALTER TABLE `cms_authors` DISABLE KEYS */;
            INSERT INTO `cms_authors` VALUES ('The Desk','http://example.com/desk',7,'','','',1,'',1);
            INSERT INTO `cms_authors` VALUES ('Nobody Here','',NULL,'','','',1,'',1);
            INSERT INTO `cms_authors` VALUES ('Ghost Writer','',999,'','','',1,'',1);
            """
        ),
        ("'','admin',2,1,NULL,1,12", "'','The Desk, Zoë',2,1,NULL,1,12"),
        (
            "INSERT INTO `cms_group_page_access` VALUES ('cms_chat','cms',1);",
            "INSERT INTO `cms_group_page_access` VALUES ('cms_chat','cms',1);\nINSERT INTO `cms_group_page_access` VALUES ('cms_news','cms',10);"
        ),
    ]

    @Test(arguments: TestDatabase.engines)
    func revisionsRolesAndTheValidationQueueComeOver(engine: DatabaseEngine) async throws {
        let dump = try ComposrImportSecurityTests.dump(Self.edits)
        defer { try? FileManager.default.removeItem(at: dump) }
        let url = try await TestDatabase.freshURL(engine)
        #expect(try EndpointProcess.run(["migrate"], database: url.connectionString).status == 0)
        let imported = try EndpointProcess.run(["import", "composr", dump.path], database: url.connectionString)
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.output.contains("revisions: 2 imported"), "only news revisions of articles brought: \(imported.output)")
        #expect(imported.output.contains("authors: 1 imported, 0 matched, 0 already here, 1 left out"), "\(imported.output)")
        #expect(imported.output.contains("the author “Ghost Writer” is member #999, who is not in the dump: the byline stays a name"))
        // Editing anyone's news (the news module's own grant) makes editors, submitting unvalidated
        // authors, submitting and editing one's own writers; submitting alone (every member, in
        // Composr) and a group kept out of the news page make nothing, said.
        for line in [
            "the Composr group “Editors” handles news there: its members are editors here (/admin/groups)",
            "the Composr group “Beta Testers” handles news there: its members are authors here (/admin/groups)",
            "the Composr group “Local” handles news there: its members are writers here (/admin/groups)",
            "Composr lets Super-members, Local hero, Old timer, Regular, Newbie submit news for validation; writers here sign in to the console, "
                + "so these groups are not made writers (give a group the role on /admin/groups)",
        ] {
            #expect(imported.output.contains(line), "\(line)\n\(imported.output)")
        }
        #expect(!imported.output.contains("“Probation” handles news"), "\(imported.output)")
        #expect(imported.output.contains("Can sign in to /admin: admin, alice, carol, elena\n"), "\(imported.output)")
        let passwords = try ComposrImportCommandTests.passwords()

        try await TestDatabase.withOpen(url) { database in
            try await TestServer.run(sharing: database) { client, _ in
                // carol, of Editors, sees Composr's unvalidated article waiting for her review.
                let carol = ConsoleAgent(client)
                #expect(try await carol.signIn("carol", try #require(passwords["carol"]).password).status == .seeOther)
                let dashboard = try await carol.get("/admin")
                #expect(dashboard.body.contains(#"<a href="/admin/articles/4">Draft: planned maintenance window</a>"#), "\(dashboard.body)")
                // alice, of Beta Testers, is an author: no review queue.
                let alice = ConsoleAgent(client)
                #expect(try await alice.signIn("alice", try #require(passwords["alice"]).password).status == .seeOther)
                #expect(try await alice.get("/admin").text(ofID: "waiting-heading") == nil)

                // "The Desk" is carol's byline, as Composr's authors say; Zoë is the member of that name.
                let welcome = try await client.envelope("/data/endpoint.php/content/news/articles/1")
                let authors = (welcome.data["article"] as? [String: Any])?["authors"] as? [[String: Any]]
                #expect(authors?.map { "\($0["name"] ?? "")=\($0["member_id"] ?? "")" } == ["The Desk=7", "Zoë=5"], "\(welcome.raw)")

                // Article 3's history: Composr's two earlier versions, oldest first, then it as it came.
                let history = try await database.withConnection { try await NewsRevisionStore.list(articleID: 3, on: $0) }
                #expect(history.map(\.title) == ["Version 2.0 released", "Version 2.0 is coming", "Version 2.0 beta"], "\(history)")
                let submitter = try await database.withConnection { try await NewsStore.article(id: 3, on: $0) }?.submitterID
                #expect(submitter != nil && history.map(\.memberID) == [submitter, 6, 2], "as it came by its submitter, then bob's, then admin's")
                #expect(history.map(\.savedAt).suffix(2) == [1_795_200_000, 1_795_100_000])
                let oldest = try #require(history.last)
                let editor = try await carol.get("/admin/articles/3")
                #expect(
                    editor.body.contains(#"<li id="revision-\#(oldest.id)"><span>"#)
                        && editor.body.contains(", saved by admin</span> <strong>Version 2.0 beta</strong>"))
                let compared = try await carol.get("/admin/articles/3?compare=\(oldest.id)")
                #expect(
                    compared.body.contains("<del>beta</del><ins>released</ins>") && compared.body.contains("<del>[b]nearly[/b]</del>"),
                    "the Comcode compared word by word: \(compared.body.components(separatedBy: "difference-heading").last ?? "")")
                let restored = try await carol.post("/admin/articles/3", [("revision", String(oldest.id)), ("action", "restore")])
                #expect(restored.status == .seeOther, "\(restored.body.prefix(300))")
                let page = try await client.execute(uri: "/news/3", method: .get) { String(buffer: $0.body) }
                #expect(page.contains("<strong>nearly</strong>") && page.contains("Version 2.0 beta"), "the restored version is the page: \(page)")
            }
        }
        // A second run brings nothing again.
        let again = try EndpointProcess.run(["import", "composr", dump.path], database: url.connectionString)
        #expect(again.status == 0 && again.output.contains("revisions: 0 imported"), "\(again.output)")
        #expect(again.output.contains("authors: 0 imported, 0 matched, 1 already here, 1 left out"), "\(again.output)")
    }
}
