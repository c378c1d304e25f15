/// An `INSERT … RETURNING` returned no row: the database refused the row without raising an error,
/// which a constraint-respecting insert never does.
public struct InsertedRowMissing: Error, CustomStringConvertible {
    public let table: String

    public init(table: String) {
        self.table = table
    }

    public var description: String { "Inserting into \(self.table) returned no row." }
}
