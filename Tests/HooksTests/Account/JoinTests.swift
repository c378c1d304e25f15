import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import Hooks
import HummingbirdTesting
import Messages
import SQLKit
import Storage
import TestSupport
import Testing

/// `account/join`: validation in Composr's order with its messages, confirmation by e-mail, and the
/// safeguards the original lacks.
@Suite struct JoinTests {
    static let waitingForMail =
        "An e-mail has been sent to the e-mail address you joined with. This e-mail will contain a link that you may click to activate your account. Once activated, you may login."

    @Test func iOSJoinMailsAConfirmationLinkThatTheAPIConfirmsOnce() async throws {
        try await TestSMTPServer.running { smtp in
            try await TestServer.run(smtp: smtp) { client, services in
                let joined = try await client.join(JoinFixtures.iOSFields("Newcomer"))
                #expect(joined.success == true, "\(joined.raw)")
                #expect(joined.data["message"] as? String == Self.waitingForMail)
                let memberID = try #require(joined.data["member_id"] as? Int)
                let member = try #require(try await services.members.find(id: memberID))
                #expect(member.emailConfirmed == false)
                #expect(member.dateOfBirth == "1990-03-07")
                #expect(member.timezone == "Europe/London")
                #expect(member.passwordHash.hasPrefix("$argon2id$"))
                #expect(try await client.login("Newcomer", "a sturdy passphrase").errorDetails == "This member account has not yet been validated by e-mail.")

                let mail = try #require(try await smtp.waitForMessages(1).first)
                #expect(mail.recipient == "newcomer@example.com")
                #expect(mail.header("Subject") == "Activate your new account at Composr site")
                let link = try #require(mail.link)
                #expect(link.hasPrefix("http://127.0.0.1:8080/account/confirm-email?keep_lang=EN&member=\(memberID)&code="))
                #expect(mail.part("text/html")?.contains("href=\"\(link.replacingOccurrences(of: "&", with: "&amp;"))\"") == true)
                let fields = try MailFixtures.linkFields(link)
                #expect(fields.code.count == 32, "192 random bits")
                let stored = try await services.database.withConnection { try await $0.raw("SELECT code_hash FROM account_codes").all() }
                #expect(try stored.map { try $0.decode(column: "code_hash", as: String.self) }.allSatisfy { $0 != fields.code && $0.count == 64 })

                let confirmURI = JoinFixtures.joinURI + "&type=confirm"
                let confirmed = try await client.postForm(confirmURI, [("member", fields.member), ("code", fields.code)])
                #expect(confirmed.data["message"] as? String == "Your e-mail address has been confirmed. You may now log in.")
                #expect(try await client.login("newcomer", "a sturdy passphrase").success == true)
                let again = try await client.postForm(confirmURI, [("member", fields.member), ("code", fields.code)])
                #expect(again.data["message"] as? String == "This e-mail address has already been confirmed. You may log in.")
            }
        }
    }

    @Test func androidJoinWithoutTimezoneGetsTheDefault() async throws {
        try await TestServer.run { client, services in
            let answer = try await client.postForm(JoinFixtures.joinURI, JoinFixtures.iOSFields("droid", overrides: [("timezone", "Mars/Olympus_Mons")]))
            let id = try #require(answer.data["member_id"] as? Int, "\(answer.raw)")
            #expect(try await services.members.find(id: id)?.timezone == "UTC")
        }
    }

