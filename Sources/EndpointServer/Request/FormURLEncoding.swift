package import EndpointCore
import Messages

/// Decodes `application/x-www-form-urlencoded` text (query strings and form bodies).
///
/// `+` is a space and `%XX` a byte, as browsers, PHP and both SDKs encode; the decoded bytes must be
/// valid UTF-8. A malformed escape or invalid UTF-8 is refused rather than silently altered, so a
/// password is never hashed differently from what the user typed.
package enum FormURLEncoding {
    /// The name/value pairs of `bytes`, in order; empty names are skipped (as PHP does).
    package static func decode(_ bytes: some Collection<UInt8>) throws(EndpointError) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        var start = bytes.startIndex
        while start != bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
            let field = bytes[start..<end]
            if let equals = field.firstIndex(of: UInt8(ascii: "=")) {
                let name = try Self.decodeComponent(field[..<equals])
                let value = try Self.decodeComponent(field[field.index(after: equals)...])
                if !name.isEmpty { pairs.append((name, value)) }
            } else if !field.isEmpty {
                pairs.append((try Self.decodeComponent(field), ""))
            }
            start = end == bytes.endIndex ? end : bytes.index(after: end)
        }
        return pairs
    }

    /// Percent-decodes one component; `+` becomes a space. Text with nothing to decode (most names
    /// and values) is only checked to be UTF-8.
    package static func decodeComponent(_ bytes: some Collection<UInt8>, plusIsSpace: Bool = true) throws(EndpointError) -> String {
        guard bytes.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) else {
            guard let text = String(validating: bytes, as: UTF8.self) else { throw .badRequest(.invalidEncoding) }
            return text
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                let high = bytes.index(after: index)
                guard high != bytes.endIndex else { throw .badRequest(.invalidEncoding) }
                let low = bytes.index(after: high)
                guard low != bytes.endIndex, let h = Self.hexValue(bytes[high]), let l = Self.hexValue(bytes[low]) else {
                    throw .badRequest(.invalidEncoding)
                }
                output.append(h << 4 | l)
                index = bytes.index(after: low)
            } else {
                output.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index = bytes.index(after: index)
            }
        }
        guard let text = String(validating: output, as: UTF8.self) else { throw .badRequest(.invalidEncoding) }
        return text
    }

    /// The value of a hexadecimal digit of either case.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
