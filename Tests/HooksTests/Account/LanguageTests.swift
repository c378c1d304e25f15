import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import SQLKit
import Storage
import TestSupport
import Testing

/// Every answer in the caller's language, chosen by Composr's precedence (`keep_lang`, the member's
/// stored language, `Accept-Language`, the site's), said in `Content-Language`; members' mails in
/// their own language whatever language caused them.
@Suite struct LanguageTests {
    static let unknownHook = "/data/endpoint.php?hook_type=account&hook=nope"
    static let nbsp = "\u{A0}"

    @Test func theHeaderQualitiesAndRegionsChooseForAGuest() async throws {
        try await TestServer.run { client, _ in
            let plain = try await client.envelope(Self.unknownHook)
            #expect(plain.headers[.contentLanguage] == "en")
            #expect(plain.headers[.vary] == "Accept-Language")
            #expect(plain.errorDetails == "There is no API hook \u{2018}account/nope\u{2019} on this server.")

            let french = try await client.envelope(Self.unknownHook, headers: [.acceptLanguage: "es;q=1, fr-CA;q=0.9, de;q=0.5"])
            #expect(french.headers[.contentLanguage] == "fr")
            #expect(french.errorDetails == "Ce serveur n’a pas de point d’API «\(Self.nbsp)account/nope\(Self.nbsp)».")

            let junk = try await client.envelope(Self.unknownHook, headers: [.acceptLanguage: "de;q=zz, *, ;;;, x-klingon"])
            #expect(junk.headers[.contentLanguage] == "en", "what does not parse falls through, never an error")
            #expect(junk.status == .ok)
        }
    }

    @Test func keepLangWinsInTheQueryOrTheFormAndUnknownValuesFallThrough() async throws {
        try await TestServer.run { client, _ in
            let header: HTTPFields = [.acceptLanguage: "fr"]
            let query = try await client.envelope(Self.unknownHook + "&keep_lang=de", headers: header)
            #expect(query.headers[.contentLanguage] == "de")
            #expect(query.errorDetails == "Auf diesem Server gibt es keinen API-Endpunkt „account/nope“.")
            #expect(try await client.envelope(Self.unknownHook + "&lang=DE", headers: header).headers[.contentLanguage] == "de")
            #expect(try await client.envelope(Self.unknownHook + "&keep_lang=xx", headers: header).headers[.contentLanguage] == "fr")

            let form = try await client.login("nobody", "whatever", headers: header)
            #expect(form.errorDetails == "Identifiant ou mot de passe incorrect, veuillez réessayer.")
            let german = try await client.postForm(AccountFixtures.loginURI, [("username", "nobody"), ("password", "x"), ("keep_lang", "de")], headers: header)
            #expect(german.errorDetails == "Benutzername oder Passwort ist falsch, bitte versuchen Sie es erneut.")
            #expect(german.headers[.contentLanguage] == "de")

            let tooLarge = try await client.envelope(
                AccountFixtures.loginURI + "&keep_lang=fr", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded"], body: String(repeating: "a", count: 3_000_000)
            )
            #expect(tooLarge.status == .contentTooLarge)
            #expect(tooLarge.headers[.contentLanguage] == "fr", "refused before the body is read: worded by the query")
            #expect(tooLarge.errorDetails?.hasPrefix("La requête est trop volumineuse") == true)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aMembersStoredLanguageBeatsTheHeaderAndKeepLangBeatsTheMember(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, services in
            let memberID = try await AccountFixtures.member("amelie", services: services)
            try await AccountFixtures.update(memberID, "language = 'FR'", services: services)
            let login = try await client.login("amelie", headers: [.acceptLanguage: "de"])
            #expect(login.data["language"] as? String == "FR", "the profile says the stored language")
            #expect(login.headers[.contentLanguage] == "de", "logging in is asked as Guest")
            let device = try LoggedIn(login)

            let bogus = AccountFixtures.sessionURI + "&type=bogus"
            let asMember = try await client.postForm(bogus, device.formFields, headers: [.acceptLanguage: "de"])
            #expect(asMember.headers[.contentLanguage] == "fr")
            #expect(asMember.errorDetails == "Ce point d’API ne permet pas l’action «\(Self.nbsp)bogus\(Self.nbsp)».")
            let kept = try await client.postForm(bogus + "&keep_lang=de", device.formFields, headers: [.acceptLanguage: "fr"])
            #expect(kept.errorDetails == "Dieser API-Endpunkt unterstützt die Aktion „bogus“ nicht.")

            let loggedOut = try await client.postForm(AccountFixtures.sessionURI + "&type=delete", device.formFields)
            #expect(loggedOut.data["message"] as? String == "Vous avez été déconnecté sur cet appareil.")
            #expect(try await client.postForm(bogus, device.formFields).headers[.contentLanguage] == "en", "Guest again")
        }
    }

    @Test func theSiteDefaultIsAnEtcOptionCheckedAndAppliedToTheNextRequest() async throws {
        try await CommandrFSTests.asAdmin { fs, client, _ in
            let refused = try await fs.rest(.put, "etc/default_language", body: "klingon")
            #expect(refused.success == false)
            #expect(refused.errorDetails == "default_language must be one of the languages of this server: EN, DE, FR.")
            #expect(try await fs.rest(.put, "etc/default_language", body: "de").success == true)
            #expect(try await fs.read("etc/default_language")["data"] as? String == "DE")
            let guest = try await client.envelope(Self.unknownHook)
            #expect(guest.headers[.contentLanguage] == "de")
            #expect(try await client.envelope(Self.unknownHook, headers: [.acceptLanguage: "fr"]).headers[.contentLanguage] == "fr")
        }
    }

