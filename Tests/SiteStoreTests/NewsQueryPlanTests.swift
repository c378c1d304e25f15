import Foundation
import SQLKit
import SiteStore
import TestSupport
import Testing

/// The news API's statements are index-backed: no plan reads the whole `news` table, on either engine
/// (PostgreSQL is told to avoid sequential scans, so a plan that still has one has no index to use).
@Suite struct NewsQueryPlanTests {
    @Test(arguments: TestDatabase.engines)
    func noStatementScansTheWholeNewsTable(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let now = UnixTime.now
            try await database.transaction { connection in
                let general = try #require(try await NewsFeedStore.categoryID("general", on: connection))
                for index in 0..<300 {
                    _ = try await NewsStore.createArticle(title: "Story \(index)", categoryID: general, submitterID: 1, on: connection, now: now - index)
                }
                try await connection.raw("ANALYZE").run()
            }
            let position = NewsFeedStore.Position(addDate: now - 100, id: 100)
            let statements: [(String, SQLQueryString)] = [
                ("articles", NewsFeedStore.articlesQuery(in: nil, after: nil, limit: 21, now: now)),
                ("articles after a cursor", NewsFeedStore.articlesQuery(in: nil, after: position, limit: 21, now: now)),
                ("articles of categories", NewsFeedStore.articlesQuery(in: [1, 2], after: position, limit: 21, now: now)),
                ("top", NewsFeedStore.topQuery(perCategory: 3, in: nil, now: now, postgres: engine == .postgres)),
                ("categories", NewsFeedStore.categoriesQuery(now: now)),
                ("next clock change", NewsFeedStore.nextClockChangeQuery(after: now)),
                ("Floki: anything older", NewsFeedStore.hasArticlesQuery(in: nil, withGallery: false, below: position, now: now)),
                ("Floki: the oldest of 50 held", NewsFeedStore.oldestPositionQuery(in: nil, withGallery: false, ids: 250...300, now: now)),
                ("Floki: the oldest of all held", NewsFeedStore.oldestPositionQuery(in: nil, withGallery: false, ids: 1...100_000, now: now)),
                (
                    "Floki: placed outside what is held",
                    NewsFeedStore.placedOutsideQuery(
                        in: nil, withGallery: false, ids: 250...300, from: NewsFeedStore.Position(addDate: now - 200, id: 1), below: position,
                        limit: 200, now: now)
                ),
            ]
            let galleryStatements: [(String, SQLQueryString)] = [
                ("Floki: the Gallery tab", NewsFeedStore.articlesQuery(in: nil, withGallery: true, after: nil, limit: 11, now: now)),
                ("MIT News: the featured strip", NewsFeedStore.articlesQuery(in: nil, featuredOnly: true, after: nil, limit: 21, now: now)),
                ("MIT News: featured after a cursor", NewsFeedStore.articlesQuery(in: nil, featuredOnly: true, after: position, limit: 21, now: now)),
                ("Floki: a gallery older", NewsFeedStore.hasArticlesQuery(in: nil, withGallery: true, below: position, now: now)),
                (
                    "Floki: articles gone",
                    NewsFeedStore.changedArticlesQuery(in: nil, withGallery: false, ids: 1...300, shown: false, limit: 1_000, now: now)
                ),
            ]
            try await database.withConnection { connection in
                if engine == .postgres { try await connection.raw("SET enable_seqscan = off").run() }
                for (name, statement) in statements + galleryStatements {
                    let plan = try await Self.plan(statement, engine: engine, on: connection.sql)
                    #expect(Self.fullScans(plan, engine: engine).isEmpty, "\(name) scans news: \(plan.joined(separator: "\n"))")
                }
            }
        }
    }

    /// The plan lines that read all of `news`: a table scan, or a walk of a whole index (SQLite's
    /// `SCAN … USING INDEX`; on PostgreSQL a scan node on news without an index condition).
    static func fullScans(_ plan: [String], engine: DatabaseEngine) -> [String] {
        guard engine == .postgres else {
            return plan.filter { $0.range(of: #"^SCAN (news|n|s|t)( |$)"#, options: .regularExpression) != nil }
        }
        return plan.indices.filter { index in
            let line = plan[index]
            guard line.contains("Scan") && line.contains(" on news ") else { return false }
            let details = plan[(index + 1)...].prefix { !$0.hasPrefix("->") }
            return !details.contains { $0.hasPrefix("Index Cond") || $0.hasPrefix("Recheck Cond") }
        }.map { plan[$0] }
    }

    static func plan(_ statement: SQLQueryString, engine: DatabaseEngine, on connection: any SQLDatabase) async throws -> [String] {
        let rows = try await connection.raw("\(unsafeRaw: engine == .sqlite ? "EXPLAIN QUERY PLAN" : "EXPLAIN") \(statement)").all()
        return try rows.map { try $0.decode(column: engine == .sqlite ? "detail" : "QUERY PLAN", as: String.self).trimmingCharacters(in: .whitespaces) }
    }
}
