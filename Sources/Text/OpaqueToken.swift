import Foundation

/// The text of a token handed to apps (cursors, sync tokens): a version tag and fields, joined with
/// `~` and base64url-encoded, so apps treat it as opaque and it travels in a query string untouched.
/// Decoding is strict: anything that is not exactly what ``encode(_:)`` writes of printable fields is
/// nil.
public enum OpaqueToken {
    public static func encode(_ fields: [String]) -> String {
        Data(fields.joined(separator: "~").utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    public static func decode(_ text: String) -> [String]? {
        guard !text.isEmpty, text.utf8.count <= 1024,
            text.utf8.allSatisfy({ $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
        else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let decoded = String(data: data, encoding: .utf8),
            decoded.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }), Self.encode([decoded]) == text
        else { return nil }
        return decoded.split(separator: "~", omittingEmptySubsequences: false).map(String.init)
    }
}

extension UInt8 {
    /// Whether the byte is an ASCII letter or digit.
    public var isASCIIAlphanumeric: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
