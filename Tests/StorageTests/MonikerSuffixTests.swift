import Storage
import TestSupport
import Testing

/// Monikers of one base: the first collision takes the first free suffix, later ones the suffix after
/// the last given (kept per base, so a title given a thousand times costs no read of the thousand), a
/// suffix taken otherwise is passed over, and a removed moniker is not given again.
@Suite struct MonikerSuffixTests {
    @Test(arguments: TestDatabase.engines)
    func suffixesFollowTheLastGiven(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            try await database.transaction { connection in
                func assign(_ id: Int, _ label: String) async throws -> String {
                    try await ResourceIdentityStore.assign(.contactMessage, id: id, label: label, on: connection).moniker
                }
                #expect(try await assign(1, "Weekly update") == "weekly-update")
                #expect(try await assign(2, "Weekly update") == "weekly-update_2")
                // Taken otherwise before the suffixes reach it: a label whose moniker is `weekly-update_4`.
                #expect(try await assign(3, "weekly-update_4") == "weekly-update_4")
                #expect(try await assign(4, "Weekly update") == "weekly-update_3")
                #expect(try await assign(5, "Weekly update") == "weekly-update_5", "_4 passed over")
                try await ResourceIdentityStore.remove(.contactMessage, id: 2, on: connection)
                #expect(try await assign(6, "Weekly update") == "weekly-update_6", "a removed moniker is not given again")
                for id in 7...506 { _ = try await assign(id, "Weekly update: a title whose start is shared") }
                #expect(try await assign(507, "Weekly update: a title whose start is shared") == "weekly-update-a-title_501")
            }
        }
    }
}
