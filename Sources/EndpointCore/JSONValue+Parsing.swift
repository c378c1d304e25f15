import Foundation

extension JSONValue {
    /// Parses JSON text. Numbers with a fraction or exponent become strings (no property here is
    /// fractional); nil when the text is not JSON.
    public init?(parsing text: String) {
        guard let parsed = try? JSONDecoder().decode(ParsedJSON.self, from: Data(text.utf8)) else { return nil }
        self = parsed.value
    }

    /// The object's value for `key`, if this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.last { $0.key == key }?.value
    }
}

/// Decodes any JSON into a ``JSONValue`` (object keys sorted, since decoding loses their order).
private struct ParsedJSON: Decodable {
    let value: JSONValue

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            self.value = .object(
                try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
                    (key: key.stringValue, value: try object.decode(ParsedJSON.self, forKey: key).value)
                })
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !array.isAtEnd { values.append(try array.decode(ParsedJSON.self).value) }
            self.value = .array(values)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self.value = .null
        } else if let bool = try? single.decode(Bool.self) {
            self.value = .bool(bool)
        } else if let int = try? single.decode(Int.self) {
            self.value = .int(int)
        } else if let double = try? single.decode(Double.self) {
            self.value = .string(String(double))
        } else {
            self.value = .string(try single.decode(String.self))
        }
    }
}
