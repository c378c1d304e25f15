package import Messages
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
    package static func decode(_ bytes: some Collection<UInt8>) throws(Refusal) -> [(name: String, value: String)] {
        try Self.inPlace(bytes, Self.pairs)
    }

    /// The name/value pairs of a form body.
    package static func decode(_ body: ByteBuffer) throws(Refusal) -> [(name: String, value: String)] {
        try body.withUnsafeReadableBytes { bytes in Result { () throws(Refusal) in try Self.pairs(bytes) } }.get()
    }

    /// The fields of `bytes` by name, as ``ParameterFields`` makes them of ``decode(_:)``'s pairs (a name
    /// sent twice is refused, and a malformed escape anywhere is refused first), in one pass without the
    /// list of pairs: every request's query string and form body is read this way.
    package static func table(_ bytes: some Collection<UInt8>) throws(Refusal) -> [String: String] {
        try Self.inPlace(bytes, Self.table)
    }

    /// The fields of a form body by name, as for a query string.
    package static func table(_ body: ByteBuffer) throws(Refusal) -> [String: String] {
        try body.withUnsafeReadableBytes { bytes in Result { () throws(Refusal) in try Self.table(bytes) } }.get()
    }

    /// `text` as one component of a query or form: every byte but ASCII letters, digits and `-._~`
    /// percent-encoded (a space too, as `%20`), so it reads back as itself whatever it holds.
    package static func encode(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if Self.isUnreserved(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                output += "%" + String(Self.hexDigits[Int(byte >> 4)]) + String(Self.hexDigits[Int(byte & 0x0F)])
            }
        }
        return output
    }

    /// `text` as one path segment: as ``encode(_:)``, which leaves nothing a path gives a meaning to.
    package static func encodeSegment(_ text: String) -> String {
        Self.encode(text)
    }

    private static let hexDigits = Array("0123456789ABCDEF")

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// Percent-decodes one component; `+` becomes a space unless `plusIsSpace` is false.
    package static func decodeComponent(_ bytes: some Collection<UInt8>, plusIsSpace: Bool = true) throws(Refusal) -> String {
        try Self.inPlace(bytes) { raw throws(Refusal) in try Self.component(raw, 0..<raw.count, plusIsSpace: plusIsSpace) }
    }

    /// `body` applied to the contiguous bytes of `bytes` (copied first only when they are not).
    private static func inPlace<Result>(
        _ bytes: some Collection<UInt8>, _ body: (UnsafeRawBufferPointer) throws(Refusal) -> Result
    ) throws(Refusal) -> Result {
        let outcome = bytes.withContiguousStorageIfAvailable { buffer in
            Swift.Result { () throws(Refusal) in try body(UnsafeRawBufferPointer(buffer)) }
        }
        if let outcome { return try outcome.get() }
        return try Array(bytes).withUnsafeBytes { raw in Swift.Result { () throws(Refusal) in try body(raw) } }.get()
    }

    private static func pairs(_ bytes: UnsafeRawBufferPointer) throws(Refusal) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        try Self.forEachField(of: bytes) { name, value in pairs.append((name, value)) }
        return pairs
    }

    private static func table(_ bytes: UnsafeRawBufferPointer) throws(Refusal) -> [String: String] {
        var table: [String: String] = [:]
        // Told once the whole input has decoded, so that a malformed escape after it is what is refused,
        // as when the pairs come first.
        var repeated: String?
        try Self.forEachField(of: bytes) { name, value in
            if table.updateValue(value, forKey: name) != nil, repeated == nil { repeated = name }
        }
        if let repeated { throw .malformed(.duplicateParameter, repeated) }
        return table
    }

    /// Calls `body` with each field's decoded name and value, in order; empty names are skipped.
    private static func forEachField(
        of bytes: UnsafeRawBufferPointer, _ body: (_ name: String, _ value: String) -> Void
    ) throws(Refusal) {
        var start = 0
        while start < bytes.count {
            let end = Self.firstIndex(of: UInt8(ascii: "&"), in: bytes, start..<bytes.count) ?? bytes.count
            if let equals = Self.firstIndex(of: UInt8(ascii: "="), in: bytes, start..<end) {
                let name = try Self.component(bytes, start..<equals, plusIsSpace: true)
                let value = try Self.component(bytes, (equals + 1)..<end, plusIsSpace: true)
                if !name.isEmpty { body(name, value) }
            } else if start < end {
                body(try Self.component(bytes, start..<end, plusIsSpace: true), "")
            }
            start = end + 1
        }
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
    private static func component(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, plusIsSpace: Bool) throws(Refusal) -> String {
        // A `+` is looked for first: a text with spaces has one within a few bytes, and then a look
        // for `%` through the whole text (a megabyte, for a long body) is not needed.
        let plus = plusIsSpace && Self.firstIndex(of: UInt8(ascii: "+"), in: bytes, range) != nil
        guard plus || Self.firstIndex(of: UInt8(ascii: "%"), in: bytes, range) != nil else {
            return try Self.text(UnsafeRawBufferPointer(rebasing: bytes[range]))
        }
        // Written through a pointer into storage of the input's length (decoding never lengthens):
        // appending byte by byte was a tenth of an autosave of a maximal article. Every byte written
        // is also OR-ed into `anyByte`, so that ASCII is known without another pass.
        var malformed = false
        var anyByte: UInt8 = 0
        let decoded = [UInt8](unsafeUninitializedCapacity: range.count) { output, written in
            var index = range.lowerBound
            while index < range.upperBound {
                let byte = bytes[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < range.upperBound, let high = Self.hexValue(bytes[index + 1]), let low = Self.hexValue(bytes[index + 2])
                    else {
                        malformed = true
                        return
                    }
                    output[written] = high << 4 | low
                    index += 3
                } else {
                    output[written] = plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte
                    index += 1
                }
                anyByte |= output[written]
                written += 1
            }
        }
        if malformed { throw .malformed(.invalidEncoding) }
        if anyByte < 0x80 { return String(decoding: decoded, as: UTF8.self) }
        return try decoded.withUnsafeBytes { decoded in Result { () throws(Refusal) in try Self.text(decoded) } }.get()
    }

    /// `bytes` as a string, when they are UTF-8. ASCII (nearly every name and value) is UTF-8 as it
    /// stands and is taken without validation, whose generic code was a percent of a form-posted call.
    private static func text(_ bytes: UnsafeRawBufferPointer) throws(Refusal) -> String {
        let utf8 = bytes.assumingMemoryBound(to: UInt8.self)
        if Self.isASCII(bytes) { return String(decoding: utf8, as: UTF8.self) }
        guard let text = String(validating: utf8, as: UTF8.self) else { throw .malformed(.invalidEncoding) }
        return text
    }

    /// Whether every byte is below 0x80, eight at a time.
    private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        var high: UInt64 = 0
        while index + 8 <= bytes.count {
            high |= bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            high |= UInt64(bytes[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// The value of a hexadecimal digit of either case.
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
