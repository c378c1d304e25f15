import Foundation
import HTTPTypes
import SQLKit
import Storage
import TestSupport
import Testing

/// `endpoint import composr --keep-app-sessions`: a phone signed in to the Composr site presents its
/// member's Composr password hash as `cms_member_hash` (Composr's `forum_create_cookie`), and is that
/// member here until the member logs in here, changes the password or logs out everywhere.
@Suite struct ComposrImportAppSessionsTests {
    @Test(arguments: TestDatabase.engines)
    func anAppSignedInToComposrStaysSignedInUntilItsMemberActs(engine: DatabaseEngine) async throws {
        let url = try await TestDatabase.freshURL(engine)
        #expect(try EndpointProcess.run(["migrate"], database: url.connectionString).status == 0)
        let imported = try EndpointProcess.run(["import", "composr", ComposrFixture.dump.path, "--keep-app-sessions"], database: url.connectionString)
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(
            imported.output.contains("app_sessions: 6 imported, 0 matched, 0 already here, 0 left out"),
            "validated members with a kept password: \(imported.output)")
        let again = try EndpointProcess.run(["import", "composr", ComposrFixture.dump.path, "--keep-app-sessions"], database: url.connectionString)
        #expect(again.output.contains("app_sessions: 0 imported, 0 matched, 6 already here, 0 left out"), "\(again.output)")

        // In alice's sessions, where an operator sees and can end it.
        let listed = try EndpointProcess.run(["member", "sessions", "--username", "alice"], database: url.connectionString)
        #expect(listed.status == 0 && listed.output.contains("Composr app (kept by the import)"), "\(listed.output) \(listed.errors)")

        let passwords = try ComposrImportCommandTests.passwords()
        let alice = try #require(passwords["alice"])
        try await TestDatabase.withOpen(url) { database in
            let hashes = try await database.withConnection { connection in
                try await connection.sql.raw("SELECT id, password_hash FROM members").all().reduce(into: [Int: String]()) {
                    $0[try $1.decode(column: "id", as: Int.self)] = try $1.decode(column: "password_hash", as: String.self)
                }
            }
            let aliceHash = try #require(hashes[alice.id])
            #expect(aliceHash.hasPrefix("$2y$"), "Composr's own hash, as its cookie holds it")
            let stored = try await database.withConnection { connection in
                try await connection.sql.raw("SELECT token_hash FROM device_sessions WHERE member_id = \(bind: alice.id)").all()
                    .map { try $0.decode(column: "token_hash", as: String.self) }
            }
            #expect(stored.count == 1 && stored.first != aliceHash && stored.first?.count == 64, "only a digest of the hash is kept")

            try await TestServer.run(sharing: database) { client, _ in
                let id = String(alice.id)
                let headers: HTTPFields = [HTTPField.Name("cms_member_id")!: id, HTTPField.Name("cms_member_hash")!: aliceHash]
                let cookies: HTTPFields = [.cookie: "cms_member_id=\(id); cms_member_hash=\(aliceHash)"]
                let fields = [("device_auth_member_id_vl", id), ("device_auth_pass_hashed_vl", aliceHash)]
                for answer in [
                    try await client.envelope(AccountFixtures.sessionURI, headers: headers),
                    try await client.envelope(AccountFixtures.sessionURI, headers: cookies),
                    try await client.postForm(AccountFixtures.sessionURI, fields),
                ] {
                    #expect(answer.success == true && answer.data["username"] as? String == "alice", "\(answer.raw)")
                }
                // alice's hash is never another member's credential.
                let elena = try #require(passwords["elena"]).id
                let asElena: HTTPFields = [HTTPField.Name("cms_member_id")!: String(elena), HTTPField.Name("cms_member_hash")!: aliceHash]
                #expect(try await client.envelope(AccountFixtures.sessionURI, headers: asElena).success == false)

                // Logging out everywhere ends it.
                #expect(try await client.envelope(AccountFixtures.sessionURI + "&type=delete&id=all", method: .post, headers: headers).success == true)
                #expect(try await client.envelope(AccountFixtures.sessionURI, headers: headers).success == false)

                // Logging in here ends another member's: Zoë's app presents her Composr hash until she logs in.
                let zoe = try #require(passwords["Zoë"])
                let zoeHeaders: HTTPFields = [
                    HTTPField.Name("cms_member_id")!: String(zoe.id), HTTPField.Name("cms_member_hash")!: try #require(hashes[zoe.id]),
                ]
                #expect(try await client.envelope(AccountFixtures.sessionURI, headers: zoeHeaders).success == true)
                #expect(try await client.login("Zoë", zoe.password).success == true)
                try await Waiting.until("Zoë's Composr session ended (the session cache forgets it)") {
                    try await client.envelope(AccountFixtures.sessionURI, headers: zoeHeaders).success == false
                }
            }
        }

        // A password changed here ends it too.
        let carol = try #require(passwords["carol"])
        #expect(
            try EndpointProcess.run(["member", "password", "--username", "carol", "--password", "Changed-Here-2026"], database: url.connectionString).status
                == 0)
        try await TestDatabase.withOpen(url) { database in
            let live = try await database.withConnection { connection in
                try await connection.sql.raw(
                    "SELECT COUNT(*) AS n FROM device_sessions WHERE member_id = \(bind: carol.id) AND origin = 'composr' AND revoked_at IS NULL"
                ).first()?.decode(column: "n", as: Int.self)
            }
            #expect(live == 0)
        }
    }
}
