import AsyncHTTPClient
import Foundation
import TestSupport
import Testing

/// Push as an operator runs it: `endpoint serve` configured through the environment, a device
/// registered over HTTP, `endpoint push send` from a script, delivered to (fake) APNs and FCM.
@Suite struct PushProcessTests {
    @Test func aNotificationSentFromTheCommandLineReachesTheDevices() async throws {
        let services = try await PushServices()
        defer { Task { await services.stop() } }
        let (database, folder) = EndpointProcess.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try EndpointProcess.run(["migrate"], database: database).status == 0)
        let port = try await EndpointProcess.freePort()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let server = try await EndpointProcess.serve(
            port: port, database: database, environment: try services.serverEnvironment(keysIn: folder), client: client)
        let register = "http://127.0.0.1:\(port)/data/endpoint.php?hook_type=account&hook=setup_push_notifications"
        _ = try await EndpointProcess.post(client, register + "&device=ios", [("token", PushTokens.named("iphone")), ("member", "1")])
        _ = try await EndpointProcess.post(
            client, register + "&device=android", [("token", "fcm-registration-token:APA91bHPRgkF3JUikC4ENAHEeMrd41Zxv3hVZjC9KtT8OvPVGJ")])

        let sent = try EndpointProcess.run(
            ["push", "send", "--anonymous", "--title", "News", "--body", "Read all about it", "--data", "screen=news"], database: database)
        #expect(sent.status == 0)
        #expect(sent.output == "Queued for 2 devices.\n")
        #expect(try EndpointProcess.run(["push", "send", "--title", "x", "--body", "y"], database: database).status != 0, "a target is required")

        let deadline = Date().addingTimeInterval(20)
        while (services.apns.requests.isEmpty || services.fcm.requests.isEmpty) && Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(EndpointProcess.stop(server))
        #expect(services.apns.requests.map(\.path) == ["/3/device/" + PushTokens.named("iphone")])
        #expect(
            (services.fcm.requests.first?.json["message"] as? [String: Any])?["token"] as? String
                == "fcm-registration-token:APA91bHPRgkF3JUikC4ENAHEeMrd41Zxv3hVZjC9KtT8OvPVGJ")
        #expect(services.problems.withLockedValue { $0 } == [])
    }
}
