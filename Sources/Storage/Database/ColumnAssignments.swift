package import SQLKit

/// The `SET` list of an `UPDATE` built from optional changes: a column is assigned only when its new
/// value is given, so one statement applies whatever a caller changed.
package struct ColumnAssignments {
    package private(set) var list: [SQLQueryString] = []

    /// Assigns `value` to `column` (a constant of the calling store, never input) when it is given.
    package init() {}

    package mutating func set(_ column: String, _ value: (any Encodable & Sendable)?) {
        if let value { self.list.append("\(unsafeRaw: column) = \(bind: value)") }
    }

    package var isEmpty: Bool { self.list.isEmpty }

    /// `a = ?, b = ?…` for the statement.
    package var sql: SQLQueryString { self.list.joined(separator: ", ") }
}
