import Foundation
import PostgresKit
import SQLKit

/// A row of a prepared statement's result as the stores read it: a column of a type postgres-nio
/// decodes (every type the stores read: integers, text, booleans, optionals of them) is decoded
/// straight from its cell. postgres-kit's own row (`PostgresRow.sql()`) first made each column a
/// coding path, its name and index written into a new string, and tried its workarounds for Fluent:
/// a quarter of the server's time on a search's page of 20 articles of 28 columns each. Any other
/// type, or a column of a type PostgreSQL's user defined (postgres-kit reads those as strings), goes
/// through postgres-kit's row as before.
struct PostgresStoreRow: SQLRow {
    let row: PostgresRow
    private let cells: PostgresRandomAccessRow

    init(_ row: PostgresRow) {
        self.row = row
        self.cells = row.makeRandomAccess()
    }

    var allColumns: [String] {
        self.cells.map(\.columnName)
    }

    func contains(column: String) -> Bool {
        self.cells.contains(column)
    }

    func decodeNil(column: String) throws -> Bool {
        !self.cells.contains(column) || self.cells[column].bytes == nil
    }

    func decode<T: Decodable>(column: String, as type: T.Type) throws -> T {
        guard let decodable = T.self as? any PostgresDecodable.Type, !(T.self is Double.Type), !(T.self is Decimal.Type),
            self.cells.contains(column)
        else { return try self.row.sql().decode(column: column, as: T.self) }
        let cell = self.cells[column]
        guard !cell.dataType.isUserDefined else { return try self.row.sql().decode(column: column, as: T.self) }
        return try Self.decode(decodable, from: cell) as! T
    }

    private static func decode<Value: PostgresDecodable>(_ type: Value.Type, from cell: PostgresCell) throws -> Value {
        try cell.decode(Value.self)
    }
}
