import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// A small, real SMTP server on loopback for tests: speaks enough of RFC 5321 (EHLO, optional AUTH
/// PLAIN/LOGIN, MAIL, RCPT, DATA with dot-unstuffing, RSET, QUIT) to receive what the server sends,
/// records every accepted message, and can be told to refuse recipients or be stopped and restarted
/// on the same port to simulate an outage.
package final class TestSMTPServer: Sendable {
    /// One accepted message.
    package struct Received: Sendable {
        package let sender: String
        package let recipient: String
        package let data: String
        package let authenticatedAs: String?
        package let encrypted: Bool

        /// A header's (unfolded) value.
        package func header(_ name: String) -> String? {
            let head = self.data.components(separatedBy: "\r\n\r\n").first ?? ""
            var unfolded: [String] = []
            for line in head.components(separatedBy: "\r\n") {
                if line.hasPrefix(" "), !unfolded.isEmpty { unfolded[unfolded.count - 1] += line } else { unfolded.append(line) }
            }
            return unfolded.first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
                .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
        }

        /// The decoded body of the part with this content type (`text/plain`, `text/html`).
        package func part(_ contentType: String) -> String? {
            let sections = self.data.components(separatedBy: "Content-Type: \(contentType); charset=utf-8\r\n")
            guard sections.count > 1, let start = sections[1].range(of: "\r\n\r\n") else { return nil }
            let encoded = sections[1][start.upperBound...].prefix { $0 != "-" }
            return Data(base64Encoded: encoded.replacingOccurrences(of: "\r\n", with: "")).map { String(decoding: $0, as: UTF8.self) }
        }

        /// The first link in the plain-text part.
        /// The Subject as a reader sees it: RFC 2047 encoded words (`=?UTF-8?B?…?=`, which the server
        /// uses for anything beyond ASCII) decoded, the whitespace between adjacent ones dropped.
        package var subject: String? {
            guard let raw = self.header("Subject") else { return nil }
            let words: [(text: String, encoded: Bool)] = raw.split(separator: " ").map { word in
                guard word.uppercased().hasPrefix("=?UTF-8?B?"), word.hasSuffix("?="),
                    let data = Data(base64Encoded: String(word.dropFirst(10).dropLast(2)))
                else { return (String(word), false) }
                return (String(decoding: data, as: UTF8.self), true)
            }
            var output = ""
            for (index, word) in words.enumerated() {
                if index > 0, !(word.encoded && words[index - 1].encoded) { output += " " }
                output += word.text
            }
            return output
        }

        package var link: String? {
            self.part("text/plain")?.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http") }.map(String.init)
        }
    }

    /// How the server behaves; changeable while it runs.
    package struct Behaviour: Sendable {
        /// Reply to RCPT instead of 250, e.g. "451 try later" or "550 no such user".
        package var recipientReply: String?
        /// Credentials required (and AUTH advertised) when set.
        package var credentials: (username: String, password: String)?
        /// Mechanisms advertised when credentials are required.
        package var mechanisms: [String]
        /// TLS: offered with STARTTLS, or from the first byte when `implicitTLS`.
        package var tls: NIOSSLContext?
        package var implicitTLS = false

        package init(
            recipientReply: String? = nil, credentials: (username: String, password: String)? = nil, mechanisms: [String] = ["PLAIN", "LOGIN"],
            tls: NIOSSLContext? = nil, implicitTLS: Bool = false
        ) {
            self.recipientReply = recipientReply
            self.credentials = credentials
            self.mechanisms = mechanisms
            self.tls = tls
            self.implicitTLS = implicitTLS
        }
    }

    private struct State {
        var received: [Received] = []
        var behaviour = Behaviour()
        var channel: (any Channel)?
        var port = 0
    }

    private let state = NIOLockedValueBox(State())

    /// The port it listens on (kept across restarts).
    package var port: Int { self.state.withLockedValue { $0.port } }

    package init(behaviour: Behaviour = Behaviour()) {
        self.state.withLockedValue { $0.behaviour = behaviour }
    }

    /// Starts listening on `host` (on `port`, or a free one the first time).
    package func start(host: String = "127.0.0.1", port: Int? = nil) async throws {
        let behaviour = self.behaviour
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if behaviour.implicitTLS, let tls = behaviour.tls {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls))
                    }
                    try channel.pipeline.syncOperations.addHandler(SMTPSessionHandler(server: self, encrypted: behaviour.implicitTLS))
                }
            }
            .bind(host: host, port: port ?? self.port).get()
        self.state.withLockedValue { state in
            state.channel = channel
            state.port = channel.localAddress?.port ?? 0
        }
    }

    /// Runs `body` with a server listening on a free port on 127.0.0.1, and stops it afterwards,
    /// whether `body` succeeds or throws.
    package static func running<Result>(
        behaviour: Behaviour = Behaviour(), _ body: (TestSMTPServer) async throws -> Result
    ) async throws -> Result {
        let server = TestSMTPServer(behaviour: behaviour)
        try await server.start()
        do {
            let result = try await body(server)
            try await server.stop()
            return result
        } catch {
            try? await server.stop()
            throw error
        }
    }

    /// Stops listening (open sessions are left to finish).
    package func stop() async throws {
        let channel = self.state.withLockedValue { state in
            defer { state.channel = nil }
            return state.channel
        }
        try await channel?.close().get()
    }

    package var received: [Received] { self.state.withLockedValue { $0.received } }
    package var behaviour: Behaviour {
        get { self.state.withLockedValue { $0.behaviour } }
        set { self.state.withLockedValue { $0.behaviour = newValue } }
    }

    package var url: String { self.url(host: "127.0.0.1") }

    /// The URL reaching it as `host`, with its credentials; `smtps` when it speaks TLS from the start.
    package func url(host: String) -> String {
        let behaviour = self.behaviour
        let user = behaviour.credentials.map { "\($0.username):\($0.password)@" } ?? ""
        return "\(behaviour.implicitTLS ? "smtps" : "smtp")://\(user)\(host):\(self.port)"
    }

    fileprivate func accept(_ message: Received) {
        self.state.withLockedValue { $0.received.append(message) }
    }

    /// Waits until at least `count` messages arrived (at most `seconds`); returns them all.
    package func waitForMessages(_ count: Int, seconds: Double = 10) async throws -> [Received] {
        let deadline = Date().addingTimeInterval(seconds)
        while self.received.count < count {
            guard Date() < deadline else { throw TestFailure("expected \(count) messages, got \(self.received.count)") }
            try await Task.sleep(for: .milliseconds(20))
        }
        return self.received
    }
}

