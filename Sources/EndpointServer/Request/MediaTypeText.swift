/// Media types as headers carry them (`Content-Type`, `Accept`), matched ignoring ASCII case as media
/// types are (RFC 9110), without making a lowercased copy of the header on every request.
enum MediaTypeText {
    /// Whether `text` starts with `prefix`, given in lower case.
    static func hasPrefix(_ text: some Sequence<UInt8>, lowercased prefix: StaticString) -> Bool {
        var given = text.makeIterator()
        return UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount).allSatisfy { expected in
            guard let byte = given.next() else { return false }
            return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 == expected : byte == expected
        }
    }

    /// Whether `text` holds `word`, given in lower case, anywhere (an `Accept` list names many types).
    static func contains(_ text: String, lowercased word: StaticString) -> Bool {
        let utf8 = text.utf8
        var start = utf8.startIndex
        while start != utf8.endIndex {
            if Self.hasPrefix(utf8[start...], lowercased: word) { return true }
            start = utf8.index(after: start)
        }
        return false
    }
}
