import EndpointServer
import Foundation
import HTTPTypes
import Hooks
import HummingbirdTesting
import Storage
import TestSupport
import Testing

/// The settings page is the declarations: a field for every declared option, checked by `/etc`'s
/// rule, saved all or nothing, applied at once.
@Suite struct ConsoleSettingsTests {
    @Test func everyDeclaredOptionIsAFieldCheckedByItsRule() async throws {
        try await TestServer.run { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            try await ConsoleFixtures.editor("writer", services: site)
            let agent = ConsoleAgent(client)
            try await agent.signIn("chief")
            let page = try await agent.get("/admin/settings")
            #expect(page.body.components(separatedBy: #"<div class="setting""#).count - 1 == ConfigOption.declared.count)
            #expect(page.body.contains(#"<input type="number" id="option_minimum_password_length" name="option_minimum_password_length" value="8" min="1""#))
            #expect(page.body.contains(#"<select id="option_default_language""#))

            let refused = try await agent.post(
                "/admin/settings", [("option_site_name", "Harbour News"), ("option_minimum_password_length", "0"), ("option_default_language", "FR")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text(ofID: "option_minimum_password_length-problem")?.isEmpty == false, "\(refused.body)")
            #expect(try await site.config.options().text(.siteName) == "Composr site", "nothing is saved while one value is wrong")

            _ = try await agent.get("/admin/settings")
            let saved = try await agent.post(
                "/admin/settings", [("option_site_name", "Harbour News"), ("option_minimum_password_length", "10"), ("option_default_language", "fr")])
            #expect(saved.status == .seeOther)
            #expect(try await site.config.options().text(.siteName) == "Harbour News", "at once")
            #expect(try await site.config.options().integer(.minimumPasswordLength) == 10)
            #expect(try await site.config.options().text(.defaultLanguage) == "FR", "stored as the language's code")
            let dashboard = try await agent.get("/admin")
            #expect(dashboard.body.contains(#"<html lang="fr">"#), "pages now speak the site's new language")
            #expect(dashboard.body.contains("a modifié le réglage site_name") && dashboard.body.contains("· Harbour News"))
            #expect(try await agent.get("/admin", headers: [.acceptLanguage: "de"]).body.contains("hat die Einstellung site_name geändert"))

            let editor = ConsoleAgent(client)
            try await editor.signIn("writer")
            #expect(try await editor.get("/admin/settings").status == .forbidden)
            _ = try await editor.get("/admin")
            #expect(try await editor.post("/admin/settings", [("option_site_name", "Mine")]).status == .forbidden)
            #expect(try await site.config.options().text(.siteName) == "Harbour News")
        }
    }
}
