import SQLKit
import SiteStore
import TestSupport
import Testing

/// News, groups and members as the stores write them: one `UPDATE` of exactly the changed columns,
/// identities relabelled with their resources, references set and cleared, on both engines.
@Suite struct ContentStoreTests {
    @Test(arguments: TestDatabase.engines)
    func newsChangesApplyOnlyWhatIsGiven(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            try await database.transaction { connection in
                let category = try await NewsStore.createCategory(label: "World", on: connection, now: 100)
                let article = try await NewsStore.createArticle(title: "First", categoryID: category, submitterID: 1, on: connection, now: 200)

                var changes = NewsArticleChanges()
                changes.summary = "Short"
                changes.submitterID = .some(nil)
                try await NewsStore.apply(changes, toArticle: article, editedAt: 300, on: connection)
                let stored = try #require(try await NewsStore.article(id: article, on: connection))
                #expect(stored.summary == "Short" && stored.title == "First" && stored.submitterID == nil && stored.editDate == 300)

                var rename = NewsArticleChanges()
                rename.title = "Renamed"
                try await NewsStore.apply(rename, toArticle: article, editedAt: nil, on: connection)
                #expect(try await ResourceIdentityStore.find(.news, id: article, on: connection)?.label == "Renamed")
                #expect(try await ResourceIdentityStore.find(.news, id: article, on: connection)?.moniker == "first", "the moniker stays")

                var owner = NewsCategoryChanges()
                owner.ownerID = .some(1)
                try await NewsStore.apply(owner, toCategory: category, on: connection, now: 400)
                #expect(try await NewsStore.category(id: category, on: connection)?.ownerID == 1)
                #expect(try await NewsStore.category(id: category, on: connection)?.editedAt == 400)
                try await NewsStore.apply(NewsCategoryChanges(), toCategory: category, on: connection, now: 500)
                #expect(try await NewsStore.category(id: category, on: connection)?.editedAt == 400, "no change, no new edit time")
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func duplicateNamesAreReportedAsWhatTheyAre(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let group = try await GroupStore(database: database).groupID(for: .members)
            let alice = try await MemberStore(database: database).create(
                NewMember(username: "alice", email: "a@example.com", passwordHash: "", primaryGroupID: group))
            _ = try await MemberStore(database: database).create(NewMember(username: "bob", email: "b@example.com", passwordHash: "", primaryGroupID: group))
            var changes = MemberChanges()
            changes.email = "B@example.com"
            await #expect(throws: DuplicateValue(.email, "B@example.com")) {
                try await database.transaction { try await MemberStore.apply(changes, to: alice, on: $0) }
            }
            var rename = GroupChanges()
            rename.name = "members"
            await #expect(throws: DuplicateValue(.groupName, "members")) {
                try await database.transaction { try await GroupStore.apply(rename, to: 2, on: $0) }
            }
        }
    }
}
