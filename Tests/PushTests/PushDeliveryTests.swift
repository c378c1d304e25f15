import EndpointCore
import Foundation
import HTTPTypes
import Hooks
import HummingbirdTesting
import NIOConcurrencyHelpers
import Push
import SQLKit
import Storage
import TestSupport
import Testing

/// Delivery through APNs (HTTP/2, ES256 provider tokens) and FCM HTTP v1 (OAuth with an RS256
/// service-account assertion), against fake services that verify what they receive.
@Suite(.serialized) struct PushDeliveryTests {
    /// Runs `body` with the fake services, a migrated database and an HTTP client trusting them.
    static func withServices(
        engine: DatabaseEngine = .sqlite,
        _ body: @Sendable (PushServices, Database, ServiceHTTPClient) async throws -> Void
    ) async throws {
        let services = try await PushServices()
        let http = ServiceHTTPClient(extraTrustRootsFile: services.certificate.certificatePath)
        do {
            try await TestDatabase.withMigrated(engine) { database in try await body(services, database, http) }
        } catch {
            try? await http.shutdown()
            await services.stop()
            throw error
        }
        try await http.shutdown()
        await services.stop()
        #expect(services.problems.withLockedValue { $0 } == [])
    }

    /// Queues `notification` as of `now`, so a test on its own clock never sees it queued a second after that clock.
    static func queue(_ notification: PushNotification, to target: PushTarget, _ database: Database, now: Int = UnixTime.now) async throws -> Int {
        try await database.transaction { try await PushQueue.enqueue(notification, to: target, on: $0, now: now) }
    }

    @Test func apnsAndFCMRequestsAreWhatTheServicesSpecify() async throws {
        try await Self.withServices { services, database, http in
            let memberID = try await database.withConnection { connection -> Int in
                let row = try await connection.raw(
                    """
                    INSERT INTO members (username, email, join_time, last_visit_time, primary_group_id) VALUES ('pushy', 'p@example.com', 0, 0, 4) RETURNING id
                    """
                ).first()
                return try row!.decode(column: "id", as: Int.self)
            }
            try await PushDevices.register("ios-token-1", .ios, member: memberID, database: database)
            try await PushDevices.register("android-token-1", .android, member: memberID, database: database)
            try await PushDevices.register("someone-else", .ios, member: nil, database: database)
            let notification = PushNotification(title: "Hello", body: "World \u{1F30D}", data: ["notification_code": "push_send", "to_id": String(memberID)])
            #expect(try await Self.queue(notification, to: .member(memberID), database) == 2)

            let delivery = try await services.delivery(database, http: http)
            #expect(try await delivery.deliverDue() == 2)

            let apns = try #require(services.apns.requests.first)
            #expect(services.apns.requests.count == 1)
            #expect(apns.path == "/3/device/ios-token-1")
            #expect(apns.httpVersion.major == 2)
            let aps = try #require(apns.json["aps"] as? [String: Any])
            #expect((aps["alert"] as? [String: String]) == ["title": "Hello", "body": "World \u{1F30D}"])
            #expect(apns.json["message"] as? String == "World \u{1F30D}", "the iOS SDK falls back to top-level keys")
            #expect(apns.json["notification_code"] as? String == "push_send")

            #expect(services.oauth.requests.count == 1)
            let fcm = try #require(services.fcm.requests.first)
            #expect(fcm.httpVersion.major == 2)
            let message = try #require(fcm.json["message"] as? [String: Any])
            #expect(message["token"] as? String == "android-token-1")
            #expect((message["notification"] as? [String: String]) == ["title": "Hello", "body": "World \u{1F30D}"])
            #expect((message["data"] as? [String: String])?["message"] == "World \u{1F30D}", "the Android SDK shows data.message")
            #expect((message["data"] as? [String: String])?["to_id"] == String(memberID))

            _ = try await Self.queue(notification, to: .member(memberID), database)
            #expect(try await delivery.deliverDue() == 2)
            #expect(services.oauth.requests.count == 1, "the access token is reused")
            let bearers = Set(services.apns.requests.compactMap { $0.header("authorization") })
            #expect(bearers.count == 1, "the provider token is reused")
            #expect(try await delivery.database.withConnection { try await PushOutbox.all(on: $0) }.allSatisfy { $0.status == "sent" })
        }
    }

