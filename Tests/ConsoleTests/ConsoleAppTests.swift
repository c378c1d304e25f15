import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Storage
import TestSupport
import Testing

/// The Floki app in the console: its tabs reordered (by buttons here; by dragging in
/// `ConsoleBrowserTests`), its definition checked by `var/floki/app`'s rules, and the version
/// indicator's `v` following every change, so the apps fetch the new app data.
@Suite struct ConsoleAppTests {
    static func beacon(_ client: any TestClientProtocol) async throws -> Int {
        try await client.execute(uri: "/floki/v1-app?d=2", method: .get) { response in
            (try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])?["v"] as? Int ?? 0
        }
    }

    static func tabIDs(_ client: any TestClientProtocol) async throws -> [Int] {
        try await client.execute(uri: "/floki/v1/appdata", method: .get) { response in
            let data = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
            return (data?["tabs"] as? [[String: Any]])?.compactMap { $0["unique_id"] as? Int } ?? []
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anAdministratorReordersTheTabsAndTheVersionChanges(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            try await ConsoleFixtures.editor("writer", services: site)
            try await NewsFixtures.article("Harbour news", database: site.database)
            let before = try await Self.beacon(client)
            let tabs = try await Self.tabIDs(client)
            #expect(tabs.count >= 2, "\(tabs)")

            let agent = ConsoleAgent(client)
            try await agent.signIn("chief")
            let page = try await agent.get("/admin/app")
            #expect(page.status == .ok && page.text(ofID: "app-version") == String(before))
            #expect(page.body.contains(#"<ul class="tab-bar" id="tab-bar"><li>News</li>"#), "\(page.body)")
            #expect(page.body.contains("<li>Harbour news</li>"), "the first screen")
            let moved = try await agent.post("/admin/app", [("action", "down"), ("tab", String(tabs[0]))])
            #expect(moved.status == .seeOther)
            let after = try await Self.tabIDs(client)
            #expect(after == [tabs[1], tabs[0]] + tabs.dropFirst(2))
            let changed = try await Self.beacon(client)
            #expect(changed != before, "the apps see a new version")

            _ = try await agent.get("/admin/app")
            let reordered = try await agent.post("/admin/app", [("action", "order"), ("order", tabs.map(String.init).joined(separator: ","))])
            #expect(reordered.status == .seeOther)
            #expect(try await Self.tabIDs(client) == tabs)

            _ = try await agent.get("/admin/app")
            let bad = try await agent.post("/admin/app", [("action", "definition"), ("definition", #"{"tabs": []}"#)])
            #expect(bad.status == .unprocessableContent && bad.text(ofID: "error") != nil, "\(bad.body)")
            #expect(bad.body.contains("{&quot;tabs&quot;: []}"), "what was written is kept in the form")
            let partial = try await agent.post("/admin/app", [("action", "order"), ("order", String(tabs[0]))])
            #expect(partial.status == .badRequest)
            #expect(try await Self.tabIDs(client) == tabs)
            #expect(try await agent.get("/admin").body.contains("changed the app"))

            let editor = ConsoleAgent(client)
            try await editor.signIn("writer")
            #expect(try await editor.get("/admin/app").status == .forbidden)
        }
    }

    /// The tabs reordered in the console are kept as an order over the app generated from the site:
    /// a category that gets news afterwards still gets its tab (at the end). A definition written
    /// whole no longer follows the site, and "back to the generated app" makes it follow again.
    @Test(arguments: TestDatabase.engines)
    func aReorderedAppStillGetsANewCategorysTab(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            try await NewsFixtures.article("Harbour news", database: site.database)
            let fs = CommandrClient(client: client, headers: try LoggedIn(try await client.login("chief")).iOSHeaders)
            /// A new category, with an article so the generated app shows it; its tab's unique ID.
            func newCategory(_ name: String) async throws -> Int {
                let folder = try await fs.rest(.post, "var/news/\(name)/_folder.cms", body: #"{"label": "\#(name)"}"#)
                #expect(folder.success == true, "\(folder.raw)")
                #expect(try await fs.query("add", "var/news/\(name.lowercased())/First.cms", data: #"{"summary": "One", "validated": 1}"#).success == true)
                let id = try await site.database.withConnection { connection in
                    try await connection.sql.raw("SELECT id FROM news_categories WHERE label = \(bind: name)").first()?.decode(column: "id", as: Int.self)
                }
                return try #require(id) + 2
            }
            let tabs = try await Self.tabIDs(client)
            let agent = ConsoleAgent(client)
            try await agent.signIn("chief")
            let generated = try await agent.get("/admin/app")
            #expect(generated.text(ofID: "app-origin")?.hasPrefix("The app is made from the site:") == true)
            #expect(generated.body.contains(#"id="back-to-generated""#) == false, "already the generated app")
            #expect(try await agent.post("/admin/app", [("action", "down"), ("tab", String(tabs[0]))]).status == .seeOther)
            let reordered = [tabs[1], tabs[0]] + tabs.dropFirst(2)
            #expect(try await Self.tabIDs(client) == reordered)

            let harbour = try await newCategory("Harbour")
            #expect(try await Self.tabIDs(client) == reordered + [harbour], "the new category's tab, after the order kept")
            let ordered = try await agent.get("/admin/app")
            #expect(ordered.text(ofID: "app-origin")?.hasPrefix("The app is made from the site in your tab order") == true)
            #expect(ordered.body.contains(#"<span class="tab-title">Harbour</span>"#), "\(ordered.body)")

            let definition = try #require(
                ordered.body.firstMatch(of: /<textarea id="definition" name="definition"[^>]*>([^<]*)<\/textarea>/).map { String($0.1) })
            let written = definition.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
            #expect(try await agent.post("/admin/app", [("action", "definition"), ("definition", written)]).status == .seeOther)
            let dock = try await newCategory("Dock")
            #expect(try await Self.tabIDs(client) == reordered + [harbour], "a definition written whole does not follow the site")
            let page = try await agent.get("/admin/app")
            #expect(page.text(ofID: "app-origin")?.hasPrefix("The app is written by hand") == true)

            #expect(try await agent.post("/admin/app", [("action", "generated")]).status == .seeOther)
            let back = try await Self.tabIDs(client)
            #expect(Set(back) == Set(tabs + [harbour, dock]) && back.first == tabs[0], "the generated app, in its own order: \(back)")
            #expect(try await agent.get("/admin/app").body.contains(#"id="back-to-generated""#) == false)
        }
    }
}
