/// What the reader found.
public enum DumpEvent: Equatable, Sendable {
    /// A table's definition: its name and its columns in order.
    case table(String, columns: [String])
    /// One row inserted into `table`, its values in the order of `columns`.
    case row(table: String, columns: [String], values: [DumpValue])
}

/// Why a dump could not be read, and where.
public struct DumpError: Error, Equatable, CustomStringConvertible {
    public let line: Int
    public let problem: String

    public var description: String { "Line \(self.line) of the dump: \(self.problem)." }
}
