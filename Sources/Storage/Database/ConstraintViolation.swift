import Foundation
import PostgresKit
import SQLiteKit

/// Recognises a unique-constraint violation in a driver error, on either engine.
///
/// Uniqueness is decided by the database (never by check-then-insert), so callers need to tell which
/// unique index refused a row to turn it into the right message.
public enum ConstraintViolation {
    /// The name of the unique index or constraint that `error` reports as violated, if it is one.
    ///
    /// SQLite reports `UNIQUE constraint failed: index 'NAME'` for expression indexes and
    /// `UNIQUE constraint failed: table.column` for column constraints; PostgreSQL gives SQLSTATE 23505
    /// with the constraint name in the error's fields.
    public static func uniqueIndexName(in error: any Error) -> String? {
        if let error = error as? PSQLError {
            guard error.serverInfo?[.sqlState] == "23505" else { return nil }
            return error.serverInfo?[.constraintName]
        }
        if let error = error as? SQLiteError {
            guard error.message.contains("UNIQUE constraint failed") else { return nil }
            if let open = error.message.range(of: "index '"), let close = error.message[open.upperBound...].firstIndex(of: "'") {
                return String(error.message[open.upperBound..<close])
            }
            return String(error.message.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespaces)
        }
        return nil
    }
}
