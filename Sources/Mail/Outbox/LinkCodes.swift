/// The codes e-mailed links carry (`…&code=` and 32 base64url characters), found in mail text that
/// was written before the outbox kept them apart.
enum LinkCodes {
    private static let marker = Array("code=".utf8)
    private static let length = 32

    /// `text` with every link code replaced by ``MailOutbox/blankedSecret``.
    static func blanked(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index...].starts(with: Self.marker) {
                let codeStart = index + Self.marker.count
                let codeEnd = codeStart + Self.length
                if codeEnd <= bytes.count, bytes[codeStart..<codeEnd].allSatisfy(Self.isCodeByte),
                    codeEnd == bytes.count || !Self.isCodeByte(bytes[codeEnd])
                {
                    output += Self.marker + Array(MailOutbox.blankedSecret.utf8)
                    index = codeEnd
                    continue
                }
            }
            output.append(bytes[index])
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func isCodeByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
