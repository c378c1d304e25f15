import NIOCore

/// Reads SMTP replies from a connection, with ``SMTPReplyParser`` doing the splitting.
struct SMTPReplyReader {
    typealias Reply = SMTPReplyParser.Reply

    private var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private var parser = SMTPReplyParser()

    init(_ inbound: NIOAsyncChannelInboundStream<ByteBuffer>) {
        self.inbound = inbound.makeAsyncIterator()
    }

    mutating func next() async throws -> Reply {
        while true {
            if let reply = try self.parser.nextReply() { return reply }
            guard let buffer = try await self.inbound.next() else {
                throw SMTPFailure(permanent: false, "The SMTP server closed the connection.")
            }
            self.parser.append(buffer.readableBytesView)
        }
    }
}
