/// One value of a row in a mysqldump `INSERT`, as the dump wrote it.
public enum DumpValue: Equatable, Sendable {
    case null
    /// A number, as written (`12`, `-3`, `1.5e3`): the reader checks its shape, the caller its range.
    case number(String)
    /// A string's bytes, escapes undone: a quoted string, a `0x…` literal or a `_binary '…'` one.
    case bytes([UInt8])

    /// The value as text: a string's bytes as UTF-8 (nil when they are not), a number as written,
    /// nil for `NULL`.
    public var text: String? {
        switch self {
        case .null: return nil
        case .number(let digits): return digits
        case .bytes(let bytes): return String(validating: bytes, as: UTF8.self)
        }
    }

    /// The value as an integer: a number without a fraction, or a string holding one (MySQL compares
    /// `'5'` and `5` alike, and some of Composr's integer columns are strings).
    public var integer: Int? {
        switch self {
        case .null: return nil
        case .number(let digits): return Int(digits)
        case .bytes(let bytes): return String(validating: bytes, as: UTF8.self).flatMap { Int($0) }
        }
    }
}
