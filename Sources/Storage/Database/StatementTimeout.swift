import PostgresKit

/// PostgreSQL cancelled a statement that ran past `statement_timeout` (SQLSTATE 57014).
enum StatementTimeout {
    static func isTimeout(_ error: any Error) -> Bool {
        (error as? PSQLError)?.serverInfo?[.sqlState] == "57014"
    }
}
