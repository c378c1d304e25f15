import Auth
import Storage
import TestSupport
import Testing

/// Members and groups as their stores write them: a name or address another already holds is
/// reported as what it is, on both engines.
@Suite struct DuplicateNameTests {
    @Test(arguments: TestDatabase.engines)
    func duplicateNamesAreReportedAsWhatTheyAre(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let group = try await database.groups.groupID(for: .members)
            let alice = try await database.members.create(
                NewMember(username: "alice", email: "a@example.com", passwordHash: "", primaryGroupID: group), now: UnixTime.now)
            _ = try await database.members.create(
                NewMember(username: "bob", email: "b@example.com", passwordHash: "", primaryGroupID: group), now: UnixTime.now)
            var changes = MemberChanges()
            changes.email = "B@example.com"
            await #expect(throws: DuplicateValue(.email, "B@example.com")) {
                try await database.transaction { try await MemberStore.apply(changes, to: alice, on: $0, now: UnixTime.now) }
            }
            var rename = GroupChanges()
            rename.name = "members"
            await #expect(throws: DuplicateValue(.groupName, "members")) {
                try await database.transaction { try await GroupStore.apply(rename, to: 2, on: $0) }
            }
        }
    }
}
