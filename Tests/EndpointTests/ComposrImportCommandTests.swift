import Foundation
import News
import SQLKit
import Storage
import TestSupport
import Testing

/// `endpoint import composr` on the dump of a site Composr itself made (Tests/ComposrImportTests/
/// Fixtures), then the site served: its members log in with the passwords they had, its articles are
/// listed with their Comcode rendered.
@Suite struct ComposrImportCommandTests {
    static let fixtures = ComposrFixture.directory
    static let dump = ComposrFixture.dump.path

    /// The members of `passwords.json`: username → (ID, password, validated).
    static func passwords() throws -> [String: (id: Int, password: String, validated: Bool)] {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("passwords.json"))
        let members = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["members"] as? [String: [String: Any]])
        return try members.mapValues {
            (try #require($0["id"] as? Int), try #require($0["password"] as? String), try #require($0["validated"] as? Bool))
        }
    }

    @Test(arguments: TestDatabase.engines)
    func membersLogInWithTheirComposrPasswordsAndTheNewsIsServed(engine: DatabaseEngine) async throws {
        let url = try await TestDatabase.freshURL(engine)
        #expect(try EndpointProcess.run(["migrate"], database: url.connectionString).status == 0)
        let imported = try EndpointProcess.run(["import", "composr", Self.dump, "--public-url", "https://news.example"], database: url.connectionString)
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.output.contains("members: 7 imported, 1 matched, 0 already here, 0 left out"), "\(imported.output)")
        #expect(imported.errors.contains("Importing 8 members…") && imported.errors.contains("Importing 3 push tokens…"), "progress: \(imported.errors)")
        #expect(imported.output.contains("articles: 6 imported"), "\(imported.output)")
        #expect(imported.output.contains("push_tokens: 3 imported"), "\(imported.output)")
        #expect(imported.output.contains("addresses: 6 imported"), "\(imported.output)")
        #expect(imported.output.contains("staff_messages: 1 imported"), "\(imported.output)")
        #expect(
            imported.output.contains("memberships: 3 imported, 0 matched, 0 already here, 1 left out"), "Zoë's application stays pending: \(imported.output)")
        #expect(imported.output.contains("Zoë: the application to Editors is still pending in Composr; not carried"), "named: \(imported.output)")
        #expect(
            imported.output.contains("article 1: a link to the Composr page “site:join”, which this server does not have, opens the news index"),
            "a page link with no page here is reported: \(imported.output)")
        // What the site holds that does not come over is counted, not left unsaid.
        #expect(
            imported.output.contains(
                "Not carried: 3 forum posts and comments (the contact form's messages come over), 1 wiki pages, 11 Comcode pages, "
                    + "8 members' custom profile fields\n"), "\(imported.output)")
        // The galleries come over: the site's one, root.
        #expect(imported.output.contains("galleries: 1 imported, 0 matched, 0 already here, 0 left out"), "\(imported.output)")
        // Composr's keywords (`seo_meta_keywords`) are the articles' tags, said so.
        #expect(imported.output.contains("tags: 35 imported, 0 matched, 0 already here, 0 left out"), "\(imported.output)")
        #expect(imported.output.contains("Tags: the articles' Composr keywords, those Composr made from the text"), "\(imported.output)")

        let passwords = try Self.passwords()
        try await TestDatabase.withOpen(url) { database in
            try await TestServer.run(sharing: database) { client, _ in
                for (username, member) in passwords.sorted(by: { $0.key < $1.key }) {
                    // Android's form, then iOS's multipart: the second login checks the Argon2id hash the
                    // first one left.
                    let android = try await client.login(username, member.password)
                    let iOS = try await client.postMultipart(AccountFixtures.loginURI, [("username", username), ("password", member.password)])
                    if member.validated {
                        #expect(android.success == true && iOS.success == true, "\(username): \(android.raw) \(iOS.raw)")
                        #expect(android.data["memberID"] as? Int == member.id, "\(android.raw)")
                    } else {
                        #expect(
                            android.success == false && android.errorDetails == "This member account has not yet been validated by the staff.", "\(android.raw)"
                        )
                    }
                }
                #expect(try await client.login("alice", "wrong password").success == false)
                let list = try await client.envelope(NewsFixtures.uri("articles", "limit=50&fields=id,title,format,body_html"))
                let articles = try #require(list.data["articles"] as? [[String: Any]], "\(list.raw)")
                #expect(articles.count == 5, "the draft is not listed: \(list.raw)")
                // Each article's history starts with it as it came, by its submitter.
                let history = try await database.withConnection { try await NewsRevisionStore.list(articleID: 3, on: $0) }
                let three = try await database.withConnection { try await NewsStore.article(id: 3, on: $0) }
                #expect(history.count == 1 && history.first?.memberID == three?.submitterID && history.first?.title == three?.title, "\(history)")
                // The one Composr had not validated waits in the review queue, submitted by its submitter.
                let waiting = try await database.withConnection { try await NewsReviewStore.waiting(limit: 10, on: $0) }
                let unvalidated = try await database.withConnection { connection in
                    try await connection.raw("SELECT id, submitter_id FROM news WHERE validated = \(bind: false)").all().map {
                        (try $0.decode(column: "id", as: Int.self), try $0.decode(column: "submitter_id", as: Int?.self))
                    }
                }
                #expect(unvalidated.count == 1 && waiting.map(\.articleID) == unvalidated.map(\.0), "\(waiting) \(unvalidated)")
                #expect(waiting.first?.state == .submitted && waiting.first?.changedBy == unvalidated.first?.1)
                let release = try #require(articles.first { $0["id"] as? Int == 3 })
                // The addresses the Composr site published redirect for good to the pages here, which open.
                for (old, page) in [
                    ("/site/news/view/evenements/cafe-creme-a-zurich.htm", "/news/2"), ("/site/index.php?page=news&type=view&id=3", "/news/3"),
                    ("/news/view/1", "/news/1"), ("/site/news/view/business/technology-meets", "/news/5"),
                ] {
                    let (status, location) = try await client.execute(uri: old, method: .get) { ($0.status, $0.headers[.location]) }
                    #expect(status == .movedPermanently && location == page, "\(old) → \(status) \(location ?? "")")
                    let opened = try await client.execute(uri: page, method: .get) { ($0.status, String(buffer: $0.body)) }
                    #expect(opened.0 == .ok && opened.1.contains("<title>"), "\(page): \(opened.0)")
                }
                #expect(try await client.execute(uri: "/site/news/view/nowhere/at-all.htm", method: .get) { $0.status } == .notFound)
                #expect(release["format"] as? String == "comcode")
                // Composr's SEO descriptions are the articles' descriptions for search engines and link previews.
                let described = try await client.news("articles/1")
                #expect(
                    (described.data["article"] as? [String: Any])?["seo_description"] as? String
                        == "Our new community site is open. Read on for what you can do here.", "\(described.raw)")
                // Composr's bylines are names; a member's (admin, Zoë) links that member, as Composr's authors do.
                let zoe = try await client.news("articles/2", "fields=author,authors")
                for (byline, memberID) in [(described, 2), (zoe, 5)] {
                    let authors = (byline.data["article"] as? [String: Any])?["authors"] as? [[String: Any]]
                    #expect(authors?.count == 1 && authors?.first?["member_id"] as? Int == memberID, "\(byline.raw)")
                }
                // Its keywords are its tags, in their order, trimmed; Composr's tag links lead to their pages.
                let tagged = try await client.news("articles/5", "fields=tags")
                let tags = ((tagged.data["article"] as? [String: Any])?["tags"] as? [[String: Any]])?.compactMap { $0["label"] as? String }
                #expect(tags == ["roadmap", "business", "technology"], "\(tagged.raw)")
                let search = "/site/index.php?page=search&type=results&content=%22business%22&days=-1&only_search_meta=1"
                let led = try await client.execute(uri: search, method: .get) { ($0.status, $0.headers[.location]) }
                #expect(led.0 == .movedPermanently && led.1 == "/news/tag/business", "\(led)")
                let first = try await client.execute(uri: "/news/1", method: .get) { String(buffer: $0.body) }
                #expect(first.contains(#"<meta property="og:description" content="Our new community site is open. Read on for what you can do here.">"#))
                #expect((release["body_html"] as? String)?.hasPrefix("<h2>What is new in 2.0</h2>") == true, "\(release)")
            }
            try await database.withConnection { connection in
                let hashes = try await connection.sql.raw("SELECT username, password_hash FROM members WHERE id > 1").all().map {
                    (try $0.decode(column: "username", as: String.self), try $0.decode(column: "password_hash", as: String.self))
                }
                for (username, hash) in hashes where passwords[username]?.validated == true {
                    #expect(hash.hasPrefix("$argon2id$"), "\(username) moved to Argon2id at the first login")
                }
                let groups = try await connection.sql.raw(
                    """
                    SELECT m.username AS username, g.name AS name FROM members m JOIN groups g ON g.id = m.primary_group_id
                    UNION SELECT m.username, g.name FROM group_members gm JOIN members m ON m.id = gm.member_id JOIN groups g ON g.id = gm.group_id
                    """
                ).all().map { (try $0.decode(column: "username", as: String.self), try $0.decode(column: "name", as: String.self)) }
                let of = { (username: String) in Set(groups.filter { $0.0 == username }.map(\.1)) }
                #expect(of("admin") == ["Administrators", "Editors"] && of("alice") == ["Newbie", "Beta Testers"], "\(groups)")
                #expect(of("carol").contains("Editors") && !of("Zoë").contains("Editors"), "\(groups)")
                #expect(of("elena") == ["Beta Testers"], "\(groups)")
                let tokens = try await connection.sql.raw("SELECT platform, member_id FROM device_tokens ORDER BY platform").all().map {
                    "\(try $0.decode(column: "platform", as: String.self)) \(try $0.decode(column: "member_id", as: Int.self))"
                }
                #expect(tokens == ["android 4", "ios 4", "ios 5"], "alice's two phones and Zoë's keep their pushes")
                let messages = try await connection.sql.raw("SELECT member_id, email, title, category, post, status FROM staff_messages").all()
                #expect(messages.count == 1)
                let carol = try #require(messages.first)
                #expect(try carol.decode(column: "member_id", as: Int.self) == 7 && carol.decode(column: "email", as: String.self) == "carol@example.com")
                #expect(
                    try carol.decode(column: "title", as: String.self) == "Problem with my profile photo"
                        && carol.decode(column: "category", as: String.self) == "General")
                #expect(try carol.decode(column: "post", as: String.self).hasSuffix("Thanks, Carol"), "Composr's block for administrators left out")
                #expect(try carol.decode(column: "status", as: String.self) == "new")
            }
        }

        let again = try EndpointProcess.run(["import", "composr", Self.dump, "--json"], database: url.connectionString)
        #expect(again.status == 0, "\(again.errors)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(again.output.utf8)) as? [String: Any])
        let counts = try #require(report["counts"] as? [String: [String: Int]])
        #expect(counts.values.allSatisfy { $0["imported"] == 0 }, "a second run brings nothing new: \(counts)")

        // A password changed here wins over the old site's hash, whatever a later import brings.
        let oldPassword = try #require(passwords["alice"]).password
        let changed = try EndpointProcess.run(["member", "password", "--username", "alice", "--password", "Changed-Here-2026"], database: url.connectionString)
        #expect(changed.status == 0, "\(changed.errors)")
        // An article edited here after the import keeps its edit, reported.
        try await TestDatabase.withOpen(url) { database in
            try await database.withConnection { try await $0.sql.raw("UPDATE news SET title = 'Edited here' WHERE id = 2").run() }
        }
        let rerun = try EndpointProcess.run(["import", "composr", Self.dump], database: url.connectionString)
        #expect(rerun.status == 0 && rerun.output.contains("article 2: edited since it was imported; the copy here is kept"), "\(rerun.output)")
        try await TestDatabase.withOpen(url) { database in
            try await TestServer.run(sharing: database) { client, _ in
                let changedHere = try await client.login("alice", "Changed-Here-2026")
                let composrs = try await client.login("alice", oldPassword)
                #expect(changedHere.success == true && composrs.success == false, "\(changedHere.raw) \(composrs.raw)")
                let article = try await client.news("articles/2", "fields=title")
                #expect((article.data["article"] as? [String: Any])?["title"] as? String == "Edited here", "\(article.raw)")
            }
        }
    }

    /// `--tags none` leaves the keywords out (a site whose keywords Composr made from the text), said in
    /// the report.
    @Test func keywordsStayOutWithTagsNone() async throws {
        let url = try await TestDatabase.freshURL(.sqlite)
        let imported = try EndpointProcess.run(["import", "composr", Self.dump, "--tags", "none"], database: url.connectionString)
        #expect(imported.status == 0 && imported.output.contains("tags: 0 imported, 0 matched, 0 already here, 35 left out"), "\(imported.output)")
        try await TestDatabase.withOpen(url) { database in
            let count = try await database.withConnection { try await NewsTagStore.all(on: $0).count }
            #expect(count == 0)
        }
        let refused = try EndpointProcess.run(["import", "composr", Self.dump, "--tags", "some"], database: url.connectionString)
        #expect(refused.status != 0 && refused.errors.contains("--tags"), "\(refused.errors)")
    }

    /// A member of this server's own standing where a Composr site's member belongs (made here first, it
    /// took ID 2, admin's) stops the import with what to do, and nothing is written.
    @Test func aMemberOfThisServersOwnInTheWayStopsTheImport() async throws {
        let url = try await TestDatabase.freshURL(.sqlite)
        let added = try EndpointProcess.run(
            ["member", "add", "--username", "ALICE", "--email", "someone@example.org", "--password", "a password here"], database: url.connectionString)
        #expect(added.status == 0, "\(added.errors)")
        let refused = try EndpointProcess.run(["import", "composr", Self.dump], database: url.connectionString)
        #expect(
            refused.status != 0
                && refused.errors.contains(
                    "This server's member 2 (ALICE) stands where the Composr site's member 2 (admin) keeps its ID: import into a new database"),
            "\(refused.errors)")
        try await TestDatabase.withOpen(url) { database in
            let members = try await database.withConnection {
                try await $0.sql.raw("SELECT COUNT(*) AS n FROM members").first()?.decode(column: "n", as: Int.self)
            }
            #expect(members == 2, "Guest and the member added here")
        }
    }

    /// A dry run and a damaged dump write nothing; the damage is named with its line.
    @Test func aDryRunAndADamagedDumpWriteNothing() async throws {
        let url = try await TestDatabase.freshURL(.sqlite)
        #expect(try EndpointProcess.run(["migrate"], database: url.connectionString).status == 0)
        let dry = try EndpointProcess.run(["import", "composr", Self.dump, "--dry-run"], database: url.connectionString)
        #expect(dry.status == 0 && dry.output.hasPrefix("Dry run: nothing was written.") && dry.output.contains("members: 7 imported"), "\(dry)")
        // A dry run into a database that does not exist leaves none behind either.
        let (fresh, freshFolder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: freshFolder) }
        let dryNew = try EndpointProcess.run(["import", "composr", Self.dump, "--dry-run"], database: fresh)
        #expect(dryNew.status == 0 && dryNew.output.hasPrefix("Dry run: nothing was written."), "\(dryNew.errors)")
        #expect(!FileManager.default.fileExists(atPath: String(fresh.dropFirst("sqlite://".count))), "no database was left behind")

        let text = try String(contentsOfFile: Self.dump, encoding: .utf8)
        let cut = text.range(of: "INSERT INTO `cms_news` VALUES (3,")!.upperBound
        let damaged = FileManager.default.temporaryDirectory.appendingPathComponent("damaged-\(UUID()).sql")
        try Data(text[..<cut].utf8 + Array("1795270853,'Version 2.0 rel".utf8)).write(to: damaged)
        defer { try? FileManager.default.removeItem(at: damaged) }
        let refused = try EndpointProcess.run(["import", "composr", damaged.path], database: url.connectionString)
        let line = text[..<cut].filter { $0 == "\n" }.count + 1
        #expect(refused.status != 0 && refused.errors.contains("Line \(line) of the dump: a string opens here and is never closed."), "\(refused.errors)")
        let wrongPrefix = try EndpointProcess.run(["import", "composr", Self.dump, "--prefix", "ocp_"], database: url.connectionString)
        #expect(wrongPrefix.status != 0 && wrongPrefix.errors.contains("The dump holds no table ocp_f_members"), "\(wrongPrefix.errors)")

        try await TestDatabase.withOpen(url) { database in
            let members = try await database.withConnection {
                try await $0.sql.raw("SELECT COUNT(*) AS n FROM members").first()?.decode(column: "n", as: Int.self)
            }
            #expect(members == 1, "only Guest")
        }
    }
}
