import NIOCore

/// Reads SMTP replies (RFC 5321 §4.2) from a connection: lines `250-…` continue a reply, `250 …` ends it.
struct SMTPReplyReader {
    /// One complete reply.
    struct Reply {
        let code: Int
        /// The text of every line, without the code.
        let lines: [String]
    }

    private var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private var pending: [UInt8] = []

    init(_ inbound: NIOAsyncChannelInboundStream<ByteBuffer>) {
        self.inbound = inbound.makeAsyncIterator()
    }

    mutating func next() async throws -> Reply {
        var lines: [String] = []
        while true {
            let line = try await self.nextLine()
            guard line.count >= 3, let code = Int(line.prefix(3)) else {
                throw SMTPFailure(permanent: false, "The SMTP server sent a malformed reply.")
            }
            lines.append(String(line.dropFirst(4)))
            if line.count == 3 || line[line.index(line.startIndex, offsetBy: 3)] != "-" {
                return Reply(code: code, lines: lines)
            }
        }
    }

    private mutating func nextLine() async throws -> String {
        while true {
            if let newline = self.pending.firstIndex(of: UInt8(ascii: "\n")) {
                var bytes = self.pending[..<newline]
                if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
                self.pending.removeSubrange(...newline)
                return String(decoding: bytes, as: UTF8.self)
            }
            guard self.pending.count < 4096 else { throw SMTPFailure(permanent: false, "The SMTP server sent an overlong line.") }
            guard let buffer = try await self.inbound.next() else {
                throw SMTPFailure(permanent: false, "The SMTP server closed the connection.")
            }
            self.pending += buffer.readableBytesView
        }
    }
}
