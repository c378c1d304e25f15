import Push
import SQLKit
import Storage
import TestSupport
import Testing

/// Push registrations write only when something changed, on both engines.
@Suite struct DeviceTokenStoreTests {
    @Test(arguments: TestDatabase.engines)
    func registrationWritesOnlyForANewTokenAnOwnerChangeOrAfterTheInterval(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            func register(_ member: Int?, at now: Int) async throws -> Bool {
                try await database.withConnection {
                    try await DeviceTokenStore.register(
                        [DeviceTokenRequest(token: "t1", platform: .android, memberID: member, refreshSeconds: 3600, now: now)], on: $0)[0]
                }.wrote
            }
            #expect(try await register(nil, at: 10_000), "a new token")
            #expect(try await register(nil, at: 10_001) == false, "the same owner, just seen")
            let unchanged = try await database.withConnection {
                try await DeviceTokenStore.register(
                    [DeviceTokenRequest(token: "t1", platform: .android, memberID: nil, refreshSeconds: 3600, now: 10_002)], on: $0)[0]
            }
            #expect(unchanged == DeviceRegistration(wrote: false, lastSeenAt: 10_000), "the stored last-seen time comes back")
            #expect(try await register(nil, at: 13_599) == false)
            #expect(try await register(nil, at: 13_600), "an hour after the last write")
            #expect(try await register(1, at: 13_601), "another owner")
            #expect(try await register(1, at: 13_602) == false)
            #expect(try await register(nil, at: 13_603), "back to anonymous")
            if engine == .postgres {
                // A repeat that writes nothing takes no transaction ID, so its commit flushes no WAL.
                let assigned = try await database.transaction { connection in
                    _ = try await DeviceTokenStore.register(
                        [DeviceTokenRequest(token: "t1", platform: .android, memberID: nil, refreshSeconds: 3600, now: 13_604)], on: connection)
                    return try await connection.raw("SELECT pg_current_xact_id_if_assigned() IS NOT NULL AS assigned").first()?
                        .decode(column: "assigned", as: Bool.self)
                }
                #expect(assigned == false)
            }
            let rows = try await database.withConnection { try await $0.raw("SELECT member_id, last_seen_at FROM device_tokens").all() }
            #expect(rows.count == 1)
            #expect(try rows.first?.decode(column: "last_seen_at", as: Int.self) == 13_603)
        }
    }

    /// Registrations of one token racing on many connections (an app start reaching several instances,
    /// or two members on one phone) never fail on the unique (platform, token) index and leave one row,
    /// owned by one of them.
    @Test(arguments: TestDatabase.engines)
    func racingRegistrationsOfOneTokenLeaveOneRow(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            var members: [Int] = []
            for name in ["alice", "bob"] {
                members.append(
                    try await database.withConnection { connection in
                        try await connection.raw(
                            """
                            INSERT INTO members (username, email, join_time, last_visit_time, primary_group_id)
                            VALUES (\(bind: name), \(bind: name + "@example.com"), 0, 0, 4) RETURNING id
                            """
                        ).first()!.decode(column: "id", as: Int.self)
                    })
            }
            let owners: [Int?] = [nil, members[0], members[1], nil, members[0], members[1], nil, members[0]]
            try await withThrowingTaskGroup(of: Void.self) { group in
                for owner in owners {
                    group.addTask {
                        _ = try await database.withConnection {
                            try await DeviceTokenStore.register(
                                [DeviceTokenRequest(token: "shared", platform: .ios, memberID: owner, refreshSeconds: 3600, now: 20_000)], on: $0)[0]
                        }
                    }
                }
                try await group.waitForAll()
            }
            let rows = try await database.withConnection { try await $0.raw("SELECT member_id FROM device_tokens").all() }
            #expect(rows.count == 1)
            #expect(owners.contains(try rows.first?.decode(column: "member_id", as: Int?.self)))
        }
    }

    /// Registration reads each token through the unique index, not the whole table (PostgreSQL is told
    /// to avoid sequential scans, so a plan that still has one has no index to use).
    @Test(arguments: TestDatabase.engines)
    func theRegistrationReadIsIndexBacked(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let requests = (0..<300).map {
                DeviceTokenRequest(token: "token-\($0)", platform: .android, memberID: nil, refreshSeconds: 3600, now: UnixTime.now)
            }
            try await database.withConnection { connection in
                _ = try await DeviceTokenStore.register(requests, on: connection)
                try await connection.raw("ANALYZE").run()
                if engine == .postgres { try await connection.raw("SET enable_seqscan = off").run() }
                let query = DeviceTokenStore.registrationsQuery([(.android, "token-1"), (.ios, "token-2"), (.android, "elsewhere")])
                let plan = try await QueryPlan.lines(query, engine: engine, on: connection.sql)
                let scans = plan.filter { $0.hasPrefix(engine == .sqlite ? "SCAN d" : "Seq Scan on device_tokens") }
                #expect(scans.isEmpty, "the read scans device_tokens: \(plan.joined(separator: "\n"))")
            }
        }
    }
}
