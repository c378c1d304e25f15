import EndpointCore
import Foundation
import HummingbirdTesting
import Push
import TestSupport
import Testing

/// `misc/push_send` through the HTTP server, and the staff push of `contact_us`.
@Suite struct PushSendTests {
    @Test func administratorsSendThroughTheHookAndStaffHearOfContactMessages() async throws {
        try await TestServer.run { client, services in
            let adminID = try await AccountFixtures.member("admin", role: .administrators, services: services)
            let aliceID = try await AccountFixtures.member("alice", services: services)
            try await PushDevices.register("alice-phone", .ios, member: aliceID, database: services.database)
            try await PushDevices.register("admin-phone", .android, member: adminID, database: services.database)
            let alice = try LoggedIn(try await client.login("alice"))
            let admin = try LoggedIn(try await client.login("admin"))
            let uri = "/data/endpoint.php?hook_type=misc&hook=push_send"

            let refused = try await client.postForm(uri, [("member", String(aliceID)), ("title", "t"), ("body", "b")] + alice.formFields)
            #expect(refused.status == .unauthorized)
            let sent = try await client.postForm(
                uri, [("member", String(aliceID)), ("title", "Hi"), ("body", "There"), ("data", #"{"screen": "news"}"#)] + admin.formFields)
            #expect(sent.data["message"] as? String == "The notification was queued for 1 device.", "\(sent.raw)")
            let tooBig = try await client.postForm(
                uri, [("all_devices", "1"), ("title", "t"), ("body", String(repeating: "x", count: 5000))] + admin.formFields)
            #expect(tooBig.errorDetails == "The notification is too large for the push services (at most 4096 bytes).")
            let noTarget = try await client.postForm(uri, [("title", "t"), ("body", "b")] + admin.formFields)
            #expect(noTarget.errorDetails == "Say who the notification is for: member, all_devices or anonymous (exactly one).")

            _ = try await client.postForm(ContactUsTests.androidURI, [("title", "Help"), ("post", "Please")])
            let queued = try await services.database.withConnection { try await PushOutbox.all(on: $0) }
            #expect(queued.map(\.token) == ["alice-phone", "admin-phone"])
            #expect(try queued[0].notification.data["screen"] == "news" && queued[0].notification.data["from_id"] == String(adminID))
            #expect(try queued[1].notification.title == "New 'Contact-Us' message: Help")
        }
    }
}