    @Test func joinStoresASupportedLanguageOrTheSiteDefault() async throws {
        try await TestServer.run(config: ["email_confirm_join": "0", "default_language": "DE"]) { client, services in
            for (username, language, stored) in [("franca", "fr", "FR"), ("englia", "EN", "EN"), ("nowhere", "tlh", "DE"), ("quiet", nil, "DE")] {
                let fields = JoinFixtures.iOSFields(username, overrides: language.map { [("language", $0)] } ?? [])
                let joined = try await client.join(fields, headers: [.acceptLanguage: "en"])
                #expect(joined.success == true, "\(joined.raw)")
                #expect(joined.headers[.contentLanguage] == "en")
                let member = try #require(try await services.members.find(login: username))
                #expect(member.language == stored, "\(username)")
            }
        }
    }

    @Test func commandrReadsAndEditsAMembersLanguage() async throws {
        try await CommandrFSTests.asAdmin { fs, _, services in
            let memberID = try await AccountFixtures.member("editable", services: services)
            let path = "var/groups/members/editable.cms"
            #expect(try await fs.read(path)["language"] as? String == "EN")
            #expect(try await fs.rest(.put, path, body: #"{"language": "fr-FR"}"#).success == true)
            #expect(try await services.members.find(id: memberID)?.language == "FR")
            let refused = try await fs.rest(.put, path, body: #"{"language": "klingon"}"#)
            #expect(refused.errorDetails == "language must be one of the languages of this server: EN, DE, FR.")
            #expect(try await fs.read(path)["language"] as? String == "FR")
        }
    }

    /// A member who joined in French is written to in French, even when the reset is asked for in
    /// German; the answer to the request itself is in German.
    @Test(arguments: TestDatabase.engines)
    func aFrenchMembersMailsAreFrenchWhateverTheRequestsLanguage(engine: DatabaseEngine) async throws {
        try await TestSMTPServer.running { smtp in
            try await TestServer.run(engine: engine, smtp: smtp) { client, _ in
                let joined = try await client.join(JoinFixtures.iOSFields("Camille", overrides: [("language", "FR")]), headers: [.acceptLanguage: "en"])
                #expect(
                    joined.data["message"] as? String
                        == "An e-mail has been sent to the e-mail address you joined with. This e-mail will contain a link that you may click to activate your account. Once activated, you may login."
                )
                let confirmation = try #require(try await smtp.waitForMessages(1).first)
                #expect(confirmation.subject == "Activez votre nouveau compte sur Composr site")
                #expect(confirmation.part("text/plain")?.contains("dans un délai de 24 heures") == true)
                #expect(confirmation.link?.contains("keep_lang=FR&") == true)

                let asked = try await client.postForm(
                    JoinFixtures.lostPasswordURI, [("email_address", "camille@example.com")], headers: [.acceptLanguage: "de"])
                #expect(asked.data["message"] as? String == "Ein Link zum Zurücksetzen wurde an die E-Mail-Adresse des angegebenen Mitglieds gesendet.")
                let reset = try #require(try await smtp.waitForMessages(2).last)
                #expect(reset.subject == "Confirmer la réinitialisation du mot de passe")
                #expect(reset.part("text/plain")?.contains("Bonjour Camille") == true)
                let link = try MailFixtures.linkFields(try #require(reset.link))
                #expect(link.path.contains("keep_lang=FR"))

                let done = try await client.postForm(
                    JoinFixtures.lostPasswordURI + "&type=edit",
                    [("member", link.member), ("code", link.code), ("password", "un nouveau secret"), ("password_confirm", "un nouveau secret")],
                    headers: [.acceptLanguage: "de"]
                )
                #expect(
                    done.data["message"] as? String
                        == "Ihr Passwort wurde geändert, und alle Geräte, die bei Ihrem Konto angemeldet waren, wurden abgemeldet. Sie können sich jetzt mit dem neuen Passwort anmelden."
                )
                let notice = try #require(try await smtp.waitForMessages(3).last)
                #expect(notice.subject == "Votre mot de passe sur Composr site a été modifié")
                let text = try #require(notice.part("text/plain"))
                let year = Calendar(identifier: .gregorian).component(.year, from: Date())
                #expect(text.contains("\(year) à") && text.contains("(UTC)"), "a French date: \(text)")
            }
        }
    }

    @Test func contactCopiesGoToTheSenderInTheirLanguageAndTheStaffInTheSites() async throws {
        try await TestSMTPServer.running { smtp in
            try await TestServer.run(config: ["default_language": "DE"], smtp: smtp) { client, services in
                try await AccountFixtures.member("boss", role: .administrators, services: services)
                let memberID = try await AccountFixtures.member("writer", services: services)
                try await AccountFixtures.update(memberID, "language = 'FR'", services: services)
                let device = try LoggedIn(try await client.login("writer"))
                let sent = try await client.postForm(
                    "/data/endpoint.php?hook_type=misc&hook=contact_us",
                    device.formFields + [("title", "Bonjour"), ("post", "Un message.")], headers: [.acceptLanguage: "en"]
                )
                #expect(sent.data["message"] as? String == "Votre message a été envoyé (Bonjour)")
                let mails = try await smtp.waitForMessages(2)
                let subjects = Set(mails.map { $0.subject ?? "" })
                #expect(subjects == ["Neue Kontaktnachricht: Bonjour", "Votre message a été envoyé (Bonjour)"])
            }
        }
    }
}
