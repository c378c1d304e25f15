extension JSONValue {
    /// Compact JSON text, UTF-8.
    ///
    /// Control characters and the JavaScript line separators U+2028/U+2029 are escaped; other
    /// non-ASCII characters are written as UTF-8 (the response declares `charset=utf-8`). Written as
    /// bytes, copying each run of characters that needs no escape at once: answers with article bodies
    /// are tens of kilobytes.
    public var serialized: String {
        String(decoding: self.serializedBytes, as: UTF8.self)
    }

    /// ``serialized`` as its UTF-8 bytes.
    public var serializedBytes: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        self.write(to: &output)
        return output
    }

    private func write(to output: inout [UInt8]) {
        switch self {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let value):
            output.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value):
            output.append(contentsOf: String(value).utf8)
        case .string(let value):
            Self.writeString(value, to: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let pairs):
            output.append(UInt8(ascii: "{"))
            for (index, pair) in pairs.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(pair.key, to: &output)
                output.append(UInt8(ascii: ":"))
                pair.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef")

    private static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                // Only these bytes can begin something to escape; the test is all a long text's
                // ordinary bytes meet (a switch building each escape was 4 ns a byte).
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2 else {
                    index += 1
                    continue
                }
                let (escape, width) = Self.escape(bytes, at: index)
                guard let escape else {
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                output.append(contentsOf: escape.utf8)
                index += width
                runStart = index
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        }
        output.append(UInt8(ascii: "\""))
    }

    /// The escape for the character beginning at `index` of `bytes`, and its width in bytes; nil for
    /// one written as it is.
    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (String?, Int) {
        switch bytes[index] {
        case UInt8(ascii: "\""): (#"\""#, 1)
        case UInt8(ascii: "\\"): (#"\\"#, 1)
        case UInt8(ascii: "\n"): (#"\n"#, 1)
        case UInt8(ascii: "\r"): (#"\r"#, 1)
        case UInt8(ascii: "\t"): (#"\t"#, 1)
        case let byte where byte < 0x20: ("\\u00" + String(Self.hexDigits[Int(byte >> 4)]) + String(Self.hexDigits[Int(byte & 0xF)]), 1)
        // U+2028 and U+2029 (E2 80 A8/A9): valid JSON, but line breaks to JavaScript.
        case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
            (bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029", 3)
        default: (nil, 1)
        }
    }
}
