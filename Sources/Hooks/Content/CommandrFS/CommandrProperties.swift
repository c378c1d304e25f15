import Auth
import EndpointCore
import Messages
import Text

/// The properties a client sent for a `.cms` file, read with the types each property must have.
///
/// Keys that are read are remembered, so ``rejectUnread(allowingUnchanged:)`` can refuse unknown or
/// read-only keys — except those whose value is what was read, so a client may send back what it got
/// with one value changed.
struct CommandrProperties {
    private let pairs: [(key: String, value: JSONValue)]
    private var read: Set<String> = []

    init(_ pairs: [(key: String, value: JSONValue)]) {
        self.pairs = pairs
    }

    private mutating func value(_ key: String) -> JSONValue? {
        self.read.insert(key)
        return self.pairs.last { $0.key == key }?.value
    }

    /// A text property (numbers are accepted as their digits) of at most `maximumLength` Unicode
    /// scalars.
    mutating func text(_ key: String, maximumLength: Int = 255) throws(EndpointError) -> String? {
        let text = try self.uncheckedText(key)
        if let text, !TextLength.fits(text, atMost: maximumLength) { throw .refused(.fieldTooLong, key, String(maximumLength)) }
        return text
    }

    /// A text property whose limit the feature's writer checks (an article's: ``ArticleFieldCheck``).
    mutating func uncheckedText(_ key: String) throws(EndpointError) -> String? {
        switch self.value(key) {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case .int(let number)?: return String(number)
        default: throw .refused(.invalidProperty, key)
        }
    }

    /// A whole number.
    mutating func integer(_ key: String, in range: ClosedRange<Int> = Int(Int32.min)...Int(Int32.max)) throws(EndpointError) -> Int? {
        switch self.value(key) {
        case nil, .null?: return nil
        case .int(let number)? where range.contains(number): return number
        case .string(let text)?:
            guard let number = Int(text.trimmingWhitespace), range.contains(number) else { throw .refused(.invalidProperty, key) }
            return number
        default: throw .refused(.invalidProperty, key)
        }
    }

    /// A whole number that may be cleared: nil when absent, `.some(nil)` when null or empty text.
    mutating func clearableInteger(_ key: String, in range: ClosedRange<Int>) throws(EndpointError) -> Int?? {
        switch self.value(key) {
        case nil: return nil
        case .null?: return .some(nil)
        case .string(let text)? where text.trimmingWhitespace.isEmpty: return .some(nil)
        default: return .some(try self.integer(key, in: range))
        }
    }

    /// The value as sent, for properties that are JSON structures (checked by the caller).
    mutating func structure(_ key: String) -> JSONValue? {
        self.value(key)
    }

    /// A 0/1 switch (JSON booleans accepted).
    mutating func flag(_ key: String) throws(EndpointError) -> Bool? {
        if case .bool(let value)? = self.pairs.last(where: { $0.key == key })?.value {
            self.read.insert(key)
            return value
        }
        return try self.integer(key, in: 0...1).map { $0 == 1 }
    }

    /// A portable time (`YYYY-MM-DD HH:MM:SS`); `.some(nil)` when explicitly null or empty.
    mutating func time(_ key: String) throws(EndpointError) -> Int?? {
        switch self.value(key) {
        case nil: return nil
        case .null?: return .some(nil)
        case .string(let text)? where text.trimmingWhitespace.isEmpty: return .some(nil)
        case .string(let text)?:
            guard let time = PortableTime.parse(text) else { throw .refused(.invalidProperty, key) }
            return .some(time)
        default: throw .refused(.invalidProperty, key)
        }
    }

    /// A reference to another resource (`{"id": …}` as sent on read, or the bare ID); `.some(nil)`
    /// when explicitly null.
    mutating func reference(_ key: String) throws(EndpointError) -> Int?? {
        switch self.value(key) {
        case nil: return nil
        case .null?: return .some(nil)
        case let value?:
            guard let id = Self.referencedID(value) else { throw .refused(.invalidProperty, key) }
            return .some(id)
        }
    }

    /// A list of texts: a JSON array of strings, or one string listing them with commas between
    /// (Composr's `meta_keywords`). Their limits are the feature's writer's to check.
    mutating func texts(_ key: String) throws(EndpointError) -> [String]? {
        switch self.value(key) {
        case nil, .null?: return nil
        case .string(let text)?: return text.commaSeparatedItems
        case .array(let values)?:
            return try values.map { value throws(EndpointError) in
                guard case .string(let text) = value else { throw .refused(.invalidProperty, key) }
                return text
            }
        default: throw .refused(.invalidProperty, key)
        }
    }

    /// A list of references.
    mutating func references(_ key: String) throws(EndpointError) -> [Int]? {
        switch self.value(key) {
        case nil: return nil
        case .array(let values)?:
            var ids: [Int] = []
            for value in values {
                guard let id = Self.referencedID(value) else { throw .refused(.invalidProperty, key) }
                ids.append(id)
            }
            return ids
        default: throw .refused(.invalidProperty, key)
        }
    }

    private static func referencedID(_ value: JSONValue) -> Int? {
        switch value {
        case .int(let id): id
        case .string(let text): Int(text)
        case .object: value["id"].flatMap(Self.referencedID)
        default: nil
        }
    }

    /// Refuses keys that were not read, unless `current` has the same value for them (read-only
    /// properties sent back unchanged).
    func rejectUnread(allowingUnchanged current: JSONValue) throws(EndpointError) {
        for (key, value) in self.pairs where !self.read.contains(key) {
            guard let existing = current[key] else { throw .refused(.unknownProperty, key) }
            guard Self.same(existing, value) else { throw .refused(.readOnlyProperty, key) }
        }
    }

    /// Equality that ignores the order of object keys (parsed objects lose it).
    private static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let left), .object(let right)):
            let rightByKey = Dictionary(right.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
            return left.count == rightByKey.count && left.allSatisfy { pair in rightByKey[pair.key].map { Self.same(pair.value, $0) } ?? false }
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { Self.same($0, $1) }
        default:
            return a == b
        }
    }
}
