import AsyncHTTPClient
import Foundation
import TestSupport
import Testing

/// The phones of a Composr site's members keep receiving pushes after the import: alice's two tokens
/// (an iPhone's and an Android phone's, registered through Composr's own endpoint) are hers here.
@Suite struct ComposrImportPushTests {
    @Test func aPushSentToAnImportedMemberReachesHerComposrPhones() async throws {
        let services = try await PushServices()
        defer { Task { await services.stop() } }
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try EndpointProcess.run(["migrate"], database: database).status == 0)
        let imported = try EndpointProcess.run(["import", "composr", ComposrFixture.dump.path], database: database)
        #expect(imported.status == 0, "\(imported.errors)")

        let port = try await EndpointProcess.freePort()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let server = try await EndpointProcess.serve(
            port: port, database: database, environment: try services.serverEnvironment(keysIn: folder), client: client)
        defer { if server.isRunning { server.terminate() } }

        // alice is member 4 on the Composr site and here.
        let sent = try EndpointProcess.run(["push", "send", "--member", "4", "--title", "Welcome", "--body", "We have moved"], database: database)
        #expect(sent.status == 0 && sent.output == "Queued for 2 devices.\n", "\(sent.output) \(sent.errors)")
        try await Waiting.until("alice's phones reached", seconds: 20) { !services.apns.requests.isEmpty && !services.fcm.requests.isEmpty }
        #expect(EndpointProcess.stop(server))
        #expect(services.apns.requests.map(\.path) == ["/3/device/5f2b0c7e9a1d4e3f8b6a2c9d0e1f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f"])
        let message = try #require(services.fcm.requests.first?.json["message"] as? [String: Any])
        #expect(message["token"] as? String == "fcm:APA91bH-oracleTestToken_alice_android_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJ")
        #expect((message["notification"] as? [String: Any])?["title"] as? String == "Welcome", "\(message)")
        #expect(services.fcm.requests.count == 1, "Zoë's iPhone is not alice's")
        #expect(services.problems.withLockedValue { $0 } == [])
    }
}
