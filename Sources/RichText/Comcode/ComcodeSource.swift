/// Comcode's text as the renderer reads it: UTF-8 bytes with, for every position, where the next `]`
/// is, and for every `{` where the `}` closing it is (one pass each), so reading a tag or a directive
/// never scans ahead again: a megabyte of `[` or `{` costs what a megabyte of text costs.
struct ComcodeSource {
    let bytes: [UInt8]
    private let nextCloseBracket: [Int32]
    /// For each `{`, where its matching `}` is (-1: none): a Tempcode directive holds others.
    private let matchingBrace: [Int32]

    /// The longest tag or directive read as one (`[url="…" title="…"]`): a longer run is text.
    static let longestTag = 4_000

    init(_ text: String) {
        self.bytes = Array(text.utf8)
        self.nextCloseBracket = Self.nextIndex(of: UInt8(ascii: "]"), in: self.bytes)
        self.matchingBrace = Self.matchingBraces(in: self.bytes)
    }

    /// For each position, the first index at or after it holding `byte` (or -1).
    private static func nextIndex(of byte: UInt8, in bytes: [UInt8]) -> [Int32] {
        var next = [Int32](repeating: -1, count: bytes.count + 1)
        var found: Int32 = -1
        for index in stride(from: bytes.count - 1, through: 0, by: -1) {
            if bytes[index] == byte { found = Int32(index) }
            next[index] = found
        }
        return next
    }

    /// For each `{`, the index of the `}` that closes it, braces nesting (one pass with a stack).
    private static func matchingBraces(in bytes: [UInt8]) -> [Int32] {
        var matching = [Int32](repeating: -1, count: bytes.count)
        var open: [Int32] = []
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "{") {
                open.append(Int32(index))
            } else if byte == UInt8(ascii: "}"), let start = open.popLast() {
                matching[Int(start)] = Int32(index)
            }
        }
        return matching
    }

    func closeBracket(after index: Int) -> Int? {
        guard index < self.bytes.count else { return nil }
        let found = Int(self.nextCloseBracket[index])
        return found < 0 || found - index > Self.longestTag ? nil : found
    }

    /// The `}` closing the `{` at `index`, directives inside it included.
    func closeBrace(of index: Int) -> Int? {
        let found = Int(self.matchingBrace[index])
        return found < 0 || found - index > Self.longestTag ? nil : found
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: self.bytes[range], as: UTF8.self)
    }

    /// Where `[/name]` (any case) next closes, at or after `index`: the end of a tag whose content is
    /// read as it stands (`code`, `html`).
    func closing(_ name: String, from index: Int) -> Range<Int>? {
        let marker = Array("[/\(name)]".utf8)
        var position = index
        while position + marker.count <= self.bytes.count {
            guard let close = self.closeBracket(after: position) else { return nil }
            let start = close - marker.count + 1
            if start >= position, self.bytes[start..<close + 1].elementsEqual(marker, by: { Self.lower($0) == $1 }) {
                return start..<close + 1
            }
            position = close + 1
        }
        return nil
    }

    static func lower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}

/// A Comcode tag as written: `[name]`, `[name=value]`, `[name="value" key="value" key=value]` or `[/name]`.
struct ComcodeTag {
    var name: String
    var closing: Bool
    /// The value after `=` (Composr's `param`), unquoted.
    var parameter: String
    var attributes: [String: String]
    /// The tag as written, to be shown as text when it is not obeyed.
    var written: String

    /// The tag written at `range` of `source` (from `[` to `]`), or nil when it is no tag's shape.
    init?(_ source: ComcodeSource, _ range: ClosedRange<Int>) {
        let inner = Array(source.bytes[(range.lowerBound + 1)..<range.upperBound])
        self.written = source.text(range.lowerBound..<range.upperBound + 1)
        var cursor = 0
        self.closing = inner.first == UInt8(ascii: "/")
        if self.closing { cursor = 1 }
        let nameStart = cursor
        while cursor < inner.count, Self.isNameByte(inner[cursor]) { cursor += 1 }
        guard cursor > nameStart else { return nil }
        self.name = String(decoding: inner[nameStart..<cursor].map(ComcodeSource.lower), as: UTF8.self)
        self.parameter = ""
        self.attributes = [:]
        if self.closing { guard cursor == inner.count else { return nil } }
        if cursor < inner.count, inner[cursor] == UInt8(ascii: "=") {
            cursor += 1
            self.parameter = Self.value(inner, &cursor)
        }
        while cursor < inner.count {
            guard inner[cursor] == UInt8(ascii: " ") else { return nil }
            while cursor < inner.count, inner[cursor] == UInt8(ascii: " ") { cursor += 1 }
            let keyStart = cursor
            while cursor < inner.count, Self.isNameByte(inner[cursor]) { cursor += 1 }
            guard cursor > keyStart, cursor < inner.count, inner[cursor] == UInt8(ascii: "=") else { return nil }
            let key = String(decoding: inner[keyStart..<cursor].map(ComcodeSource.lower), as: UTF8.self)
            cursor += 1
            self.attributes[key] = Self.value(inner, &cursor)
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "*"):
            true
        default:
            false
        }
    }

    /// A value at `cursor`: quoted (`"…"`, `\"` inside) or up to the next space.
    private static func value(_ inner: [UInt8], _ cursor: inout Int) -> String {
        var value: [UInt8] = []
        if cursor < inner.count, inner[cursor] == UInt8(ascii: "\"") {
            cursor += 1
            while cursor < inner.count, inner[cursor] != UInt8(ascii: "\"") {
                if inner[cursor] == UInt8(ascii: "\\"), cursor + 1 < inner.count { cursor += 1 }
                value.append(inner[cursor])
                cursor += 1
            }
            cursor += 1
        } else {
            while cursor < inner.count, inner[cursor] != UInt8(ascii: " ") {
                value.append(inner[cursor])
                cursor += 1
            }
        }
        return String(decoding: value, as: UTF8.self)
    }
}
