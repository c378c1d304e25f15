import SQLKit
import Storage

/// What a database says it will do for a statement, read by tests that check a statement uses its
/// index: SQLite's `EXPLAIN QUERY PLAN` details, PostgreSQL's `EXPLAIN` lines, trimmed.
package enum QueryPlan {
    package static func lines(_ statement: SQLQueryString, engine: DatabaseEngine, on connection: any SQLDatabase) async throws -> [String] {
        let rows = try await connection.raw("\(unsafeRaw: engine == .sqlite ? "EXPLAIN QUERY PLAN" : "EXPLAIN") \(statement)").all()
        return try rows.map { try $0.decode(column: engine == .sqlite ? "detail" : "QUERY PLAN", as: String.self).trimmingCharacters(in: .whitespaces) }
    }
}
