/// The `text` format: a text as apps show it, as HTML that can only ever be paragraphs and line breaks
/// (every character of the text is escaped, so markup typed into it is shown, not obeyed), and as plain
/// text. Every article written before formats existed renders so, byte for byte as it always did.
///
/// Worked on as UTF-8 bytes: bodies run to tens of kilobytes.
public enum PlainText {
    /// Blank lines (empty or spaces and tabs only) separate `<p>` paragraphs; single line breaks (LF,
    /// CRLF or CR) become `<br>`.
    public static func html(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 64)
        for paragraph in Self.paragraphs(text) {
            output.append(contentsOf: "<p>".utf8)
            for (index, line) in paragraph.enumerated() {
                if index > 0 { output.append(contentsOf: "<br>".utf8) }
                Self.escape(line, into: &output)
            }
            output.append(contentsOf: "</p>".utf8)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The text with its paragraphs separated by one blank line, line breaks as LF, and surrounding
    /// blank lines removed.
    public static func plain(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for (number, paragraph) in Self.paragraphs(text).enumerated() {
            if number > 0 { output.append(contentsOf: "\n\n".utf8) }
            for (index, line) in paragraph.enumerated() {
                if index > 0 { output.append(UInt8(ascii: "\n")) }
                output.append(contentsOf: line)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Text escaped for HTML element content and attribute values.
    public static func escaped(_ text: String) -> String {
        var output: [UInt8] = []
        Self.escape(text, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// `text` escaped as ``escaped(_:)`` does, appended to `output` (a page written as bytes).
    public static func escape(_ text: String, into output: inout [UInt8]) {
        var text = text
        text.withUTF8 { Self.escape($0, into: &output) }
    }

    /// Appends `bytes` with `&`, `<`, `>`, `"` and `'` escaped. Each run of other bytes is copied at
    /// once: appended byte by byte, escaping a 1 MB body was a tenth of the editor's page.
    public static func escape(_ bytes: some Collection<UInt8>, into output: inout [UInt8]) {
        let copied = bytes.withContiguousStorageIfAvailable { Self.escape($0, into: &output) }
        if copied == nil { Array(bytes).withUnsafeBufferPointer { Self.escape($0, into: &output) } }
    }

    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var runStart = 0
        for index in bytes.indices {
            let entity: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default: continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            entity.withUTF8Buffer { output.append(contentsOf: $0) }
            runStart = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    /// The paragraphs of `text`, each a list of its lines.
    private static func paragraphs(_ text: String) -> [[ArraySlice<UInt8>]] {
        let bytes = Array(text.utf8)
        var paragraphs: [[ArraySlice<UInt8>]] = []
        var current: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        func endLine() {
            let line = bytes[start..<index]
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                if !current.isEmpty { paragraphs.append(current) }
                current = []
            } else {
                current.append(line)
            }
        }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                endLine()
                index += 1
            case UInt8(ascii: "\r"):
                endLine()
                index += index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") ? 2 : 1
            default:
                index += 1
                continue
            }
            start = index
        }
        endLine()
        if !current.isEmpty { paragraphs.append(current) }
        return paragraphs
    }

    /// Rendered text made tidy for reading and search: lines stripped of the spaces around them, runs
    /// of spaces as one, at most one blank line between paragraphs, none around the whole.
    static func tidy(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var newlines = 0
        var space = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n"):
                newlines += 1
                space = false
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                space = newlines == 0 && !output.isEmpty
            default:
                if !output.isEmpty {
                    if newlines > 0 {
                        output.append(contentsOf: newlines > 1 ? [0x0A, 0x0A] : [0x0A])
                    } else if space {
                        output.append(UInt8(ascii: " "))
                    }
                }
                newlines = 0
                space = false
                output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
