import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import Hooks
import HummingbirdTesting
import SQLKit
import Storage
import TestSupport
import Testing

/// `account/lost_password`: no account enumeration, expiring single-use links, a password the member
/// chooses, and every device logged out afterwards.
@Suite struct LostPasswordTests {
    static let mailed = "A reset link has been e-mailed to the specified member's e-mail address."

    @Test func bothEmptyIsComposrsError() async throws {
        try await TestServer.run { client, _ in
            let answer = try await client.postForm(JoinFixtures.lostPasswordURI, [("email_address", "  ")])
            #expect(answer.errorDetails == "You must either enter a username or an e-mail address.")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func existingUnknownAndAddresslessAccountsGetTheSameAnswer(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, services in
            try await AccountFixtures.member("Known", services: services)
            let addressless = try await AccountFixtures.member("Addressless", services: services)
            try await AccountFixtures.update(addressless, "email = ''", services: services)

            var bodies: [String] = []
            for fields in [
                [("email_address", "known@example.com")], [("email_address", "nobody@example.com")],
                [("username", "Addressless")], [("username", "Guest")], [("username", "known")],
            ] {
                let answer = try await client.postForm(JoinFixtures.lostPasswordURI, fields)
                #expect(answer.status == .ok)
                #expect(answer.data["message"] as? String == Self.mailed)
                bodies.append(answer.raw)
            }
            #expect(Set(bodies).count == 1, "byte-identical answers")
            try await JoinFixtures.waitForResetRequests(services)
            let recipients = try await services.database.withConnection { connection in
                try await connection.raw("SELECT recipient FROM mail_outbox ORDER BY id").all().map { try $0.decode(column: "recipient", as: String.self) }
            }
            #expect(recipients == ["known@example.com", "known@example.com"])
        }
    }

