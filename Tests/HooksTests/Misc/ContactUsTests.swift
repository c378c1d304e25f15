import Contact
import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import Hooks
import HummingbirdTesting
import Mail
import SQLKit
import Storage
import TestSupport
import Testing

/// `misc/contact_us` and `account/contact_us`: stored for the staff, mailed to the staff, never a
/// mail relay for what a guest types.
@Suite struct ContactUsTests {
    static let iOSURI = "/data/endpoint.php?hook_type=misc&hook=contact_us"
    static let androidURI = "/data/endpoint.php?hook_type=account&hook=contact_us"

    /// Staff notifications go to one configured address instead of every administrator.
    static var withStaffAddress: ServerSettings {
        var settings = ServerSettings()
        settings.staffEmail = "staff@example.com"
        return settings
    }

    @Test(arguments: TestDatabase.engines)
    func aGuestMessageReachesEveryAdministratorButNeverTheTypedAddress(engine: DatabaseEngine) async throws {
        try await TestSMTPServer.running { smtp in
            try await TestServer.run(engine: engine, smtp: smtp) { client, services in
                try await AccountFixtures.member("boss", role: .administrators, services: services)
                try await AccountFixtures.member("deputy", role: .administrators, services: services)
                let answer = try await client.postMultipart(
                    Self.iOSURI,
                    [
                        ("title", "Broken link"), ("email", "victim@example.org"), ("post", "The link on the <b>home</b> page\nis broken."),
                    ])
                #expect(answer.success == true, "\(answer.raw)")
                #expect(answer.data["message"] as? String == "Your message was sent (Broken link)")

                let stored = try await services.database.withConnection { try await StaffMessageStore.all(on: $0) }
                #expect(stored.count == 1)
                #expect(stored.first?.memberID == nil)
                #expect(stored.first?.email == "victim@example.org")
                #expect(stored.first?.category == "General")
                #expect(stored.first?.post == "The link on the <b>home</b> page\nis broken.")

                let mails = try await smtp.waitForMessages(2)
                try await Waiting.until("the outbox delivered") {
                    try await services.database.withConnection { try await MailOutbox.backlog(now: UnixTime.now, on: $0) }.pending == 0
                }
                #expect(smtp.received.count == 2, "one per administrator, nothing to the typed address")
                #expect(Set(mails.map(\.recipient)) == ["boss@example.com", "deputy@example.com"])
                let notice = try #require(mails.first)
                #expect(notice.header("Subject") == "New 'Contact-Us' message: Broken link")
                #expect(notice.header("Reply-To") == "<victim@example.org>")
                #expect(notice.part("text/plain")?.contains("The link on the <b>home</b> page\nis broken.") == true)
                #expect(notice.part("text/plain")?.contains("not verified") == true)
                #expect(notice.part("text/html")?.contains("&lt;b&gt;home&lt;/b&gt;") == true)
            }
        }
    }

    @Test func androidShapeAndTheConfiguredStaffAddress() async throws {
        try await TestSMTPServer.running { smtp in
            try await TestServer.run(settings: Self.withStaffAddress, smtp: smtp) { client, services in
                try await AccountFixtures.member("boss", role: .administrators, services: services)
                let answer = try await client.postForm(Self.androidURI, [("email", "a@example.org"), ("post", "Hello"), ("category", "Billing")])
                #expect(answer.data["message"] as? String == "Your message was sent ()")
                let mails = try await smtp.waitForMessages(1)
                #expect(mails.map(\.recipient) == ["staff@example.com"])
                #expect(mails[0].part("text/plain")?.contains("category \u{2018}Billing\u{2019}") == true)
            }
        }
    }

    @Test func aMemberGetsTheCopyAtTheirOwnAddressOnly() async throws {
        try await TestSMTPServer.running { smtp in
            try await TestServer.run(settings: Self.withStaffAddress, smtp: smtp) { client, services in
                let memberID = try await AccountFixtures.member("writer", services: services)
                let device = try LoggedIn(try await client.login("writer"))
                let answer = try await client.postMultipart(
                    Self.iOSURI, [("title", "Hi"), ("email", "someone-else@example.org"), ("post", "Question")], headers: device.iOSHeaders)
                #expect(answer.success == true, "\(answer.raw)")
                let mails = try await smtp.waitForMessages(2)
                #expect(Set(mails.map(\.recipient)) == ["staff@example.com", "writer@example.com"])
                let copy = try #require(mails.first { $0.recipient == "writer@example.com" })
                #expect(copy.header("Subject") == "Your message was sent (Hi)")
                #expect(copy.part("text/plain")?.contains("Question") == true)
                let stored = try await services.database.withConnection { try await StaffMessageStore.all(on: $0) }
                #expect(stored.first?.memberID == memberID)
                #expect(stored.first?.name == "writer")
                #expect(stored.first?.email == "writer@example.com", "the account's verified address, not the typed one")
            }
        }
    }

    @Test(
        arguments: [
            ([("title", "x")], "Please check back over the form - you did not fill in all fields on the form correctly"),
            ([("post", "   ")], "Please check back over the form - you did not fill in all fields on the form correctly"),
            ([("post", String(repeating: "a", count: 20_001))], "The post is too long; it may be at most 20000 characters."),
            ([("post", "hi"), ("title", String(repeating: "t", count: 256))], "The title is too long; it may be at most 255 characters."),
            ([("post", "hi"), ("email", "not an address")], "You inputted an invalid e-mail address"),
        ] as [([(String, String)], String)])
    func refusesBadInput(fields: [(String, String)], message: String) async throws {
        try await TestServer.run { client, services in
            let answer = try await client.postForm(Self.iOSURI, fields)
            #expect(answer.success == false)
            #expect(answer.errorDetails == message)
            let stored = try await services.database.withConnection { try await StaffMessageStore.all(on: $0) }
            #expect(stored.isEmpty)
        }
    }

    @Test func messagesAreLimitedPerNetworkAndPerMember() async throws {
        try await TestServer.run(config: ["contact_us_limit_per_ip_per_hour": "3", "contact_us_limit_per_hour": "1"]) { client, services in
            let refusal = "You have sent several messages recently. Please wait 60 minutes before sending another."
            try await AccountFixtures.member("writer", services: services)
            let writer = try LoggedIn(try await client.login("writer")).iOSHeaders
            #expect(try await client.postForm(Self.androidURI, [("post", "mine")], headers: writer).success == true)
            #expect(try await client.postForm(Self.androidURI, [("post", "mine again")], headers: writer).errorDetails == refusal, "per member")
            for _ in 0..<2 {
                let sent = try await client.postForm(Self.androidURI, [("post", "again")])
                #expect(sent.success == true)
            }
            let limited = try await client.postForm(Self.androidURI, [("post", "again")])
            #expect(limited.errorDetails == refusal, "per network, the member's message counted too")
            #expect(limited.headers[.retryAfter] != nil)
        }
    }
}
