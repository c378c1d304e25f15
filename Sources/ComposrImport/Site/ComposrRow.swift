/// One row of a Composr table, its values found by column name, read as the import needs them.
struct ComposrRow {
    let table: String
    let values: [String: DumpValue]

    /// The row of `table` with `values` in the order of `columns`, keeping only the columns `kept`.
    init(table: String, columns: [String], values: [DumpValue], keeping kept: Set<String>) {
        self.table = table
        self.values = Dictionary(zip(columns, values).filter { kept.contains($0.0) }) { first, _ in first }
    }

    /// The column's value; a missing column means the dump is not of the Composr version this reads.
    func value(_ column: String) throws -> DumpValue {
        guard let value = self.values[column] else { throw ComposrImportError.missingColumn(table: self.table, column: column) }
        return value
    }

    func integer(_ column: String) throws -> Int {
        guard let number = try self.value(column).integer else { throw ComposrImportError.badValue(table: self.table, column: column) }
        return number
    }

    /// An ID, which Composr makes with `AUTO_INCREMENT` on unsigned columns: from 1 to 2³²−1. A zero
    /// or negative one (a hostile dump's) is refused with the row's table and column.
    func id(_ column: String) throws -> Int {
        let id = try self.integer(column)
        guard (1...Int(UInt32.max)).contains(id) else { throw ComposrImportError.badValue(table: self.table, column: column) }
        return id
    }

    func optionalInteger(_ column: String) throws -> Int? {
        let value = try self.value(column)
        guard value != .null else { return nil }
        guard let number = value.integer else { throw ComposrImportError.badValue(table: self.table, column: column) }
        return number
    }

    func flag(_ column: String) throws -> Bool { try self.integer(column) != 0 }

    func text(_ column: String) throws -> String {
        let value = try self.value(column)
        guard value != .null else { return "" }
        guard let text = value.text else { throw ComposrImportError.badValue(table: self.table, column: column) }
        return text
    }

    /// A translatable field: its text inline (`multi_lang_content` off), or the ID of its text in
    /// the translation table (on).
    func translatable(_ column: String) throws -> Translatable {
        switch try self.value(column) {
        case .number(let digits):
            guard let id = Int(digits) else { throw ComposrImportError.badValue(table: self.table, column: column) }
            return .reference(id)
        default:
            return .text(try self.text(column))
        }
    }
}

/// A translatable field's value before the translation table is read (it may come after).
enum Translatable: Equatable {
    case text(String)
    case reference(Int)

    func resolved(_ translations: [Int: String]) -> String {
        switch self {
        case .text(let text): return text
        case .reference(let id): return translations[id] ?? ""
        }
    }

    /// The text; '' until a reference is ``resolve(_:)``d.
    var text: String {
        if case .text(let text) = self { text } else { "" }
    }

    mutating func resolve(_ translations: [Int: String]) {
        self = .text(self.resolved(translations))
    }
}
