/// Splits the bytes an SMTP server sends into replies (RFC 5321 §4.2): `250-…` lines continue a reply,
/// `250 …` (or a bare `250`) ends it.
///
/// Kept apart from the connection so that it can be fed any bytes at all (`FuzzTargets.smtpReply`).
/// A reply code is exactly three ASCII digits, the first 2 to 5, followed by a space, a hyphen or the
/// end of the line; anything else is a malformed reply, never read as a number (`+25`, `025`, `-12`).
package struct SMTPReplyParser {
    /// One complete reply.
    package struct Reply: Equatable {
        package let code: Int
        /// The text of every line, without the code.
        package let lines: [String]

        package init(code: Int, lines: [String]) {
            self.code = code
            self.lines = lines
        }
    }

    /// The longest line accepted (RFC 5321 §4.5.3.1.5 allows 512 octets; servers exceed it in texts).
    package static let maximumLineBytes = 4096
    /// The most lines one reply may have (an EHLO reply has a dozen).
    package static let maximumLines = 256

    private var pending: [UInt8] = []
    private var lines: [String] = []
    private var code: Int?

    package init() {}

    /// Adds bytes read from the connection.
    package mutating func append(_ bytes: some Sequence<UInt8>) {
        self.pending.append(contentsOf: bytes)
    }

    /// The next complete reply, or nil when more bytes are needed.
    package mutating func nextReply() throws(SMTPFailure) -> Reply? {
        while let newline = self.pending.firstIndex(of: UInt8(ascii: "\n")) {
            var line = self.pending[..<newline]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            let parsed = try Self.parse(line)
            self.pending.removeSubrange(...newline)
            // Every line of one reply carries the same code (§4.2.1).
            if let code = self.code, code != parsed.code { throw Self.malformed }
            self.code = parsed.code
            self.lines.append(parsed.text)
            guard self.lines.count <= Self.maximumLines else { throw Self.malformed }
            if parsed.isLast {
                defer {
                    self.lines = []
                    self.code = nil
                }
                return Reply(code: parsed.code, lines: self.lines)
            }
        }
        guard self.pending.count < Self.maximumLineBytes else {
            throw SMTPFailure(permanent: false, "The SMTP server sent an overlong line.")
        }
        return nil
    }

    private static let malformed = SMTPFailure(permanent: false, "The SMTP server sent a malformed reply.")

    private static func parse(_ line: ArraySlice<UInt8>) throws(SMTPFailure) -> (code: Int, text: String, isLast: Bool) {
        let bytes = Array(line)
        guard bytes.count >= 3, (UInt8(ascii: "2")...UInt8(ascii: "5")).contains(bytes[0]),
            bytes[1...2].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { throw Self.malformed }
        let code = bytes[0...2].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        guard bytes.count > 3 else { return (code, "", true) }
        guard bytes[3] == UInt8(ascii: " ") || bytes[3] == UInt8(ascii: "-") else { throw Self.malformed }
        return (code, String(decoding: bytes[4...], as: UTF8.self), bytes[3] == UInt8(ascii: " "))
    }
}
