import Auth
import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Push
import SQLKit
import Storage
import TestSupport
import Testing

/// Push notifications from the console reach exactly the devices chosen, through the fake APNs and
/// FCM; the review counts them first, a push to every device asks for the password again, and the
/// page counts the deliveries afterwards.
@Suite struct ConsolePushTests {
    @Test(arguments: TestDatabase.engines)
    func aPushToAGroupReachesExactlyThatGroupsDevices(engine: DatabaseEngine) async throws {
        let services = try await PushServices()
        defer { Task { await services.stop() } }
        let keys = FileManager.default.temporaryDirectory.appendingPathComponent("push-keys-\(UUID())")
        defer { try? FileManager.default.removeItem(at: keys) }
        let settings = try services.serverSettings(keysIn: keys)
        try await TestServer.run(engine: engine, settings: settings) { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let alice = try await AccountFixtures.member("alice", services: site)
            let bob = try await AccountFixtures.member("bob", services: site)
            let carol = try await AccountFixtures.member("carol", services: site)
            let sailors = try await site.database.transaction { connection in
                let group = try await GroupStore.create(name: "Sailors", on: connection)
                for member in [alice, bob] {
                    try await connection.raw("INSERT INTO group_members (group_id, member_id) VALUES (\(bind: group), \(bind: member))").run()
                }
                return group
            }
            try await PushDevices.register(PushTokens.named("alice"), .ios, member: alice, database: site.database)
            try await PushDevices.register(PushTokens.named("bob"), .android, member: bob, database: site.database)
            try await PushDevices.register(PushTokens.named("carol"), .ios, member: carol, database: site.database)
            try await PushDevices.register(PushTokens.named("guest"), .android, member: nil, database: site.database)

            let agent = ConsoleAgent(client)
            try await agent.signIn("chief")
            _ = try await agent.get("/admin/push")
            let fields = [("title", "Regatta"), ("body", "Starts at ten"), ("audience", "group"), ("group", String(sailors))]
            let review = try await agent.post("/admin/push", fields + [("action", "review")])
            #expect(review.text(ofID: "reach") == "This notification will reach 2 devices.", "\(review.body)")
            #expect(review.text(ofID: "review-title") == "Regatta")
            #expect(try await site.database.withConnection { try await PushOutbox.all(on: $0) }.isEmpty, "a review sends nothing")
            let sent = try await agent.post("/admin/push", fields + [("action", "send")])
            #expect(sent.status == .seeOther)
            let location = try #require(sent.location)
            #expect(location.hasPrefix("/admin/push?request="))

            try await Waiting.until("both sailors' phones reached", seconds: 20) { services.apns.requests.count + services.fcm.requests.count >= 2 }
            try await Waiting.until("the deliveries counted") {
                try await agent.get(location).text(ofID: "deliveries")?.hasPrefix("Delivered to 2 devices; 0 waiting, 0 failed.") == true
            }
            #expect(services.apns.requests.map(\.path) == ["/3/device/" + PushTokens.named("alice")])
            let message = try #require(services.fcm.requests.first?.json["message"] as? [String: Any])
            #expect((message["token"] as? String)?.hasSuffix(PushTokens.named("bob")) == true, "\(message)")
            #expect((message["notification"] as? [String: Any])?["title"] as? String == "Regatta")
            #expect(services.problems.withLockedValue { $0 } == [])
            #expect(try await agent.get("/admin").body.contains("sent the notification ‘Regatta’"))

            // Every device: the password again, first.
            let everyone = [("title", "Storm"), ("body", "Stay ashore"), ("audience", "everyone")]
            let asked = try await agent.post("/admin/push", everyone + [("action", "review")])
            #expect(asked.text(ofID: "reach") == "This notification will reach 4 devices." && asked.body.contains(#"id="password""#))
            let wrong = try await agent.post("/admin/push", everyone + [("action", "send"), ("password", "not mine")])
            #expect(wrong.status == .unauthorized && wrong.text(ofID: "error") != nil)
            let missing = try await agent.post("/admin/push", everyone + [("action", "send")])
            #expect(missing.status == .unauthorized)
            #expect(try await site.database.withConnection { try await PushOutbox.all(on: $0) }.count == 2, "nothing more was queued")
            let confirmed = try await agent.post("/admin/push", everyone + [("action", "send"), ("password", "correct horse")])
            #expect(confirmed.status == .seeOther)
            try await Waiting.until("every device reached", seconds: 20) { services.apns.requests.count + services.fcm.requests.count >= 6 }

            let unknown = try await agent.post(
                "/admin/push", [("title", "x"), ("body", "y"), ("audience", "member"), ("username", "nobody"), ("action", "review")])
            #expect(unknown.status == .unprocessableContent && unknown.text(ofID: "error") == "There is no such member.")
        }
    }
}
