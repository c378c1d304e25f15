import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// Hands one message at a time to an SMTP server (RFC 5321): TLS from the start (`smtps`) or upgraded
/// with STARTTLS when the server offers it, AUTH PLAIN or LOGIN when the URL has credentials.
///
/// Credentials are never sent over an unencrypted connection except to this machine. Every reply is
/// checked; the whole exchange is bounded by a timeout so a stalled server cannot hold a worker.
public struct SMTPClient: Sendable {
    public let server: SMTPServerURL
    private let tls: NIOSSLContext
    private let heloName: String
    private let timeout: Duration

    /// - Parameters:
    ///   - extraTrustRootsFile: a PEM file of certificates to trust besides the system's (a private CA).
    ///   - heloName: the name this client gives in `EHLO`.
    public init(server: SMTPServerURL, extraTrustRootsFile: String? = nil, heloName: String = "localhost", timeout: Duration = .seconds(30)) throws {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let extraTrustRootsFile { configuration.additionalTrustRoots = [.file(extraTrustRootsFile)] }
        self.server = server
        self.tls = try NIOSSLContext(configuration: configuration)
        self.heloName = heloName
        self.timeout = timeout
    }

    /// Delivers `message` (a rendered RFC 5322 message) from `sender` to `recipient`.
    /// An address holding CR, LF or NUL is refused before anything is sent: written into `MAIL FROM`
    /// or `RCPT TO`, a line break would add commands (recipients) of its own.
    public func send(from sender: String, to recipient: String, message: String) async throws {
        guard !sender.utf8.contains(where: Self.breaksACommand), !recipient.utf8.contains(where: Self.breaksACommand) else {
            throw SMTPFailure(permanent: true, "Refusing an address with a line break or NUL in it.")
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.converse(from: sender, to: recipient, message: message) }
            group.addTask {
                try await Task.sleep(for: self.timeout)
                throw SMTPFailure(permanent: false, "The SMTP server did not answer within \(self.timeout).")
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    private func converse(from sender: String, to recipient: String, message: String) async throws {
        let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(10))
                .connect(host: self.server.host, port: self.server.port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if self.server.implicitTLS {
                            try channel.pipeline.syncOperations.addHandler(try self.tlsHandler())
                        }
                        return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw SMTPFailure(permanent: false, "Could not connect to \(self.server): \(error)")
        }
        try await channel.executeThenClose { inbound, outbound in
            var replies = SMTPReplyReader(inbound)
            func command(_ line: String, expect codes: Set<Int>, shown: String? = nil) async throws -> SMTPReplyReader.Reply {
                try await outbound.write(ByteBuffer(string: line + "\r\n"))
                return try await Self.expect(codes, from: &replies, after: shown ?? line)
            }

            _ = try await Self.expect([220], from: &replies, after: "connecting")
            var features = try await command("EHLO \(self.heloName)", expect: [250]).lines
            var encrypted = self.server.implicitTLS
            if !encrypted, Self.offers("STARTTLS", in: features) {
                _ = try await command("STARTTLS", expect: [220])
                try await channel.channel.pipeline.addHandler(try self.tlsHandler(), position: .first).get()
                encrypted = true
                features = try await command("EHLO \(self.heloName)", expect: [250]).lines
            }
            if let username = self.server.username {
                guard encrypted || self.server.isLoopback else {
                    throw SMTPFailure(permanent: true, "\(self.server) offers no TLS; refusing to send the password in the clear.")
                }
                try await self.authenticate(username: username, features: features, command: command)
            }
            _ = try await command("MAIL FROM:<\(sender)>", expect: [250])
            _ = try await command("RCPT TO:<\(recipient)>", expect: [250, 251])
            _ = try await command("DATA", expect: [354])
            _ = try await command(Self.dotStuffed(message) + ".", expect: [250], shown: "message data")
            try? await outbound.write(ByteBuffer(string: "QUIT\r\n"))
        }
    }

    /// CR, LF and NUL: what ends or cuts an SMTP command line.
    static func breaksACommand(_ byte: UInt8) -> Bool {
        byte == 0x0D || byte == 0x0A || byte == 0
    }

    private func authenticate(
        username: String,
        features: [String],
        command: (String, Set<Int>, String?) async throws -> SMTPReplyReader.Reply
    ) async throws {
        let password = self.server.password ?? ""
        func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }
        let mechanisms = features.first { $0.uppercased().hasPrefix("AUTH") }?.uppercased().split(separator: " ").map(String.init) ?? []
        if mechanisms.contains("PLAIN") {
            _ = try await command("AUTH PLAIN " + base64("\0\(username)\0\(password)"), [235], "AUTH PLAIN")
        } else if mechanisms.contains("LOGIN") {
            _ = try await command("AUTH LOGIN", [334], nil)
            _ = try await command(base64(username), [334], "AUTH LOGIN username")
            _ = try await command(base64(password), [235], "AUTH LOGIN password")
        } else {
            throw SMTPFailure(permanent: true, "\(self.server) offers neither AUTH PLAIN nor AUTH LOGIN.")
        }
    }

    private func tlsHandler() throws -> NIOSSLClientHandler {
        let isAddress = self.server.host.contains(":") || self.server.host.allSatisfy { $0.isNumber || $0 == "." }
        return try NIOSSLClientHandler(context: self.tls, serverHostname: isAddress ? nil : self.server.host)
    }

    private static func expect(_ codes: Set<Int>, from replies: inout SMTPReplyReader, after step: String) async throws -> SMTPReplyReader.Reply {
        let reply = try await replies.next()
        guard codes.contains(reply.code) else {
            throw SMTPFailure(
                permanent: reply.code >= 500,
                "SMTP server answered \(reply.code) \(reply.lines.joined(separator: " ")) to \(step)."
            )
        }
        return reply
    }

    private static func offers(_ keyword: String, in features: [String]) -> Bool {
        features.contains { $0.uppercased() == keyword || $0.uppercased().hasPrefix(keyword + " ") }
    }

    /// The message with every line that starts with a dot given a second one (RFC 5321 §4.5.2) and a
    /// final line break.
    static func dotStuffed(_ message: String) -> String {
        var lines = message.components(separatedBy: "\r\n")
        if lines.last == "" { lines.removeLast() }
        return lines.map { $0.hasPrefix(".") ? "." + $0 : $0 }.joined(separator: "\r\n") + "\r\n"
    }
}
