import TestSupport
import Foundation
import HummingbirdTesting
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
                    "http://127.0.0.1:\(port)" + (try MailFixtures.linkFields(link).path)
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
                let mismatch = try await BrowserDriver.submit(try local(reset), fields: [("password", "first choice pass"), ("password_confirm", "second choice pass")])
                #expect(mismatch.error == "The two passwords you gave do not match.")
                let changed = try await BrowserDriver.submit(try local(reset), fields: [("password", "a new passphrase"), ("password_confirm", "a new passphrase")])
                #expect(changed.notice?.hasPrefix("Your password has been changed") == true, "\(changed)")

                #expect(try await client.login("Voyager", "a sturdy passphrase").success == false)
                #expect(try await client.login("Voyager", "a new passphrase").success == true)
                let notice = try await smtp.waitForMessages(3)[2]
                #expect(notice.header("Subject") == "Your password at Composr site was changed")
            }
        }
    }
}
