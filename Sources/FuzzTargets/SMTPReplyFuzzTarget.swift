import Mail

extension FuzzTarget {
    /// What an SMTP server sends, read as replies; the first byte says where the rest is cut in two, as
    /// a connection delivers bytes in pieces.
    ///
    /// Properties: every reply's code is in 200...599; reading the bytes whole or in two pieces gives
    /// the same replies and the same failure.
    static let smtpReply = FuzzTarget(name: "smtp-reply") { input in
        guard let cut = input.first else { return nil }
        let bytes = input.dropFirst()
        let whole = Self.replies(in: [Array(bytes)])
        let split = min(Int(cut), bytes.count)
        let pieces = Self.replies(in: [Array(bytes.prefix(split)), Array(bytes.dropFirst(split))])
        if let code = whole.replies.map(\.code).first(where: { !(200...599).contains($0) }) { return "read a reply code of \(code)" }
        guard whole.replies == pieces.replies, whole.failure == pieces.failure else {
            return "bytes in two pieces read differently from bytes whole"
        }
        return nil
    }

    /// The replies in `chunks`, fed one at a time, until the first failure.
    private static func replies(in chunks: [[UInt8]]) -> (replies: [SMTPReplyParser.Reply], failure: String?) {
        var parser = SMTPReplyParser()
        var replies: [SMTPReplyParser.Reply] = []
        do {
            for chunk in chunks {
                parser.append(chunk)
                while let reply = try parser.nextReply() { replies.append(reply) }
            }
        } catch {
            return (replies, error.description)
        }
        return (replies, nil)
    }
}