/// One SMTP conversation.
private final class SMTPSessionHandler: ChannelInboundHandler, @unchecked Sendable {
    package typealias InboundIn = ByteBuffer
    package typealias OutboundOut = ByteBuffer

    private let server: TestSMTPServer
    private var pending: [UInt8] = []
    private var sender = ""
    private var recipient = ""
    private var dataLines: [String]?
    private var authenticatedAs: String?
    private var loginStep: (step: Int, username: String)?
    private var encrypted: Bool

    package init(server: TestSMTPServer, encrypted: Bool) {
        self.server = server
        self.encrypted = encrypted
    }

    package func channelActive(context: ChannelHandlerContext) {
        self.reply("220 test.invalid ESMTP ready", context: context)
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        self.pending += Self.unwrapInboundIn(data).readableBytesView
        while let newline = self.pending.firstIndex(of: UInt8(ascii: "\n")) {
            var line = String(decoding: self.pending[..<newline], as: UTF8.self)
            self.pending.removeSubrange(...newline)
            if line.hasSuffix("\r") { line.removeLast() }
            self.handle(line, context: context)
        }
    }

    private func handle(_ line: String, context: ChannelHandlerContext) {
        let behaviour = self.server.behaviour
        if var lines = self.dataLines {
            if line == "." {
                self.dataLines = nil
                self.server.accept(
                    .init(
                        sender: self.sender, recipient: self.recipient, data: lines.joined(separator: "\r\n"), authenticatedAs: self.authenticatedAs,
                        encrypted: self.encrypted))
                self.reply("250 queued", context: context)
            } else {
                lines.append(line.hasPrefix(".") ? String(line.dropFirst()) : line)
                self.dataLines = lines
            }
            return
        }
        if let login = self.loginStep {
            let text = Data(base64Encoded: line).map { String(decoding: $0, as: UTF8.self) } ?? ""
            if login.step == 1 {
                self.loginStep = (2, text)
                self.reply("334 UGFzc3dvcmQ6", context: context)
            } else {
                self.loginStep = nil
                self.finishAuth(username: login.username, password: text, expected: behaviour.credentials, context: context)
            }
            return
        }
        let verb = line.split(separator: " ").first.map { $0.uppercased() } ?? ""
        switch verb {
        case "EHLO", "HELO":
            var lines = ["250-test.invalid"]
            if behaviour.tls != nil, !self.encrypted { lines.append("250-STARTTLS") }
            if behaviour.credentials != nil { lines.append("250-AUTH " + behaviour.mechanisms.joined(separator: " ")) }
            lines.append("250 8BITMIME")
            self.reply(lines.joined(separator: "\r\n"), context: context)
        case "AUTH":
            let parts = line.split(separator: " ").map(String.init)
            if parts.count >= 3, parts[1].uppercased() == "PLAIN" {
                let fields = (Data(base64Encoded: parts[2]).map { String(decoding: $0, as: UTF8.self) } ?? "").split(
                    separator: "\0", omittingEmptySubsequences: false)
                self.finishAuth(
                    username: fields.count == 3 ? String(fields[1]) : "", password: fields.count == 3 ? String(fields[2]) : "", expected: behaviour.credentials,
                    context: context)
            } else if parts.count >= 2, parts[1].uppercased() == "LOGIN" {
                self.loginStep = (1, "")
                self.reply("334 VXNlcm5hbWU6", context: context)
            } else {
                self.reply("504 unsupported mechanism", context: context)
            }
        case "MAIL":
            if behaviour.credentials != nil, self.authenticatedAs == nil {
                self.reply("530 authentication required", context: context)
                return
            }
            self.sender = Self.address(in: line)
            self.reply("250 ok", context: context)
        case "RCPT":
            self.recipient = Self.address(in: line)
            self.reply(behaviour.recipientReply ?? "250 ok", context: context)
        case "DATA":
            self.dataLines = []
            self.reply("354 end with .", context: context)
        case "STARTTLS":
            guard let tls = behaviour.tls, !self.encrypted else {
                self.reply("502 not offered", context: context)
                return
            }
            self.reply("220 go ahead", context: context)
            self.encrypted = true
            self.authenticatedAs = nil
            do {
                try context.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls), position: .first)
            } catch {
                context.close(promise: nil)
            }
        case "RSET", "NOOP":
            self.reply("250 ok", context: context)
        case "QUIT":
            self.reply("221 bye", context: context)
            context.close(promise: nil)
        default:
            self.reply("500 unknown command", context: context)
        }
    }

    private func finishAuth(username: String, password: String, expected: (username: String, password: String)?, context: ChannelHandlerContext) {
        if let expected, expected.username == username, expected.password == password {
            self.authenticatedAs = username
            self.reply("235 ok", context: context)
        } else {
            self.reply("535 bad credentials", context: context)
        }
    }

    private static func address(in line: String) -> String {
        guard let open = line.firstIndex(of: "<"), let close = line.lastIndex(of: ">"), open < close else { return "" }
        return String(line[line.index(after: open)..<close])
    }

    private func reply(_ text: String, context: ChannelHandlerContext) {
        context.writeAndFlush(Self.wrapOutboundOut(ByteBuffer(string: text + "\r\n")), promise: nil)
    }
}
