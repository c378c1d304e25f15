import Foundation

/// The parts of a `multipart/form-data` body (RFC 2046 §5.1.1, RFC 7578): an optional preamble, a
/// `--boundary` line (transport padding allowed before its CRLF), each part's header lines, a blank
/// line and its content up to CRLF and the next delimiter, and `--boundary--` closing the body (an
/// epilogue after it is ignored).
///
/// Written here rather than taken from multipart-kit: its 4.7.1 parser indexes a 128-entry table with
/// any header-name byte, so one request with a byte ≥ 0x80 there crashed the whole server (found by
/// fuzzing, `fuzz/regressions/multipart/`). Every step here is bounds-checked and refuses instead.
struct MultipartBody {
    struct Part {
        /// Header names lower-cased, values trimmed.
        var headers: [String: String]
        var content: ArraySlice<UInt8>
    }

    /// The most header lines one part may have, and the longest header line.
    static let maximumHeaderLines = 16
    static let maximumHeaderLineBytes = 8192

    private let bytes: [UInt8]
    private let delimiter: [UInt8]

    /// The parts of `bytes`, or nil when they are not a well-formed multipart body for `boundary`.
    static func parts(of bytes: [UInt8], boundary: String) -> [Part]? {
        MultipartBody(bytes: bytes, delimiter: Array("--\(boundary)".utf8)).parts()
    }

    private func parts() -> [Part]? {
        let crlf = Array("\r\n".utf8)
        guard var position = self.bytes.starts(with: self.delimiter) ? 0 : self.find(crlf + self.delimiter, from: 0).map({ $0 + 2 }) else {
            return nil
        }
        var parts: [Part] = []
        while true {
            position += self.delimiter.count
            if self.bytes[position...].starts(with: "--".utf8) { return parts }
            while position < self.bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t")].contains(self.bytes[position]) { position += 1 }
            guard self.bytes[position...].starts(with: crlf) else { return nil }
            position += 2
            var headers: [String: String] = [:]
            while true {
                guard let end = self.find(crlf, from: position), end - position <= Self.maximumHeaderLineBytes else { return nil }
                let line = self.bytes[position..<end]
                position = end + 2
                if line.isEmpty { break }
                guard headers.count < Self.maximumHeaderLines, let (name, value) = Self.header(line) else { return nil }
                headers[name] = value
            }
            guard let next = self.find(crlf + self.delimiter, from: position) else { return nil }
            parts.append(Part(headers: headers, content: self.bytes[position..<next]))
            position = next + 2
        }
    }

    /// `Name: value`, with a token for a name (RFC 9110 §5.1) and a UTF-8 value.
    private static func header(_ line: ArraySlice<UInt8>) -> (String, String)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex, HTTPToken.isToken(line[..<colon]),
            let value = String(validating: line[(colon + 1)...], as: UTF8.self)
        else { return nil }
        let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
        return (name, value.trimmingCharacters(in: .whitespaces))
    }

    /// The index where `needle` next occurs in the body at or after `start`.
    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= self.bytes.count else { return nil }
        var index = start
        let last = self.bytes.count - needle.count
        while index <= last {
            guard let candidate = self.bytes[index...last].firstIndex(of: first) else { return nil }
            if self.bytes[candidate..<(candidate + needle.count)].elementsEqual(needle) { return candidate }
            index = candidate + 1
        }
        return nil
    }
}
