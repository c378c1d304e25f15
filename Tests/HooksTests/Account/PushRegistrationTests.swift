import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import Hooks
import HummingbirdTesting
import Push
import SQLKit
import Storage
import TestSupport
import Testing

/// `account/setup_push_notifications`: who a token may be registered to, and what happens to it.
@Suite struct PushRegistrationTests {
    static func uri(_ device: String) -> String {
        "/data/endpoint.php?hook_type=account&hook=setup_push_notifications&device=\(device)"
    }

    static func owners(_ services: Site) async throws -> [String: Int?] {
        try await services.database.withConnection { connection in
            var owners: [String: Int?] = [:]
            for row in try await connection.raw("SELECT token, member_id FROM device_tokens").all() {
                owners[try row.decode(column: "token", as: String.self)] = try row.decode(column: "member_id", as: Int?.self)
            }
            return owners
        }
    }

    @Test func loggedOutDevicesAreAnonymousAndMembersRegisterForThemselves() async throws {
        try await TestServer.run { client, services in
            let android = try await client.postForm(Self.uri("android"), [("token", PushTokens.named("android-token-1"))])
            #expect(android.success == true, "\(android.raw)")
            #expect(android.data["message"] as? String == "Your action was successful.")
            #expect(android.data["member_id"] is NSNull)
            #expect(android.data["device"] as? String == "android")
            let iOSLoggedOut = try await client.postMultipart(Self.uri("IOS"), [("token", PushTokens.named("ab12cd34")), ("member", "1")])
            #expect(iOSLoggedOut.data["member_id"] is NSNull, "the iOS SDK's member=1 is an anonymous device")
            #expect(iOSLoggedOut.data["device"] as? String == "ios")

            let aliceID = try await AccountFixtures.member("alice", services: services)
            let alice = try LoggedIn(try await client.login("alice"))
            let own = try await client.postMultipart(
                Self.uri("ios"), [("token", PushTokens.named("alice-phone")), ("member", String(aliceID))], headers: alice.iOSHeaders)
            #expect(own.data["member_id"] as? Int == aliceID)
            let implicit = try await client.postForm(Self.uri("android"), [("token", PushTokens.named("alice-tablet"))] + alice.formFields)
            #expect(implicit.data["member_id"] as? Int == aliceID, "many devices per member")
            let owners = try await Self.owners(services)
            #expect(owners[PushTokens.named("alice-phone")] == .some(aliceID) && owners[PushTokens.named("alice-tablet")] == .some(aliceID))
            #expect(owners[PushTokens.named("android-token-1")] == .some(nil))
        }
    }

    @Test func onlyAdministratorsRegisterForOthers() async throws {
        try await TestServer.run { client, services in
            let aliceID = try await AccountFixtures.member("alice", services: services)
            try await AccountFixtures.member("mallory", services: services)
            try await AccountFixtures.member("admin", role: .administrators, services: services)
            let mallory = try LoggedIn(try await client.login("mallory"))
            let hijack = try await client.postForm(
                Self.uri("ios"), [("token", PushTokens.named("mallory-phone")), ("member", String(aliceID))] + mallory.formFields)
            #expect(hijack.errorDetails == "You can only register a device for your own account.")
            let anonymousHijack = try await client.postForm(Self.uri("ios"), [("token", PushTokens.named("stranger")), ("member", String(aliceID))])
            #expect(anonymousHijack.errorDetails == "You can only register a device for your own account.")

            let admin = try LoggedIn(try await client.login("admin"))
            let forAlice = try await client.postForm(
                Self.uri("ios"), [("token", PushTokens.named("alice-new-phone")), ("member", String(aliceID))] + admin.formFields)
            #expect(forAlice.data["member_id"] as? Int == aliceID)
            let nobody = try await client.postForm(Self.uri("ios"), [("token", PushTokens.named("x-token")), ("member", "999")] + admin.formFields)
            #expect(nobody.errorDetails == "There is currently no such member registered on this website.")
            #expect(try await Self.owners(services).keys.sorted() == [PushTokens.named("alice-new-phone")])
        }
    }

    @Test func aTokenMovesToItsNewOwnerInsteadOfBeingDuplicated() async throws {
        try await TestServer.run { client, services in
            let aliceID = try await AccountFixtures.member("alice", services: services)
            let bobID = try await AccountFixtures.member("bobby", services: services)
            let alice = try LoggedIn(try await client.login("alice"))
            let bob = try LoggedIn(try await client.login("bobby"))
            _ = try await client.postForm(Self.uri("android"), [("token", PushTokens.named("shared-phone"))] + alice.formFields)
            try await services.database.withConnection { try await $0.raw("UPDATE device_tokens SET last_seen_at = 0").run() }
            _ = try await client.postForm(Self.uri("android"), [("token", PushTokens.named("shared-phone"))] + bob.formFields)
            let owners = try await Self.owners(services)
            #expect(owners.count == 1)
            #expect(owners[PushTokens.named("shared-phone")] == .some(bobID))
            #expect(owners[PushTokens.named("shared-phone")] != .some(aliceID))
            let lastSeen = try await services.database.withConnection {
                try await $0.raw("SELECT last_seen_at FROM device_tokens").first()?.decode(column: "last_seen_at", as: Int.self)
            }
            #expect((lastSeen ?? 0) > 0, "re-registering refreshes the last-seen time")
        }
    }

