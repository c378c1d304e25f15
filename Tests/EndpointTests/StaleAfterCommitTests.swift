import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Storage
import TestSupport
import Testing

/// No face forgets a stale answer by hand: the features' stores mark what a write made stale on its
/// connection, and the database has this instance forget it after the `COMMIT`. A write through
/// commandr_fs, the console or the import is seen by the next read on this instance, and on another
/// one once its announcement arrives (PostgreSQL), each having read — and kept — the old answer first.
@Suite struct StaleAfterCommitTests {
    /// The newest article's title as the apps read it (kept answers included).
    static func newestTitle(_ client: any TestClientProtocol) async throws -> String? {
        (try await client.news("articles", "fields=title&limit=1").data["articles"] as? [[String: Any]])?.first?["title"] as? String
    }

    @Test(arguments: TestDatabase.engines)
    func aWriteThroughEveryFaceIsSeenByTheNextRead(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let id = try await NewsFixtures.article("Harbour", database: site.database)
            /// `body` with another instance on the same database (PostgreSQL; none on SQLite, whose one
            /// instance is the server).
            func withAnotherInstance(_ body: @Sendable ((any TestClientProtocol)?) async throws -> Void) async throws {
                guard engine == .postgres else { return try await body(nil) }
                try await TestServer.run(sharing: site.database) { other, _ in try await body(other) }
            }
            try await withAnotherInstance { other in
                /// `title` is read at once here, and on the other instance once announced.
                func seen(_ title: String) async throws {
                    #expect(try await Self.newestTitle(client) == title, "this instance, at once")
                    guard let other else { return }
                    try await Waiting.until("the other instance reading \(title)") { try await Self.newestTitle(other) == title }
                }
                /// Both instances read the newest title and keep the answer.
                func warm() async throws {
                    _ = try await Self.newestTitle(client)
                    if let other { _ = try await Self.newestTitle(other) }
                }
                try await warm()
                #expect(try await Self.newestTitle(client) == "Harbour")

                let fs = CommandrClient(client: client, headers: try LoggedIn(try await client.login("chief")).iOSHeaders)
                let edited = try await fs.query("edit", "var/news/general/harbour.cms", data: #"{"label": "Harbour by commandr_fs"}"#)
                #expect(edited.success == true, "\(edited.raw)")
                try await seen("Harbour by commandr_fs")

                try await warm()
                let agent = ConsoleAgent(client)
                try await agent.signIn("chief")
                let editor = try await agent.get("/admin/articles/\(id)")
                let saved = try await agent.post(
                    "/admin/articles/\(id)",
                    [("title", "Harbour by the console"), ("category", "1"), ("version", editor.hidden("version") ?? ""), ("action", "save")])
                #expect(saved.status == .seeOther, "\(saved.body.prefix(300))")
                try await seen("Harbour by the console")

                // A member banned in the console: refused here at once.
                let victim = try await AccountFixtures.member("victim", services: site)
                let app = try LoggedIn(try await client.login("victim"))
                #expect(try await client.envelope(AccountFixtures.sessionURI, headers: app.iOSHeaders).success == true, "remembered")
                _ = try await agent.get("/admin/members/\(victim)")
                let banned = try await agent.post("/admin/members/\(victim)", [("action", "ban"), ("confirmed", "1"), ("reason", "spam")])
                #expect(banned.status == .seeOther)
                #expect(try await client.envelope(AccountFixtures.sessionURI, headers: app.iOSHeaders).success == false, "forgotten at once")
            }
        }
    }

    /// The import, another process writing into the database of a running server (PostgreSQL, whose
    /// announcements reach it): the server's next reads show what it brought.
    @Test(.enabled(if: TestDatabase.engines.contains(.postgres)))
    func anImportIntoARunningServersDatabaseIsSeen() async throws {
        let url = try await TestDatabase.freshURL(.postgres)
        #expect(try EndpointProcess.run(["migrate"], database: url.connectionString).status == 0)
        try await TestDatabase.withOpen(url) { database in
            try await TestServer.run(sharing: database) { client, _ in
                #expect(try await Self.newestTitle(client) == nil, "no news yet, and the answer kept")
                let imported = try EndpointProcess.run(["import", "composr", ComposrFixture.dump.path], database: url.connectionString)
                #expect(imported.status == 0, "\(imported.errors)")
                try await Waiting.until("the imported news read") { try await Self.newestTitle(client) != nil }
            }
        }
    }
}
