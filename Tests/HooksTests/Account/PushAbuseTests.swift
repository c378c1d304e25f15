import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Push
import SQLKit
import Storage
import TestSupport
import Testing

/// Finding 4 of the security review: a guest filled the device table with 4 KB junk tokens (150 in
/// 0.22 s), and every broadcast then read the whole table into memory and wrote an outbox row per
/// device in one transaction. Tokens must now look like their platform's, new ones are limited per
/// network and per member, silent ones are swept (``MaintenanceSweepTests``), and a broadcast reaches
/// its devices a bounded batch per transaction.
@Suite struct PushAbuseTests {
    static func uri(_ device: String) -> String {
        "/data/endpoint.php?hook_type=account&hook=setup_push_notifications&device=\(device)"
    }

    static func count(_ table: String, _ database: Database) async throws -> Int {
        try await database.withConnection {
            try await $0.raw("SELECT count(*) AS n FROM \(unsafeRaw: table)").first()?.decode(column: "n", as: Int.self) ?? -1
        }
    }

    @Test(arguments: TestDatabase.engines)
    func junkIsRefusedAndNewTokensAreLimitedPerNetwork(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine, config: ["push_tokens_per_ip_per_hour": "5"]) { client, site in
            let junk = try await client.postForm(Self.uri("android"), [("token", String(repeating: "x", count: 4096))])
            #expect(junk.errorDetails == "An Android push token is 32 to 512 letters, digits, ‘-’, ‘_’ or ‘:’.")
            #expect(try await client.postForm(Self.uri("ios"), [("token", "<740f4707 bebcf74f>")]).success == false)

            // Twenty registrations of new tokens at once from one network: exactly five get in.
            let answers = try await withThrowingTaskGroup(of: DecodedEnvelope.self) { group in
                for index in 0..<20 {
                    group.addTask { try await client.postForm(Self.uri("android"), [("token", PushTokens.named("install-\(index)"))]) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.filter { $0.success == true }.count == 5)
            let refused = try #require(answers.first { $0.success == false })
            #expect(refused.errorDetails?.hasPrefix("Too many new devices were registered recently. Please try again in ") == true, "\(refused.raw)")
            #expect(Int(refused.headers[.retryAfter] ?? "") ?? 0 > 0)
            #expect(try await Self.count("device_tokens", site.database) == 5)

            let stored = try await site.database.withConnection {
                try await $0.raw("SELECT token FROM device_tokens LIMIT 1").first()?.decode(column: "token", as: String.self)
            }
            let repeated = try await client.postForm(Self.uri("android"), [("token", try #require(stored))])
            #expect(repeated.success == true, "a device already registered is no new token: \(repeated.raw)")
        }
    }

    @Test func newTokensAreLimitedPerMember() async throws {
        try await TestServer.run(config: ["push_tokens_per_member_per_hour": "3"]) { client, site in
            try await AccountFixtures.member("alice", services: site)
            try await AccountFixtures.member("bobby", services: site)
            let alice = try LoggedIn(try await client.login("alice"))
            let bob = try LoggedIn(try await client.login("bobby"))
            for index in 0..<3 {
                #expect(try await client.postForm(Self.uri("ios"), [("token", PushTokens.named("alice-\(index)"))] + alice.formFields).success == true)
            }
            let fourth = try await client.postForm(Self.uri("ios"), [("token", PushTokens.named("alice-3"))] + alice.formFields)
            #expect(fourth.success == false && fourth.errorDetails?.hasPrefix("Too many new devices") == true, "\(fourth.raw)")
            #expect(try await client.postForm(Self.uri("ios"), [("token", PushTokens.named("bob-0"))] + bob.formFields).success == true)
            #expect(try await Self.count("device_tokens", site.database) == 4)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aBroadcastReachesManyDevicesABatchPerTransaction(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            try await AccountFixtures.member("admin", role: .administrators, services: site)
            let admin = try LoggedIn(try await client.login("admin"))
            let devices = 2 * PushOutbox.fanOutBatch + 234
            try await site.database.withConnection { connection in
                try await connection.raw(
                    """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(bind: devices))
                    INSERT INTO device_tokens (token, platform, member_id, created_at, last_seen_at)
                    SELECT 'device-' || CAST(i AS TEXT), 'android', NULL, 0, 0 FROM n
                    """
                ).run()
            }
            let sent = try await client.postForm(
                "/data/endpoint.php?hook_type=misc&hook=push_send", [("all_devices", "1"), ("title", "Hello"), ("body", "Everyone")] + admin.formFields
            )
            #expect(sent.data["devices"] as? Int == devices, "\(sent.raw)")
            #expect(try await Self.count("push_outbox", site.database) == PushOutbox.fanOutBatch, "the first batch in the request's transaction")
            #expect(try await Self.count("push_broadcasts", site.database) == 1, "the rest recorded there too")

            let fanOut = { try await site.database.transaction { try await PushOutbox.fanOutPending(now: UnixTime.now, on: $0) } }
            #expect(try await fanOut())
            #expect(try await Self.count("push_outbox", site.database) == 2 * PushOutbox.fanOutBatch)
            try await PushDevices.register(PushTokens.named("registered-later"), .android, member: nil, database: site.database)
            while try await fanOut() {}
            #expect(try await Self.count("push_broadcasts", site.database) == 0)
            let queued = try await site.database.withConnection { connection in
                try await connection.raw("SELECT count(*) AS n, count(DISTINCT token) AS distinct_tokens FROM push_outbox").first()
            }
            #expect(try queued?.decode(column: "n", as: Int.self) == devices, "every device once; not one registered after the broadcast")
            #expect(try queued?.decode(column: "distinct_tokens", as: Int.self) == devices)
        }
    }
}
