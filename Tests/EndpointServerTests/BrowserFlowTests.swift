import Foundation
import HummingbirdTesting
import TestSupport
import Testing

/// The whole story in a real browser: a new user joins with the iOS SDK's request, gets the
/// confirmation mail over SMTP, confirms in Chromium, logs in, forgets the password, resets it in
/// Chromium from the mailed link and logs in with the new one.
@Suite struct BrowserFlowTests {
    @Test(.enabled(if: BrowserDriver.isEnabled))
    func joinConfirmForgetAndResetInABrowser() async throws {
        try await TestSMTPServer.running { smtp in
            try await TestServer.run(smtp: smtp, framework: .live) { client, _ in
                let port = try #require(client.port)
                /// The mailed link, pointed at this test's port.
                func local(_ link: String) throws -> String {
                    "http://localhost:\(port)" + (try MailFixtures.linkFields(link).path)
                }

                let joined = try await client.join(JoinFixtures.iOSFields("Voyager"))
                #expect(joined.success == true, "\(joined.raw)")
                let confirmation = try #require(try await smtp.waitForMessages(1)[0].link)
                let confirmed = try await BrowserDriver.submit(try local(confirmation))
                #expect(confirmed.notice == "Your e-mail address has been confirmed. You may now log in.")
                #expect(try await client.login("Voyager", "a sturdy passphrase").success == true)

                let asked = try await client.postMultipart(JoinFixtures.lostPasswordURI, [("email_address", "voyager@example.com")])
                #expect(asked.success == true)
                let reset = try #require(try await smtp.waitForMessages(2)[1].link)
                let mismatch = try await BrowserDriver.submit(
                    try local(reset), fields: [("password", "first choice pass"), ("password_confirm", "second choice pass")])
                #expect(mismatch.error == "The two passwords you gave do not match.")
                let changed = try await BrowserDriver.submit(
                    try local(reset), fields: [("password", "a new passphrase"), ("password_confirm", "a new passphrase")])
                #expect(changed.notice?.hasPrefix("Your password has been changed") == true, "\(changed)")

                #expect(try await client.login("Voyager", "a sturdy passphrase").success == false)
                #expect(try await client.login("Voyager", "a new passphrase").success == true)
                let notice = try await smtp.waitForMessages(3)[2]
                #expect(notice.header("Subject") == "Your password at Composr site was changed")
            }
        }
    }
}

/// The account pages in the reader's language, in a real browser: the link's `keep_lang` (the
/// member's language) wins over the browser's; without it the browser's `Accept-Language` decides.
@Suite struct BrowserLanguageTests {
    @Test(.enabled(if: BrowserDriver.isEnabled))
    func pagesSpeakTheLinksLanguageElseTheBrowsers() async throws {
        try await TestSMTPServer.running { smtp in
            try await TestServer.run(smtp: smtp, framework: .live) { client, _ in
                let port = try #require(client.port)
                let joined = try await client.join(JoinFixtures.iOSFields("Lucie", overrides: [("language", "fr")]))
                #expect(joined.success == true, "\(joined.raw)")
                let mailed = try MailFixtures.linkFields(try #require(try await smtp.waitForMessages(1)[0].link))
                #expect(mailed.path.contains("keep_lang=FR"))
                let withoutLanguage = "http://localhost:\(port)/account/confirm-email?member=\(mailed.member)&code=\(mailed.code)"
                let confirmed = try await BrowserDriver.submit(withoutLanguage, languages: "de-DE,de")
                #expect(confirmed.formLanguage == "de" && confirmed.formTitle == "Bestätigen Sie Ihre E-Mail-Adresse")
                #expect(confirmed.language == "de", "the form posts back in the language it was shown in")
                #expect(confirmed.notice == "Ihre E-Mail-Adresse wurde bestätigt. Sie können sich jetzt anmelden.")

                #expect(try await client.postForm(JoinFixtures.lostPasswordURI, [("username", "Lucie")], headers: [.acceptLanguage: "de"]).success == true)
                let reset = "http://localhost:\(port)" + (try MailFixtures.linkFields(try #require(try await smtp.waitForMessages(2)[1].link)).path)
                let mismatch = try await BrowserDriver.submit(
                    reset, fields: [("password", "premier choix"), ("password_confirm", "second choix")], languages: "de-DE,de"
                )
                #expect(mismatch.formLanguage == "fr" && mismatch.formTitle == "Choisissez un nouveau mot de passe")
                #expect(mismatch.language == "fr")
                #expect(mismatch.error == "Les deux mots de passe saisis ne sont pas identiques.")
            }
        }
    }
}
