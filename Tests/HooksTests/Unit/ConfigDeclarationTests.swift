import Auth
import Storage
import TestSupport
import Testing

@testable import Hooks

/// Every config option is declared once, and the declarations agree with what the migrations seed and
/// with what `/etc` accepts: an option added to one place and not the other fails here.
@Suite struct ConfigDeclarationTests {
    @Test(arguments: TestDatabase.engines)
    func theMigrationsSeedExactlyTheDeclaredOptionsWithTheirDefaults(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let seeded = Dictionary(uniqueKeysWithValues: try await database.withConnection { try await ConfigStore.all(on: $0) }.map { ($0.name, $0.value) })
            let declared = ConfigOption.declared
            #expect(Set(seeded.keys).subtracting(declared.map(\.name)).sorted() == [], "seeded, declared nowhere")
            #expect(Set(declared.map(\.name)).subtracting(seeded.keys).sorted() == [], "declared, seeded by no migration")
            for option in declared where seeded[option.name] != nil {
                #expect(seeded[option.name] == option.defaultValue, "\(option.name): seeded \(seeded[option.name] ?? ""), declared \(option.defaultValue)")
            }
        }
    }

    @Test func namesAreUniqueAndEveryDefaultPassesItsOwnRule() throws {
        let names = ConfigOption.declared.map(\.name)
        #expect(Set(names).count == names.count)
        for option in ConfigOption.declared {
            #expect(try ConfigOptionRule.check(option.defaultValue, option: option.name, kind: option.kind) == option.defaultValue, "\(option.name)")
            #expect(!option.summary.isEmpty && option.summary.hasSuffix("."), "\(option.name): a sentence says what it does")
        }
    }

    @Test func aNumberIsReadWithinItsRangeAndTheDefaultStandsInForNonsense() {
        let options = ConfigOptions(["minimum_password_length": "0", "news_max_age_seconds": "999999", "push_max_attempts": "ten", "dobs": "x"])
        #expect(options.integer(.minimumPasswordLength) == 1)
        #expect(options.integer(.newsMaxAgeSeconds) == 86_400)
        #expect(options.integer(.pushMaxAttempts) == 10)
        #expect(options.flag(.datesOfBirth) == true, "unreadable: the default")
        #expect(ConfigOptions(["dobs": " 0 "]).flag(.datesOfBirth) == false)
        #expect(ConfigOptions(["push_max_attempts": " 7 "]).integer(.pushMaxAttempts) == 7, "spaces around a number are no nonsense")
        #expect(ConfigOptions([:]).list(.restrictedUsernames).count == 7)
    }
}