    @Test func theProviderTokenIsRenewedAfterFortyMinutesAndTheAccessTokenBeforeItExpires() async throws {
        try await Self.withServices { services, database, http in
            try await PushDevices.register("ios-1", .ios, member: nil, database: database)
            try await PushDevices.register("android-1", .android, member: nil, database: database)
            let delivery = try await services.delivery(database, http: http)
            let start = UnixTime.now
            for minutes in [0, 39, 41] {
                let moment = start + minutes * 60
                _ = try await Self.queue(PushNotification(title: "t", body: "b"), to: .anonymous, database, now: moment)
                #expect(try await delivery.deliverDue(clock: SiteClock { moment }) == 2)
            }
            let bearers = services.apns.requests.compactMap { $0.header("authorization") }
            #expect(bearers.count == 3)
            #expect(bearers[0] == bearers[1], "reused within 40 minutes")
            #expect(bearers[1] != bearers[2], "renewed after 40 minutes, well before Apple's 60")
            #expect(services.oauth.requests.count == 1, "one access token for the first hour")
            _ = try await Self.queue(PushNotification(title: "t", body: "b"), to: .anonymous, database)
            let later = start + 3599
            #expect(try await delivery.deliverDue(clock: SiteClock { later }) == 2)
            #expect(services.oauth.requests.count == 2, "renewed a minute before it expires")
        }
    }

    @Test func deadTokensAreForgotten() async throws {
        try await Self.withServices { services, database, http in
            for (token, platform) in [
                ("dead-ios", PushPlatform.ios), ("bad-ios", .ios), ("dead-android", .android), ("bad-android", .android), ("good-ios", .ios),
            ] {
                try await PushDevices.register(token, platform, member: nil, database: database)
            }
            _ = try await Self.queue(PushNotification(title: "t", body: "b"), to: .anonymous, database)
            let removed = NIOLockedValueBox<[String]>([])
            let delivery = try await services.delivery(database, http: http) { token, _ in removed.withLockedValue { $0.append(token) } }
            #expect(try await delivery.deliverDue() == 1)
            #expect(try await PushDevices.tokens(database) == ["good-ios"])
            #expect(removed.withLockedValue { $0.sorted() } == ["bad-android", "bad-ios", "dead-android", "dead-ios"], "what remembers registrations is told")
            let failed = try await delivery.database.withConnection { try await PushOutbox.all(on: $0) }.filter { $0.status == "failed" }
            #expect(failed.count == 4)
            #expect(failed.allSatisfy { $0.attempts == 1 })
        }
    }

    @Test func serverErrorsAndRateLimitsAreRetriedWithBackoff() async throws {
        try await Self.withServices { services, database, http in
            for (token, platform) in [("flaky-ios", PushPlatform.ios), ("busy-ios", .ios), ("flaky-android", .android)] {
                try await PushDevices.register(token, platform, member: nil, database: database)
            }
            _ = try await Self.queue(PushNotification(title: "t", body: "b"), to: .anonymous, database)
            let delivery = try await services.delivery(database, http: http)
            let now = UnixTime.now
            #expect(try await delivery.deliverDue(clock: SiteClock { now }) == 0)
            let waiting = try await delivery.database.withConnection { try await PushOutbox.all(on: $0) }
            #expect(waiting.allSatisfy { $0.status == "queued" && $0.attempts == 1 && $0.nextAttemptAt == now + 10 })
            #expect(try await delivery.deliverDue(clock: SiteClock { now + 9 }) == 0, "not before the backoff")
            #expect(try await delivery.deliverDue(clock: SiteClock { now + 10 }) == 3)
            #expect(try await PushDevices.tokens(database).count == 3, "passing failures keep the token")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func twoWorkersNeverSendTheSameNotification(engine: DatabaseEngine) async throws {
        try await Self.withServices(engine: engine) { services, database, http in
            for number in 0..<12 {
                try await PushDevices.register("ios-\(number)", .ios, member: nil, database: database)
                try await PushDevices.register("android-\(number)", .android, member: nil, database: database)
            }
            _ = try await Self.queue(PushNotification(title: "t", body: "b"), to: .allDevices, database)
            let first = try await services.delivery(database, http: http)
            let second = try await services.delivery(database, http: http)
            async let a = first.deliverDue()
            async let b = second.deliverDue()
            #expect(try await a + b == 24)
            let apnsTokens = services.apns.requests.map(\.path)
            let fcmTokens = services.fcm.requests.compactMap { ($0.json["message"] as? [String: Any])?["token"] as? String }
            #expect(apnsTokens.count == 12 && Set(apnsTokens).count == 12)
            #expect(fcmTokens.count == 12 && Set(fcmTokens).count == 12)
        }
    }

    @Test func oversizedNotificationsAreRefusedWhenQueued() async throws {
        try await TestDatabase.withMigrated(.sqlite) { database in
            try await PushDevices.register("t", .ios, member: nil, database: database)
            await #expect(throws: PushQueue.TooLarge.self) {
                _ = try await Self.queue(PushNotification(title: "t", body: String(repeating: "x", count: 3000)), to: .anonymous, database)
            }
            #expect(try await database.withConnection { try await PushOutbox.all(on: $0) }.isEmpty)
        }
    }
}