    static func lastSeen(_ token: String, _ database: Database) async throws -> Int? {
        try await database.withConnection {
            try await $0.raw("SELECT last_seen_at FROM device_tokens WHERE token = \(bind: token)").first()?.decode(column: "last_seen_at", as: Int.self)
        }
    }

    /// The SDKs register at every app start: the same token for the same owner is left alone until
    /// `push_token_refresh_seconds` have passed since it was last written.
    @Test(arguments: TestDatabase.engines)
    func aRepeatedRegistrationWritesNothingWithinTheRefreshInterval(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine, config: ["push_token_refresh_seconds": "3600"]) { client, services in
            try await AccountFixtures.member("alice", services: services)
            let alice = try LoggedIn(try await client.login("alice"))
            for (token, credentials) in [(PushTokens.named("alice-phone"), alice.formFields), (PushTokens.named("anonymous-install"), [])] {
                #expect(try await client.postForm(Self.uri("android"), [("token", token)] + credentials).success == true)
                let recent = UnixTime.now - 600
                try await services.database.withConnection { try await $0.raw("UPDATE device_tokens SET last_seen_at = \(bind: recent)").run() }
                let again = try await client.postForm(Self.uri("android"), [("token", token)] + credentials)
                #expect(again.success == true && again.raw.contains(#""device":"android""#))
                #expect(try await Self.lastSeen(token, services.database) == recent, "\(token): seen 10 minutes ago, nothing written")
            }
            let ownerless = try await client.postForm(Self.uri("android"), [("token", PushTokens.named("alice-phone"))])
            #expect(ownerless.data["member_id"] is NSNull)
            #expect(try await Self.owners(services)[PushTokens.named("alice-phone")] == .some(nil), "a recent token still moves when its owner changes")
        }
    }

    /// Once the interval has passed, the next registration refreshes the last-seen time (the server's
    /// registrations asked as of later moments, as the app's next starts would be).
    @Test(arguments: TestDatabase.engines)
    func theLastSeenTimeIsRefreshedOncePerInterval(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine, config: ["push_token_refresh_seconds": "3600"]) { client, services in
            let token = PushTokens.named("install")
            #expect(try await client.postForm(Self.uri("ios"), [("token", token)]).success == true)
            let first = try #require(try await Self.lastSeen(token, services.database))
            try await services.pushRegistrations.register(token, platform: .ios, owner: nil, from: "127.0.0.1", now: first + 3599)
            #expect(try await Self.lastSeen(token, services.database) == first, "within the interval nothing is written")
            try await services.pushRegistrations.register(token, platform: .ios, owner: nil, from: "127.0.0.1", now: first + 3601)
            #expect(try await Self.lastSeen(token, services.database) == first + 3601, "refreshed once the interval passed")
        }
    }

    /// Within the interval a repeat is answered from memory: it succeeds even with the table out of
    /// reach, so it costs no query at all; a new token or a new owner still goes to the table.
    @Test(arguments: TestDatabase.engines)
    func aRepeatWithinTheIntervalCostsNoQuery(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine, config: ["push_token_refresh_seconds": "3600"]) { client, services in
            // On PostgreSQL, memory is trusted once the cache announcements' listener listens.
            for _ in 0..<100 where !services.database.cacheTrust.isTrusted { try await Task.sleep(for: .milliseconds(50)) }
            try await AccountFixtures.member("alice", services: services)
            let alice = try LoggedIn(try await client.login("alice"))
            #expect(try await client.postForm(Self.uri("android"), [("token", PushTokens.named("phone"))] + alice.formFields).success == true)
            try await services.database.withConnection { try await $0.raw("ALTER TABLE device_tokens RENAME TO device_tokens_away").run() }
            let repeated = try await client.postForm(Self.uri("android"), [("token", PushTokens.named("phone"))] + alice.formFields)
            let moved = try await client.postForm(Self.uri("android"), [("token", PushTokens.named("phone"))])
            try await services.database.withConnection { try await $0.raw("ALTER TABLE device_tokens_away RENAME TO device_tokens").run() }
            #expect(repeated.success == true && repeated.data["member_id"] as? Int == 2, "\(repeated.raw)")
            #expect(moved.status == .internalServerError, "a move needs the table: \(moved.raw)")
            #expect(try await Self.owners(services) == [PushTokens.named("phone"): .some(2)])
        }
    }

    /// A token the push service called dead is removed and forgotten: the device's next start
    /// registers it again.
    @Test func aTokenRemovedAsDeadIsRegisteredAgainAtTheNextStart() async throws {
        try await TestDatabase.withMigrated(.sqlite) { database in
            let registrations = PushRegistrations(database: database, config: try await ConfigStore.load(from: database, clock: .system), clock: .system)
            try await registrations.register(PushTokens.named("phone"), platform: .ios, owner: nil, from: "192.0.2.1")
            try await database.withConnection { try await DeviceTokenStore.remove(token: PushTokens.named("phone"), platform: .ios, on: $0) }
            try await registrations.register(PushTokens.named("phone"), platform: .ios, owner: nil, from: "192.0.2.1")
            #expect(try await PushDevices.tokens(database) == [], "remembered: nothing written")
            registrations.forget(token: PushTokens.named("phone"), platform: .ios)
            try await registrations.register(PushTokens.named("phone"), platform: .ios, owner: nil, from: "192.0.2.1")
            #expect(try await PushDevices.tokens(database) == [PushTokens.named("phone")])
        }
    }

    /// Two instances on one PostgreSQL database (several instances share PostgreSQL; an SQLite file
    /// has one): a token moved through one is moved for good, and moves back when its first owner
    /// registers it again through the other, although both remember registrations.
    @Test(.enabled(if: TestDatabase.engines.contains(.postgres)))
    func aTokenMovedOnAnotherInstanceStaysMoved() async throws {
        let engine = DatabaseEngine.postgres
        try await TestDatabase.withMigrated(engine) { database in
            try await TestServer.run(sharing: database) { first, services in
                let aliceID = try await AccountFixtures.member("alice", services: services)
                let bobID = try await AccountFixtures.member("bobby", services: services)
                try await TestServer.run(sharing: database) { second, _ in
                    let alice = try LoggedIn(try await first.login("alice"))
                    let bob = try LoggedIn(try await second.login("bobby"))
                    _ = try await first.postForm(Self.uri("ios"), [("token", PushTokens.named("shared-phone"))] + alice.formFields)
                    _ = try await second.postForm(Self.uri("ios"), [("token", PushTokens.named("shared-phone"))] + bob.formFields)
                    #expect(try await Self.owners(services)[PushTokens.named("shared-phone")] == .some(bobID))
                    // The move reaches the first instance as an announcement, a moment later: until then
                    // it may answer a repeat from memory (a registration at the next app start corrects it).
                    try await Waiting.until("the first instance hearing of the move") {
                        !services.pushRegistrations.remembers(token: PushTokens.named("shared-phone"), platform: .ios)
                    }
                    _ = try await first.postForm(Self.uri("ios"), [("token", PushTokens.named("shared-phone"))] + alice.formFields)
                    #expect(
                        try await Self.owners(services)[PushTokens.named("shared-phone")] == .some(aliceID), "the last registration decides, on any instance")
                    _ = try await second.postForm(Self.uri("ios"), [("token", PushTokens.named("shared-phone"))] + bob.formFields)
                    #expect(try await Self.owners(services) == [PushTokens.named("shared-phone"): .some(bobID)])
                }
            }
        }
    }

    @Test(
        arguments: [
            ([("device", "windows"), ("token", "t")], "The device must be \u{2018}ios\u{2019} or \u{2018}android\u{2019}, not \u{2018}windows\u{2019}."),
            ([("device", "ios"), ("token", "  ")], "An iOS push token is 64 hexadecimal digits."),
            ([("device", "ios"), ("token", "has space")], "An iOS push token is 64 hexadecimal digits."),
            ([("device", "ios"), ("token", String(repeating: "a", count: 4097))], "An iOS push token is 64 hexadecimal digits."),
            ([("device", "ios"), ("token", String(repeating: "g", count: 64))], "An iOS push token is 64 hexadecimal digits."),
            ([("device", "ios"), ("token", "{length=32,bytes=0x740f4707bebcf74f...61bb78ad}")], "An iOS push token is 64 hexadecimal digits."),
            (
                [("device", "android"), ("token", "fcm-registration-token")],
                "An Android push token is 32 to 512 letters, digits, \u{2018}-\u{2019}, \u{2018}_\u{2019} or \u{2018}:\u{2019}."
            ),
            (
                [("device", "android"), ("token", String(repeating: "A", count: 513))],
                "An Android push token is 32 to 512 letters, digits, \u{2018}-\u{2019}, \u{2018}_\u{2019} or \u{2018}:\u{2019}."
            ),
            (
                [("device", "android"), ("token", String(repeating: "A", count: 100) + "/" + String(repeating: "B", count: 100))],
                "An Android push token is 32 to 512 letters, digits, \u{2018}-\u{2019}, \u{2018}_\u{2019} or \u{2018}:\u{2019}."
            ),
            ([("token", "t")], "A critical parameter, device, was missing."),
            ([("device", "ios")], "A critical parameter, token, was missing."),
            (
                [("device", "ios"), ("token", "t"), ("member", "abc")],
                "A field that was supposed to be an integer (for our purposes, a whole number between -2147483648 and 2147483647) was not"
            ),
        ] as [([(String, String)], String)])
    func refusesBadInput(fields: [(String, String)], message: String) async throws {
        try await TestServer.run { client, services in
            let answer = try await client.postForm("/data/endpoint.php?hook_type=account&hook=setup_push_notifications", fields)
            #expect(answer.errorDetails == message)
            #expect(try await Self.owners(services).isEmpty)
        }
    }
}
