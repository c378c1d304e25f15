import Foundation

/// Where and how to hand mail over: `smtp://[user:pass@]host[:port]` (STARTTLS when the server offers
/// it, port 25 by default) or `smtps://[user:pass@]host[:port]` (TLS from the first byte, port 465).
public struct SMTPServerURL: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var implicitTLS: Bool
    public var username: String?
    public var password: String?

    /// Why a URL was refused.
    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    public init(parsing text: String) throws(Invalid) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "smtp" || scheme == "smtps"
        else { throw Invalid(description: "The SMTP URL must look like smtp://[user:pass@]host:port or smtps://…, not \(text).") }
        guard let host = components.host, !host.isEmpty else {
            throw Invalid(description: "The SMTP URL \(text) has no host.")
        }
        self.host = host
        self.implicitTLS = scheme == "smtps"
        self.port = components.port ?? (self.implicitTLS ? 465 : 25)
        self.username = components.user.flatMap { $0.isEmpty ? nil : $0.removingPercentEncoding ?? $0 }
        self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
    }

    /// The URL without its password.
    public var description: String {
        let user = self.username.map { "\($0):***@" } ?? ""
        return "\(self.implicitTLS ? "smtps" : "smtp")://\(user)\(self.host):\(self.port)"
    }

    /// Whether the server is this machine (credentials may then go over a plain connection).
    var isLoopback: Bool {
        ["localhost", "127.0.0.1", "::1", "[::1]"].contains(self.host.lowercased())
    }
}
