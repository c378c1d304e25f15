import Push
import SQLKit
import Storage
import TestSupport
import Testing

/// Registrations through `DeviceTokenRegistrar`, as the push registration hook makes them: on SQLite
/// the writes of concurrent registrations are written together.
@Suite struct DeviceTokenRegistrarTests {
    static func owners(_ database: Database) async throws -> [String: Int?] {
        try await database.withConnection { connection in
            var owners: [String: Int?] = [:]
            for row in try await connection.raw("SELECT token, member_id FROM device_tokens").all() {
                owners[try row.decode(column: "token", as: String.self)] = try row.decode(column: "member_id", as: Int?.self)
            }
            return owners
        }
    }

    /// A burst of first registrations, one of them for a member that does not exist (refused by the
    /// foreign key): every other token is stored with its own owner, and only that one fails.
    @Test(arguments: TestDatabase.engines)
    func concurrentRegistrationsAreAllStoredAndAFailureStaysItsOwn(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let registrar = DeviceTokenRegistrar(database: database)
            let outcomes = try await withThrowingTaskGroup(of: (String, Bool).self) { group in
                for index in 0..<60 {
                    group.addTask {
                        let token = "token-\(index)"
                        do {
                            let registration = try await registrar.register(
                                DeviceTokenRequest(
                                    token: token, platform: index.isMultiple(of: 2) ? .ios : .android,
                                    memberID: index == 37 ? 999_999 : nil, refreshSeconds: 3600, now: 30_000
                                ))
                            return (token, registration == DeviceRegistration(wrote: true, lastSeenAt: 30_000))
                        } catch {
                            return (token, false)
                        }
                    }
                }
                var outcomes: [String: Bool] = [:]
                for try await (token, stored) in group { outcomes[token] = stored }
                return outcomes
            }
            #expect(outcomes.filter { !$0.value }.map(\.key) == ["token-37"])
            let owners = try await Self.owners(database)
            #expect(owners.count == 59 && owners["token-37"] == nil && owners.values.allSatisfy { $0 == nil })
            let again = try await registrar.register(DeviceTokenRequest(token: "token-0", platform: .ios, memberID: nil, refreshSeconds: 3600, now: 30_010))
            #expect(again == DeviceRegistration(wrote: false, lastSeenAt: 30_000), "a repeat within the interval is a read")
        }
    }

    /// Registrations in one batch follow the rule as if made one after the other: of two registrations
    /// of one token the later decides, and a repeat of one just written writes nothing.
    @Test(arguments: TestDatabase.engines)
    func aBatchRegistersAsIfOneAfterTheOther(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            func request(_ platform: PushPlatform, _ member: Int?, at now: Int) -> DeviceTokenRequest {
                DeviceTokenRequest(token: "phone", platform: platform, memberID: member, refreshSeconds: 3600, now: now)
            }
            let registrations = try await database.withConnection { connection in
                try await DeviceTokenStore.register(
                    [
                        request(.ios, nil, at: 40_000), request(.android, nil, at: 40_000),
                        request(.ios, 1, at: 40_001), request(.ios, 1, at: 40_002),
                    ], on: connection)
            }
            #expect(
                registrations == [
                    DeviceRegistration(wrote: true, lastSeenAt: 40_000), DeviceRegistration(wrote: true, lastSeenAt: 40_000),
                    DeviceRegistration(wrote: true, lastSeenAt: 40_001), DeviceRegistration(wrote: false, lastSeenAt: 40_001),
                ])
            let rows = try await database.withConnection {
                try await $0.raw("SELECT platform, member_id, last_seen_at FROM device_tokens ORDER BY platform").all()
            }
            #expect(try rows.map { try $0.decode(column: "platform", as: String.self) } == ["android", "ios"])
            #expect(try rows.last?.decode(column: "member_id", as: Int?.self) == 1)
            #expect(try rows.last?.decode(column: "last_seen_at", as: Int.self) == 40_001)
            let repeated = try await database.withConnection { try await DeviceTokenStore.register([request(.ios, 1, at: 40_003)], on: $0) }
            #expect(repeated == [DeviceRegistration(wrote: false, lastSeenAt: 40_001)], "the stored registration is read back")
        }
    }
}
