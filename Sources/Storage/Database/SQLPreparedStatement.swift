import PostgresKit

/// A statement SQLKit built, run through postgres-nio's prepared statements.
///
/// postgres-nio prepares a statement once per connection, and runs it by name afterwards, only through
/// `PostgresPreparedStatement`, whose name, text and parameter types are static: one type per
/// statement written in advance. The stores' statements are built by SQLKit at run time, so this one
/// type reads them from a task-local value set around each call (postgres-nio reads them once, when the
/// call starts, in the calling task).
struct SQLPreparedStatement: PostgresPreparedStatement {
    struct Identity: Sendable {
        /// The statement's name on its connection (see ``PreparedStatements``).
        let name: String
        let sql: String
        let types: [PostgresDataType]
    }

    @TaskLocal static var identity: Identity?

    static var name: String { Self.identity?.name ?? "" }
    static var sql: String { Self.identity?.sql ?? "" }
    static var bindingDataTypes: [PostgresDataType] { Self.identity?.types ?? [] }

    let bindings: PostgresBindings

    func makeBindings() -> PostgresBindings { self.bindings }
    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}
