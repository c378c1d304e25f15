import News
import SQLKit
import Storage
import TestSupport
import Testing

/// News as the stores write it: one `UPDATE` of exactly the changed columns, identities relabelled
/// with their resources, references set and cleared, on both engines.
@Suite struct ContentStoreTests {
    @Test(arguments: TestDatabase.engines)
    func newsChangesApplyOnlyWhatIsGiven(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            try await database.transaction { connection in
                let category = try await NewsStore.createCategory(label: "World", on: connection, now: 100)
                let article = try await ArticleWriter(publicURL: "").create(title: "First", categoryID: category, submitterID: 1, on: connection, now: 200).id

                var changes = NewsArticleChanges()
                changes.summary = "Short"
                changes.submitterID = .some(nil)
                try await ArticleWriter(publicURL: "").apply(changes, toArticle: article, editedAt: 300, on: connection, now: UnixTime.now)
                let stored = try #require(try await NewsStore.article(id: article, on: connection))
                #expect(stored.summary == "Short" && stored.title == "First" && stored.submitterID == nil && stored.editDate == 300)

                var rename = NewsArticleChanges()
                rename.title = "Renamed"
                try await ArticleWriter(publicURL: "").apply(rename, toArticle: article, editedAt: nil, on: connection, now: UnixTime.now)
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
}
