package import EndpointCore
import Messages
package import NIOCore

/// Decodes `application/x-www-form-urlencoded` text (query strings and form bodies).
///
/// `+` is a space and `%XX` a byte, as browsers, PHP and both SDKs encode; the decoded bytes must be
/// valid UTF-8. A malformed escape or invalid UTF-8 is refused rather than silently altered, so a
/// password is never hashed differently from what the user typed.
///
/// The work is done on the bytes in place: walked as a generic collection, every byte was a call
/// through type metadata, which made a 2 MB body take a second in a debug build (the test suite's).
package enum FormURLEncoding {
    /// The name/value pairs of `bytes`, in order; empty names are skipped (as PHP does).
    package static func decode(_ bytes: some Collection<UInt8>) throws(EndpointError) -> [(name: String, value: String)] {
        try Self.inPlace(bytes, Self.fields)
    }

    /// The name/value pairs of a form body.
    package static func decode(_ body: ByteBuffer) throws(EndpointError) -> [(name: String, value: String)] {
        try body.withUnsafeReadableBytes { bytes in Result { () throws(EndpointError) in try Self.fields(bytes) } }.get()
    }

    /// Percent-decodes one component; `+` becomes a space unless `plusIsSpace` is false.
    package static func decodeComponent(_ bytes: some Collection<UInt8>, plusIsSpace: Bool = true) throws(EndpointError) -> String {
        try Self.inPlace(bytes) { raw throws(EndpointError) in try Self.component(raw, 0..<raw.count, plusIsSpace: plusIsSpace) }
    }

    /// `body` applied to the contiguous bytes of `bytes` (copied first only when they are not).
    private static func inPlace<Result>(
        _ bytes: some Collection<UInt8>, _ body: (UnsafeRawBufferPointer) throws(EndpointError) -> Result
    ) throws(EndpointError) -> Result {
        let outcome = bytes.withContiguousStorageIfAvailable { buffer in
            Swift.Result { () throws(EndpointError) in try body(UnsafeRawBufferPointer(buffer)) }
        }
        if let outcome { return try outcome.get() }
        return try Array(bytes).withUnsafeBytes { raw in Swift.Result { () throws(EndpointError) in try body(raw) } }.get()
    }

    private static func fields(_ bytes: UnsafeRawBufferPointer) throws(EndpointError) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        var start = 0
        while start < bytes.count {
            let end = Self.firstIndex(of: UInt8(ascii: "&"), in: bytes, start..<bytes.count) ?? bytes.count
            if let equals = Self.firstIndex(of: UInt8(ascii: "="), in: bytes, start..<end) {
                let name = try Self.component(bytes, start..<equals, plusIsSpace: true)
                let value = try Self.component(bytes, (equals + 1)..<end, plusIsSpace: true)
                if !name.isEmpty { pairs.append((name, value)) }
            } else if start < end {
                pairs.append((try Self.component(bytes, start..<end, plusIsSpace: true), ""))
            }
            start = end + 1
        }
        return pairs
    }

    /// Where `byte` first occurs in `range` of `bytes`.
    private static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// The percent-decoded `range` of `bytes`. Text with nothing to decode (most names and values)
    /// is only checked to be UTF-8.
    private static func component(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, plusIsSpace: Bool) throws(EndpointError) -> String {
        let escaped = Self.firstIndex(of: UInt8(ascii: "%"), in: bytes, range) != nil
        guard escaped || (plusIsSpace && Self.firstIndex(of: UInt8(ascii: "+"), in: bytes, range) != nil) else {
            return try Self.text(UnsafeRawBufferPointer(rebasing: bytes[range]))
        }
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < range.upperBound, let high = Self.hexValue(bytes[index + 1]), let low = Self.hexValue(bytes[index + 2]) else {
                    throw .badRequest(.invalidEncoding)
                }
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        guard let text = String(validating: output, as: UTF8.self) else { throw .badRequest(.invalidEncoding) }
        return text
    }

    /// `bytes` as a string, when they are UTF-8.
    private static func text(_ bytes: UnsafeRawBufferPointer) throws(EndpointError) -> String {
        guard let text = String(validating: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self) else {
            throw .badRequest(.invalidEncoding)
        }
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