    /// Every validation rule, in Composr's order, with its message.
    @Test(
        arguments: [
            (JoinFixtures.iOSFields(omitting: ["password_confirm"]), "Please check back over the form - you did not fill in all fields on the form correctly"),
            (JoinFixtures.iOSFields(overrides: [("password_confirm", "another passphrase")]), "The two passwords you gave do not match."),
            (JoinFixtures.iOSFields(overrides: [("email_address_confirm", "other@example.com")]), "The two e-mail addresses you gave do not match."),
            (JoinFixtures.iOSFields(email: "not-an-address"), "You inputted an invalid e-mail address"),
            (JoinFixtures.iOSFields(email: "a b@example.com"), "You inputted an invalid e-mail address"),
            (JoinFixtures.iOSFields(overrides: [("dob_month", "02"), ("dob_day", "30")]), "You have entered an invalid date"),
            (JoinFixtures.iOSFields(overrides: [("dob_year", "2999")]), "You have entered an invalid date"),
            (JoinFixtures.iOSFields(omitting: ["dob_day", "dob_month", "dob_year"]), "A critical parameter, dob, was missing."),
            (JoinFixtures.iOSFields(omitting: ["dob_day", "dob_month", "dob_year"], ) + [("dob", "1990-13-01")], "You have entered an invalid date"),
            (JoinFixtures.iOSFields("me@home.net", email: "me@example.com"), "The username chosen contains restricted symbols"),
            (JoinFixtures.iOSFields("averyveryverylongusername"), "The username must be at most 20 characters"),
            (JoinFixtures.iOSFields("ab"), "The username must be at least 3 characters"),
            // Four characters as Swift counts them (a letter with 30,000 combining accents is one), 60 KB
            // of UTF-8: limits count Unicode scalars (security review 2, finding 10).
            (
                JoinFixtures.iOSFields("abcd" + String(repeating: "\u{301}", count: 30_000), email: "long@example.com"),
                "The username must be at most 20 characters"
            ),
            (JoinFixtures.iOSFields(password: ""), "The password must be at least 8 characters"),
            (JoinFixtures.iOSFields(password: "short"), "The password must be at least 8 characters"),
            (JoinFixtures.iOSFields(password: String(repeating: "x", count: 256)), "The password must be at most 255 characters"),
            (JoinFixtures.iOSFields(password: "passphrase" + String(repeating: "\u{301}", count: 30_000)), "The password must be at most 255 characters"),
            (
                JoinFixtures.iOSFields(password: "password1"),
                "This password is one of the most commonly used ones, so it would be guessed quickly. Please choose another."
            ),
            (
                JoinFixtures.iOSFields(password: "Qwertyuiop"),
                "This password is one of the most commonly used ones, so it would be guessed quickly. Please choose another."
            ),
            (JoinFixtures.iOSFields("TheGuestUser"), "The username chosen contains a disallowed phrase"),
            (JoinFixtures.iOSFields("siteadministrator"), "The username chosen contains a disallowed phrase"),
            (JoinFixtures.iOSFields("12345"), "Numeric usernames are not permitted"),
        ] as [([(String, String)], String)])
    func refusesWithComposrsMessage(fields: [(String, String)], message: String) async throws {
        try await TestServer.run { client, services in
            let answer = try await client.join(fields)
            #expect(answer.success == false)
            #expect(answer.errorDetails == message, "\(answer.raw)")
            #expect(answer.status == .ok || answer.status == .badRequest)
            let count = try await services.database.withConnection {
                try await $0.raw("SELECT COUNT(*) AS n FROM members").first()?.decode(column: "n", as: Int.self)
            }
            #expect(count == 1, "nothing but Guest was created")
        }
    }

    @Test func whitespaceInPasswordsIsAllowedAndDobStringWins() async throws {
        try await TestServer.run { client, services in
            let answer = try await client.join(JoinFixtures.iOSFields(password: "  spaces are fine here ", overrides: [("dob", "1985-12-24")]))
            let id = try #require(answer.data["member_id"] as? Int, "\(answer.raw)")
            #expect(try await services.members.find(id: id)?.dateOfBirth == "1985-12-24")
        }
    }

    @Test func whitespaceCanBeProhibitedByConfig() async throws {
        try await TestServer.run(config: ["prohibit_password_whitespace": "1", "prohibit_username_whitespace": "1"]) { client, _ in
            let message = "You must not use whitespace (e.g. spaces or tabs) in your username or password"
            let spacedPassword = try await client.join(JoinFixtures.iOSFields("spaceless", password: "two words here"))
            #expect(spacedPassword.errorDetails == message)
            let spacedName = try await client.join(JoinFixtures.iOSFields("two words", email: "two@example.com", password: "oneword-passphrase"))
            #expect(spacedName.errorDetails == message)
        }
    }

