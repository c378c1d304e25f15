import Mail
import Testing

/// Reading SMTP replies out of bytes, in whatever pieces they arrive.
@Suite struct SMTPReplyParserTests {
    private static func replies(_ chunks: String...) throws -> [SMTPReplyParser.Reply] {
        var parser = SMTPReplyParser()
        var replies: [SMTPReplyParser.Reply] = []
        for chunk in chunks {
            parser.append(Array(chunk.utf8))
            while let reply = try parser.nextReply() { replies.append(reply) }
        }
        return replies
    }

    @Test func aMultilineReplyIsOneReplyWhateverThePieces() throws {
        let expected = [SMTPReplyParser.Reply(code: 250, lines: ["mail.example.com", "PIPELINING", "8BITMIME"])]
        #expect(try Self.replies("250-mail.example.com\r\n250-PIPELINING\r\n250 8BITMIME\r\n") == expected)
        #expect(try Self.replies("250-mail.exa", "mple.com\r\n250-PIPELINING\r", "\n250 8BITMIME\r\n") == expected)
        #expect(try Self.replies("250\n354 go ahead\r\n") == [.init(code: 250, lines: [""]), .init(code: 354, lines: ["go ahead"])])
    }

    /// Found by fuzzing: `Int("+25")` is 25, so a signed or short code was read as a number.
    @Test(arguments: ["+25 ok\r\n", "-12 ok\r\n", "025 ok\r\n", "612 ok\r\n", "25 ok\r\n", "250x\r\n", "250-a\r\n354 b\r\n"])
    func aMalformedCodeIsRefused(text: String) {
        #expect(throws: SMTPFailure.self) { try Self.replies(text) }
    }

    @Test func anEndlessLineOrReplyIsRefused() {
        #expect(throws: SMTPFailure.self) { try Self.replies(String(repeating: "x", count: SMTPReplyParser.maximumLineBytes + 1)) }
        #expect(throws: SMTPFailure.self) { try Self.replies(String(repeating: "250-more\r\n", count: SMTPReplyParser.maximumLines + 1)) }
    }
}
