import Foundation
import Mail
import NIOCore

/// Everything `endpoint serve` can be told, resolved from flags, then environment, then defaults.
struct ServerSettings: Sendable {
    var hostname = "127.0.0.1"
    var port = 8080
    /// Largest accepted request body; larger ones get HTTP 413.
    var maximumBodyBytes = 2 * 1024 * 1024
    /// Apply pending migrations before serving.
    var migrateOnStart = true
    /// Reverse proxies whose `X-Forwarded-For` is believed.
    var trustedProxies: Set<String> = []
    /// The URL clients reach the server at (behind a proxy it differs from the listening address);
    /// cookies are `Secure` when it is https.
    var publicURL: String?
    /// Password-hashing threads.
    var hashThreads = System.coreCount
    /// Hashes running or queued before logins are answered "busy".
    var hashQueueLimit = 32
    /// Where mail is delivered; nil keeps it queued (see `endpoint mail list`).
    var smtpURL: SMTPServerURL?
    /// PEM file of extra certificates to trust for the SMTP server's TLS (a private CA).
    var smtpTrustRootsFile: String?
    /// Where staff notifications go; nil means every administrator's address.
    var staffEmail: String?
    /// The sender address of outgoing mail.
    var mailFrom = "noreply@localhost"
    /// Pause between two passes of the mail worker.
    var mailPollInterval: Duration = .seconds(2)

    /// The base of links in e-mails: the public URL, else the listening address.
    var linkBaseURL: String {
        if let publicURL { return publicURL }
        let host = ["0.0.0.0", "::", ""].contains(self.hostname) ? "127.0.0.1" : self.hostname
        return "http://\(host.contains(":") ? "[\(host)]" : host):\(self.port)"
    }

    /// Whether cookies must be `Secure`.
    var secureCookies: Bool { self.publicURL?.lowercased().hasPrefix("https://") ?? false }

    /// `host[:port]` of the public URL.
    var publicAuthority: String? {
        guard let publicURL, let components = URLComponents(string: publicURL), let host = components.host else { return nil }
        return components.port.map { "\(host):\($0)" } ?? host
    }
}