    @Test func takenUsernamesAndAddressesAreRefusedCaseInsensitively() async throws {
        try await TestServer.run { client, services in
            try await AccountFixtures.member("Taken", services: services)
            #expect(try await client.join(JoinFixtures.iOSFields("TAKEN", email: "fresh@example.com")).errorDetails == "The username specified already exists")
            let emailTaken = try await client.join(JoinFixtures.iOSFields("fresh", email: "TAKEN@example.com"))
            #expect(
                emailTaken.errorDetails
                    == "The given e-mail address is already used by another account, and our rules state that no person should have more than one account on Composr site. If you have forgotten your password you can have your password reset."
            )
        }
    }

    @Test func allowedDomainsAreEnforced() async throws {
        try await TestServer.run(config: ["valid_email_domains": "example.org, corp.example.com"]) { client, _ in
            let outsider = try await client.join(JoinFixtures.iOSFields("outsider", email: "o@example.com"))
            #expect(outsider.errorDetails == "The given e-mail address is not on a domain name that we accept.")
            let insider = try await client.join(JoinFixtures.iOSFields("insider", email: "i@example.org"))
            #expect(insider.success == true)
            let subdomain = try await client.join(JoinFixtures.iOSFields("subsider", email: "s@mail.corp.example.com"))
            #expect(subdomain.success == true)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func simultaneousJoinsCreateOneMember(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine, config: ["join_limit_per_ip_per_hour": "100"], hashThreads: 2) { client, services in
            let sameName = try await withThrowingTaskGroup(of: DecodedEnvelope.self) { group in
                for number in 0..<6 {
                    group.addTask { try await client.join(JoinFixtures.iOSFields("racer", email: "racer\(number)@example.com")) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(sameName.filter { $0.success == true }.count == 1)
            #expect(sameName.filter { $0.success == false }.allSatisfy { $0.errorDetails == "The username specified already exists" })

            let sameEmail = try await withThrowingTaskGroup(of: DecodedEnvelope.self) { group in
                for number in 0..<6 {
                    group.addTask { try await client.join(JoinFixtures.iOSFields("racer\(number)", email: "shared@example.com")) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(sameEmail.filter { $0.success == true }.count == 1)
            #expect(sameEmail.filter { $0.success == false }.allSatisfy { $0.errorDetails?.hasPrefix("The given e-mail address is already used") == true })
            let count = try await services.database.withConnection {
                try await $0.raw("SELECT COUNT(*) AS n FROM members").first()?.decode(column: "n", as: Int.self)
            }
            #expect(count == 3, "Guest and one winner of each race")
            let mails = try await services.database.withConnection {
                try await $0.raw("SELECT COUNT(*) AS n FROM mail_outbox").first()?.decode(column: "n", as: Int.self)
            }
            #expect(mails == 2, "only the winners' confirmation mails were queued")
        }
    }

    @Test func joiningAgainBeforeConfirmingResendsAFreshCodeAndTheOldOneStopsWorking() async throws {
        try await TestSMTPServer.running { smtp in
            try await TestServer.run(smtp: smtp) { client, services in
                #expect(try await client.join(JoinFixtures.iOSFields("again")).success == true)
                let first = try MailFixtures.linkFields(try #require(try await smtp.waitForMessages(1)[0].link))
                let otherPassword = try await client.join(JoinFixtures.iOSFields("Again", password: "a different passphrase"))
                #expect(otherPassword.errorDetails == "The username specified already exists", "only the password it joined with re-sends")
                let repeated = try await client.join(JoinFixtures.iOSFields("Again"))
                #expect(repeated.data["message"] as? String == Self.waitingForMail)
                #expect(repeated.data["member_id"] as? Int == Int(first.member))
                let second = try MailFixtures.linkFields(try #require(try await smtp.waitForMessages(2)[1].link))
                #expect(second.code != first.code)

                let confirmURI = JoinFixtures.joinURI + "&type=confirm"
                let stale = try await client.postForm(confirmURI, [("member", first.member), ("code", first.code)])
                #expect(
                    stale.errorDetails == "The confirmation code is not correct. Make sure you opened the whole link from the most recent e-mail we sent you.")
                #expect(try await client.postForm(confirmURI, [("member", second.member), ("code", second.code)]).success == true)
                #expect(try await client.login("again", "a sturdy passphrase").success == true, "re-joining did not change the password")
                #expect(try await client.login("again", "a different passphrase").success == false)
                #expect(try await client.join(JoinFixtures.iOSFields("again")).errorDetails == "The username specified already exists")
            }
        }
    }

    @Test func expiredAndWrongConfirmationCodesAreRefusedAndThrottled() async throws {
        try await TestServer.run(config: ["code_failures_per_ip_per_hour": "3"]) { client, services in
            let joined = try await client.join(JoinFixtures.iOSFields("expiring"))
            let memberID = try #require(joined.data["member_id"] as? Int)
            let code = try await JoinFixtures.freshConfirmationCode(memberID: memberID, services: services)
            try await services.database.withConnection { try await $0.raw("UPDATE account_codes SET expires_at = \(bind: UnixTime.now - 1)").run() }
            let confirmURI = JoinFixtures.joinURI + "&type=confirm"
            #expect(
                try await client.postForm(confirmURI, [("member", String(memberID)), ("code", code)]).errorDetails
                    == "This link has expired. Please ask for a new one.")
            #expect(try await client.postForm(confirmURI, [("member", String(memberID)), ("code", "x")]).success == false)
            #expect(try await client.postForm(confirmURI, [("member", String(memberID)), ("code", String(repeating: "A", count: 32))]).success == false)
            let blocked = try await client.postForm(confirmURI, [("member", String(memberID)), ("code", code)])
            #expect(blocked.errorDetails == "Too many incorrect codes were tried. Please wait 60 minutes before trying again.")
            #expect(blocked.headers[.retryAfter] != nil)
        }
    }

    @Test func withoutConfirmationTheNewMemberIsLoggedIn() async throws {
        try await TestServer.run(config: ["email_confirm_join": "0"]) { client, _ in
            let answer = try await client.join(JoinFixtures.iOSFields("instant"))
            #expect(answer.data["message"] as? String == "You have now joined, and have been automatically logged in.")
            let session = try await client.postForm(AccountFixtures.sessionURI, try LoggedIn(answer).formFields)
            #expect(session.data["username"] as? String == "instant")
        }
    }

    @Test func staffValidationIsAnnounced() async throws {
        try await TestServer.run(config: ["require_new_member_validation": "1"]) { client, services in
            let answer = try await client.join(JoinFixtures.iOSFields("pending"))
            #expect(
                answer.data["message"] as? String
                    == "An e-mail has been sent to the e-mail address you joined with. This e-mail will contain a link that you may click to activate your account. You will need to wait for a member of staff to validate your account before you may login."
            )
            let memberID = try #require(answer.data["member_id"] as? Int)
            let code = try await JoinFixtures.freshConfirmationCode(memberID: memberID, services: services)
            let confirmed = try await client.postForm(JoinFixtures.joinURI + "&type=confirm", [("member", String(memberID)), ("code", code)])
            #expect(
                confirmed.data["message"] as? String
                    == "Your e-mail address has been confirmed. A member of staff still needs to validate your account before you may log in.")
            #expect(try await client.login("pending", "a sturdy passphrase").errorDetails == "This member account has not yet been validated by the staff.")
        }
    }

    @Test func joinsAreLimitedPerIP() async throws {
        try await TestServer.run(config: ["join_limit_per_ip_per_hour": "2"]) { client, _ in
            let first = try await client.join(JoinFixtures.iOSFields("first"))
            let second = try await client.join(JoinFixtures.iOSFields("second"))
            #expect(first.success == true && second.success == true)
            let third = try await client.join(JoinFixtures.iOSFields("third"))
            #expect(third.errorDetails == "Too many accounts were created from your network recently. Please try again in 60 minutes.")
            #expect(third.headers[.retryAfter].flatMap { Int($0) }.map { $0 > 3500 } == true)
        }
    }
}
