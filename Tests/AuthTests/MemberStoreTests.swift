import Auth
import SQLKit
import Storage
import TestSupport
import Testing

/// Accounts as stored: uniqueness decided by the database on both engines.
@Suite struct MemberStoreTests {
    @Test(arguments: TestDatabase.engines)
    func simultaneousAccountsWithOneNameMakeExactlyOne(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let members = database.members
            let group = try await database.groups.groupID(for: .members)
            let outcomes = await withTaskGroup(of: Result<Int, any Error>.self) { tasks in
                for attempt in 0..<8 {
                    tasks.addTask {
                        await Result(catching: {
                            try await members.create(
                                NewMember(
                                    username: attempt.isMultiple(of: 2) ? "Twin" : "twin",
                                    email: "twin\(attempt)@example.com", passwordHash: "", primaryGroupID: group
                                ), now: UnixTime.now)
                        })
                    }
                }
                return await tasks.reduce(into: []) { $0.append($1) }
            }
            let created = outcomes.compactMap { try? $0.get() }
            #expect(created.count == 1)
            for outcome in outcomes {
                if case .failure(let error) = outcome {
                    #expect((error as? DuplicateValue)?.field == .username, "\(String(reflecting: error))")
                }
            }
            let rows = try await database.withConnection { try await $0.raw("SELECT id FROM members WHERE lower(username) = 'twin'").all() }
            #expect(rows.count == 1)
        }
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
