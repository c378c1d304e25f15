import AsyncHTTPClient
import Foundation
import HTTPTypes
import SQLKit
import Storage
import TestSupport
import Testing

/// The third security review's attacks through a hostile Composr dump or `--from` address, each run
/// through the real `endpoint import composr` on the site Composr made (Tests/ComposrImportTests/
/// Fixtures) with the attack written into it.
@Suite struct ComposrImportSecurityTests {
    /// The fixture's dump with each `find` replaced (its first occurrence) by its `replacement`,
    /// written to a temporary file.
    static func dump(_ edits: [(find: String, replacement: String)]) throws -> URL {
        var text = try ComposrFixture.text()
        for edit in edits {
            guard let range = text.range(of: edit.find) else { throw TestFailure("no \(edit.find) in the fixture") }
            text.replaceSubrange(range, with: edit.replacement)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("composr-hostile-\(UUID()).sql")
        try Data(text.utf8).write(to: file)
        return file
    }

    /// A member-made club named "Administrators", alice its leader and member.
    static let club = [
        (
            "INSERT INTO `cms_f_groups` VALUES (12,",
            "INSERT INTO `cms_f_groups` VALUES (13,'Administrators',0,0,0,0,4,'Club',NULL,NULL,0,0,25,1,70,50,100,100,30000,700,0,'',0,13,0,1,1);\nINSERT INTO `cms_f_groups` VALUES (12,"
        ),
        (
            "INSERT INTO `cms_f_group_members` VALUES (12,4,1);",
            "INSERT INTO `cms_f_group_members` VALUES (12,4,1);\nINSERT INTO `cms_f_group_members` VALUES (13,4,1);"
        ),
    ]

    /// S-4 (and day one's blocker): groups are matched by what Composr says they are. A club called
    /// "Administrators" stays a club (alice gets no console), Composr's admin is an administrator
    /// here (the primary group is a membership), every member is in their primary group, and a second
    /// import makes no group again.
    @Test(arguments: TestDatabase.engines)
    func aClubNamedAdministratorsStaysAClub(engine: DatabaseEngine) async throws {
        let dump = try Self.dump(Self.club)
        defer { try? FileManager.default.removeItem(at: dump) }
        let url = try await TestDatabase.freshURL(engine)
        #expect(try EndpointProcess.run(["migrate"], database: url.connectionString).status == 0)
        let imported = try EndpointProcess.run(["import", "composr", dump.path], database: url.connectionString)
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.output.contains("the Composr group “Administrators” (ID 13) is kept apart as “Administrators (Composr 13)”"), "\(imported.output)")
        #expect(imported.output.contains("Can sign in to /admin: admin\n"), "\(imported.output)")
        let passwords = try ComposrImportCommandTests.passwords()

        try await TestDatabase.withOpen(url) { database in
            try await TestServer.run(sharing: database) { client, _ in
                let alice = try await client.login("alice", try #require(passwords["alice"]).password)
                #expect(alice.success == true && alice.data["admin_status"] as? Bool == false && alice.data["staff_status"] as? Bool == false, "\(alice.raw)")
                let admin = try await client.login("admin", try #require(passwords["admin"]).password)
                #expect(admin.data["admin_status"] as? Bool == true, "Composr's admin is an administrator here: \(admin.raw)")
                let agent = ConsoleAgent(client)
                #expect(try await agent.signIn("alice", try #require(passwords["alice"]).password).status == .forbidden, "the club's leader gets no console")
                let chief = ConsoleAgent(client)
                #expect(try await chief.signIn("admin", try #require(passwords["admin"]).password).status == .seeOther)
                #expect(try await chief.get("/admin/settings").status == .ok, "admin has the whole console")
                // A push to Newbie (Composr's default group: alice's two phones and Zoë's) counts their devices.
                let newbie = try await database.withConnection { connection in
                    try await connection.sql.raw("SELECT id FROM groups WHERE name = 'Newbie'").first()?.decode(column: "id", as: Int.self)
                }
                _ = try await chief.get("/admin/push")
                let review = try await chief.post(
                    "/admin/push",
                    [
                        ("title", "Hello"), ("body", "From the new site"), ("audience", "group"), ("group", String(try #require(newbie))),
                        ("action", "review"),
                    ])
                #expect(review.text(ofID: "reach") == "This notification will reach 3 devices.", "\(review.body.prefix(400))")
            }
            try await database.withConnection { connection in
                let missing = try await connection.sql.raw(
                    """
                    SELECT m.username AS username FROM members m WHERE m.id > 1
                    AND NOT EXISTS (SELECT 1 FROM group_members gm WHERE gm.member_id = m.id AND gm.group_id = m.primary_group_id)
                    """
                ).all().map { try $0.decode(column: "username", as: String.self) }
                #expect(missing.isEmpty, "every member is in their primary group: \(missing)")
                let administrators = try await connection.sql.raw(
                    "SELECT m.username AS username FROM group_members gm JOIN groups g ON g.id = gm.group_id JOIN members m ON m.id = gm.member_id WHERE g.is_super_admin = \(bind: true) ORDER BY m.username"
                ).all().map { try $0.decode(column: "username", as: String.self) }
                #expect(administrators == ["admin"], "\(administrators)")
            }
        }
        // An administrator made or unmade from the command line.
        let revoked = try EndpointProcess.run(["member", "revoke-admin", "--username", "admin"], database: url.connectionString)
        #expect(revoked.status == 0 && revoked.output.contains("admin is no longer an administrator."), "\(revoked.errors)")
        let password = try #require(passwords["admin"]).password
        try await TestDatabase.withOpen(url) { database in
            try await TestServer.run(sharing: database) { client, _ in
                let login = try await client.login("admin", password)
                #expect(login.data["admin_status"] as? Bool == false, "\(login.raw)")
            }
        }
        let granted = try EndpointProcess.run(["member", "grant-admin", "--username", "admin"], database: url.connectionString)
        #expect(granted.status == 0 && granted.output.contains("admin is an administrator."), "\(granted.errors)")
        try await TestDatabase.withOpen(url) { database in
            try await TestServer.run(sharing: database) { client, _ in
                let login = try await client.login("admin", password)
                #expect(login.data["admin_status"] as? Bool == true, "\(login.raw)")
            }
        }
        #expect(try EndpointProcess.run(["member", "grant-admin", "--username", "nobody"], database: url.connectionString).status != 0)

        let again = try EndpointProcess.run(["import", "composr", dump.path, "--json"], database: url.connectionString)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(again.output.utf8)) as? [String: Any])
        #expect((report["counts"] as? [String: [String: Int]])?["groups"]?["imported"] == 0, "\(again.output)")
    }

    /// S-6: a `$2y$31$` hash made two anonymous logins block every login for about 35 hours. A cost
    /// above 14 is refused at the import (reported) and never verified: the member's login fails at
    /// once, and a password reset gives them one.
    @Test(.timeLimit(.minutes(2))) func aBcryptCostBeyondComposrsIsNeverVerified() async throws {
        let costly = "$2y$31$" + String(repeating: "a", count: 53)
        let dump = try Self.dump([("$2y$10$m5EhwzIb2NgpNOoMFJjfrezdx5zOjP.WTuwQUICI1ArLUqVVjAS4q", costly)])
        defer { try? FileManager.default.removeItem(at: dump) }
        let url = try await TestDatabase.freshURL(.sqlite)
        let imported = try EndpointProcess.run(["import", "composr", dump.path], database: url.connectionString)
        #expect(imported.status == 0 && imported.output.contains("test: a bcrypt hash of cost 31 (above 14) not kept"), "\(imported.output)")
        try await TestDatabase.withOpen(url) { database in
            try await TestServer.run(sharing: database) { client, _ in
                let started = ContinuousClock.now
                for _ in 0..<2 { #expect(try await client.login("test", "anything").success == false) }
                let alice = try #require(try ComposrImportCommandTests.passwords()["alice"])
                #expect(try await client.login("alice", alice.password).success == true)
                #expect(ContinuousClock.now - started < .seconds(60), "no login waited on the hash")
            }
        }
    }

    /// S-8: a CR/LF in an imported address added `RCPT TO` recipients to the member's reset mail. The
    /// import keeps the member without an address (reported); the SMTP client refuses such an address
    /// whoever gives it (MailTests).
    @Test func anAddressWithALineBreakNeverReachesSMTP() async throws {
        // As mysqldump writes a CR and an LF inside a string: `\r\n`.
        let dump = try Self.dump([("'alice@example.com'", #"'alice@example.com\r\nRCPT TO:<x@evil.example>'"#)])
        defer { try? FileManager.default.removeItem(at: dump) }
        let url = try await TestDatabase.freshURL(.sqlite)
        let imported = try EndpointProcess.run(["import", "composr", dump.path], database: url.connectionString)
        #expect(imported.status == 0 && imported.output.contains("alice: the e-mail address is not one"), "\(imported.output)")
        try await TestDatabase.withOpen(url) { database in
            try await TestServer.run(sharing: database) { client, _ in
                let asked = try await client.postForm("/data/endpoint.php?hook_type=account&hook=lost_password", [("username", "alice")])
                #expect(asked.success != nil, "answered as for anyone: \(asked.raw)")
            }
            try await database.withConnection { connection in
                let email = try await connection.sql.raw("SELECT email FROM members WHERE id = 4").first()?.decode(column: "email", as: String.self)
                #expect(email == "")
                let mails = try await connection.sql.raw("SELECT recipient FROM mail_outbox").all().map { try $0.decode(column: "recipient", as: String.self) }
                #expect(mails.allSatisfy { !$0.contains("\r") && !$0.contains("\n") }, "\(mails)")
            }
        }
    }

    /// S-9: a hostile dump's negative ID is refused with its table and column, and nothing is written.
    @Test func aNegativeIDIsRefused() async throws {
        let dump = try Self.dump([("INSERT INTO `cms_f_members` VALUES (6,'bob'", "INSERT INTO `cms_f_members` VALUES (-6,'bob'")])
        defer { try? FileManager.default.removeItem(at: dump) }
        let url = try await TestDatabase.freshURL(.sqlite)
        #expect(try EndpointProcess.run(["migrate"], database: url.connectionString).status == 0)
        let imported = try EndpointProcess.run(["import", "composr", dump.path], database: url.connectionString)
        #expect(imported.status != 0 && imported.errors.contains("f_members") && imported.errors.contains("id"), "\(imported.errors)")
        try await TestDatabase.withOpen(url) { database in
            let members = try await database.withConnection {
                try await $0.sql.raw("SELECT COUNT(*) AS n FROM members").first()?.decode(column: "n", as: Int.self)
            }
            #expect(members == 1, "only the guest")
        }
    }

    /// S-9: a 300 KB archive that unpacks to 300 MB is refused before anything is unpacked.
    @Test func anArchiveThatUnpacksBeyondItsLimitIsRefused() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bomb-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("uploads"), withIntermediateDirectories: true)
        let zeros = folder.appendingPathComponent("uploads/zeros.bin")
        FileManager.default.createFile(atPath: zeros.path, contents: nil)
        let handle = try FileHandle(forWritingTo: zeros)
        let block = Data(count: 1 << 20)
        for _ in 0..<300 { handle.write(block) }
        try handle.close()
        let archive = folder.appendingPathComponent("site.tar.gz")
        #expect(try Subprocess.run(URL(fileURLWithPath: "/bin/tar"), ["-czf", archive.path, "-C", folder.path, "uploads"]).status == 0)
        try FileManager.default.removeItem(at: zeros)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: archive.path)[.size] as? Int)
        #expect(size < 1 << 20)
        let before = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("endpoint-composr-files-") }
        let url = try await TestDatabase.freshURL(.sqlite)
        let imported = try EndpointProcess.run(["import", "composr", ComposrFixture.dump.path, "--files", archive.path], database: url.connectionString)
        #expect(imported.status != 0 && imported.errors.contains("unpacks to more than 256 MiB"), "\(imported.errors)")
        let after = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("endpoint-composr-files-") }
        #expect(Set(after) == Set(before), "nothing left unpacked")
    }