    @Test func resetThroughTheAPIChangesThePasswordAndLogsEveryDeviceOut() async throws {
        try await TestSMTPServer.running { smtp in
            try await TestServer.run(smtp: smtp) { client, services in
                let memberID = try await AccountFixtures.member("forgetful", services: services)
                let device = try LoggedIn(try await client.login("forgetful"))

                #expect(
                    try await client.postForm(JoinFixtures.lostPasswordURI, [("email_address", "FORGETFUL@example.com")]).data["message"] as? String
                        == Self.mailed)
                let mail = try #require(try await smtp.waitForMessages(1).first)
                #expect(mail.header("Subject") == "Confirm password reset")
                #expect(mail.part("text/plain")?.contains("within 30 minutes") == true)
                let link = try MailFixtures.linkFields(try #require(mail.link))
                #expect(link.path.hasPrefix("/account/reset-password?keep_lang=EN&member=\(memberID)&code="))

                let editURI = JoinFixtures.lostPasswordURI + "&type=edit"
                func reset(_ password: String, _ confirm: String, code: String = link.code) async throws -> DecodedEnvelope {
                    try await client.postForm(editURI, [("member", link.member), ("code", code), ("password", password), ("password_confirm", confirm)])
                }
                #expect(try await reset("brand new secret", "brand new secrte").errorDetails == "The two passwords you gave do not match.")
                #expect(try await reset("letmein1", "letmein1").errorDetails?.contains("most commonly used") == true)
                #expect(try await reset("short", "short").errorDetails == "The password must be at least 8 characters")
                let done = try await reset("brand new secret", "brand new secret")
                #expect(
                    done.data["message"] as? String
                        == "Your password has been changed and every device that was logged in to your account has been logged out. You may now log in with the new password."
                )

                #expect(try await client.login("forgetful", "correct horse").success == false)
                #expect(try await client.login("forgetful", "brand new secret").success == true)
                let oldDevice = try await client.postForm(AccountFixtures.sessionURI, device.formFields)
                #expect(oldDevice.errorDetails == "You are not logged in.")
                #expect(
                    try await reset("another new secret", "another new secret").errorDetails
                        == "This link has already been used. Please ask for a new one if you still need it.")

                let notice = try await smtp.waitForMessages(2)[1]
                #expect(notice.header("Subject") == "Your password at Composr site was changed")
                #expect(notice.part("text/plain")?.contains("brand new secret") == false, "the password is never mailed")
                #expect(try await services.members.find(id: memberID)?.passwordHash.hasPrefix("$argon2id$") == true)
            }
        }
    }

    @Test func aResetConfirmsTheAddressOfAnUnconfirmedAccount() async throws {
        try await TestServer.run { client, services in
            let joined = try await client.join(JoinFixtures.iOSFields("unconfirmed"))
            let memberID = try #require(joined.data["member_id"] as? Int)
            let code = try await JoinFixtures.requestResetCode(for: "unconfirmed@example.com", client: client, services: services)
            let answer = try await client.postForm(
                JoinFixtures.lostPasswordURI + "&type=edit",
                [
                    ("member", String(memberID)), ("code", code), ("password", "chosen passphrase"), ("password_confirm", "chosen passphrase"),
                ])
            #expect(answer.success == true, "\(answer.raw)")
            #expect(try await services.members.find(id: memberID)?.emailConfirmed == true)
            #expect(try await client.login("unconfirmed", "chosen passphrase").success == true)
        }
    }

    @Test func expiredSupersededAndWrongCodesAreRefusedAndThrottled() async throws {
        try await TestServer.run(config: ["code_failures_per_ip_per_hour": "4"]) { client, services in
            let memberID = try await AccountFixtures.member("unlucky", services: services)
            let editURI = JoinFixtures.lostPasswordURI + "&type=edit"
            func reset(_ code: String) async throws -> DecodedEnvelope {
                try await client.postForm(
                    editURI, [("member", String(memberID)), ("code", code), ("password", "new passphrase"), ("password_confirm", "new passphrase")])
            }
            let older = try await JoinFixtures.requestResetCode(for: "unlucky", client: client, services: services)
            let newer = try await JoinFixtures.requestResetCode(for: "unlucky", client: client, services: services)
            #expect(
                try await reset(older).errorDetails?.hasPrefix("You have entered an incorrect reset code.") == true, "a newer request invalidates older links")
            try await services.database.withConnection { try await $0.raw("UPDATE account_codes SET expires_at = \(bind: UnixTime.now - 1)").run() }
            #expect(try await reset(newer).errorDetails == "This link has expired. Please ask for a new one.")
            #expect(try await reset("wrong").success == false)
            #expect(try await reset(String(repeating: "B", count: 32)).success == false)
            let blocked = try await reset(newer)
            #expect(blocked.errorDetails == "Too many incorrect codes were tried. Please wait 60 minutes before trying again.")
            #expect(try await client.login("unlucky").success == true, "the password is unchanged")
        }
    }

    @Test func requestsAreLimitedPerIPLoudlyAndPerAccountSilently() async throws {
        try await TestServer.run(config: ["password_reset_limit_per_account_per_hour": "2", "password_reset_limit_per_ip_per_hour": "4"]) { client, services in
            try await AccountFixtures.member("popular", services: services)
            for _ in 0..<4 {
                let answer = try await client.postForm(JoinFixtures.lostPasswordURI, [("username", "popular")])
                #expect(answer.data["message"] as? String == Self.mailed)
            }
            try await JoinFixtures.waitForResetRequests(services)
            let queued = try await services.database.withConnection {
                try await $0.raw("SELECT COUNT(*) AS n FROM mail_outbox").first()?.decode(column: "n", as: Int.self)
            }
            #expect(queued == 2, "at most two mails per account per hour, without saying so")
            let limited = try await client.postForm(JoinFixtures.lostPasswordURI, [("username", "popular")])
            #expect(limited.errorDetails == "Too many password resets were requested from your network recently. Please try again in 60 minutes.")
        }
    }
}