    /// S-7: a line break in `--from`'s password added options to mysqldump's options file
    /// (`plugin-dir` and `default-auth` ran code inside it); a database named `--…` became an option.
    /// Both are refused with a sentence before mysqldump starts.
    @Test func aFromAddressThatWouldAddOptionsIsRefused() async throws {
        let url = try await TestDatabase.freshURL(.sqlite)
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("injected-\(UUID())")
        for address in [
            "mysql://composr:secret%0Aplugin-dir=\(marker.path.replacingOccurrences(of: "/", with: "%2F"))%0Adefault-auth=evil@127.0.0.1:1/composr",
            "mysql://composr:secret@127.0.0.1:1/--help", "mysql://-composr:secret@127.0.0.1:1/composr",
            "mysql://composr:secret@127.0.0.1:1/com%0Dposr",
        ] {
            let imported = try EndpointProcess.run(["import", "composr", "--from", address], database: url.connectionString)
            #expect(imported.status != 0, "\(address)")
            #expect(imported.errors.contains("may hold no line break or other control character"), "\(address): \(imported.errors)")
            #expect(!imported.errors.contains("secret"), "the password is never shown")
        }
        #expect(!FileManager.default.fileExists(atPath: marker.path))
    }

    /// S-2: a body whose HTML gumbo nested 400,000 deep crashed the import (exit 139). Bodies are
    /// rendered in child processes and the depth counted as the parser counts it: the import goes on,
    /// the article kept as plain text, the others rendered.
    @Test func aBodyThatCrashedTheImportIsKeptAsText() async throws {
        let hostile = "[semihtml]" + String(repeating: "<x</>", count: 190_000) + "[/semihtml]"
        let dump = try Self.dump([
            (
                "'We are happy to announce that the site is now open to everyone.\\n\\nPlease [page=\\\"site:join\\\"]join[/page] and introduce yourself in the forum.'",
                "'\(hostile)'"
            )
        ])
        defer { try? FileManager.default.removeItem(at: dump) }
        let url = try await TestDatabase.freshURL(.sqlite)
        let imported = try EndpointProcess.run(["import", "composr", dump.path], database: url.connectionString)
        #expect(imported.status == 0 && imported.output.contains("articles: 6 imported"), "\(imported.status) \(imported.errors.suffix(500))")
        try await TestDatabase.withOpen(url) { database in
            try await TestServer.run(sharing: database) { client, _ in
                let article = try #require(try await client.news("articles/1", "fields=body_html").data["article"] as? [String: Any])
                let html = article["body_html"] as? String ?? ""
                #expect(html.contains("[semihtml]&lt;x&lt;/&gt;&lt;x&lt;/&gt;") && !html.contains("<x"), "kept as its text: \(html.prefix(120))")
                let release = try #require(try await client.news("articles/3", "fields=body_html").data["article"] as? [String: Any])
                #expect((release["body_html"] as? String)?.hasPrefix("<h2>What is new in 2.0</h2>") == true, "the others rendered")
            }
        }
    }
}
