import Foundation
public import Mail
import NIOCore
import Outbox
public import Push
public import Storage
import Text

/// Everything `endpoint serve` can be told, resolved from flags, then environment, then defaults.
public struct ServerSettings: Sendable {
    public var hostname = "127.0.0.1"
    public var port = 8080
    /// Largest accepted request body; larger ones get HTTP 413.
    public var maximumBodyBytes = 2 * 1024 * 1024
    /// A keep-alive connection idle this long between requests is closed.
    public var idleTimeoutSeconds = 60
    /// A new connection that has not sent a whole request head this long after opening is closed.
    public var headerTimeoutSeconds = 10
    /// A connection whose client takes nothing of an answer for this many seconds is closed.
    public var writeTimeoutSeconds = 30
    /// A request body must arrive within this many seconds of its head…
    public var bodyTimeoutSeconds = 30
    /// …plus one second for every this many bytes it has delivered (a minimum rate).
    public var minimumBodyBytesPerSecond = 4096
    /// Connections open at once; beyond it new ones wait in the listen backlog.
    public var maximumConnections = 4096
    /// Connections one client network (IPv4 address, IPv6 /64) may hold open at once; more are closed
    /// as they arrive. Trusted proxies are not counted.
    public var maximumConnectionsPerNetwork = 512
    /// Apply pending migrations before serving.
    public var migrateOnStart = true
    /// Reverse proxies (addresses or CIDR blocks) whose `X-Forwarded-For` is believed.
    public var trustedProxies: [IPNetwork] = []
    /// The URL clients reach the server at (behind a proxy it differs from the listening address);
    /// cookies are `Secure` when it is https.
    public var publicURL: String?
    /// Password-hashing threads.
    public var hashThreads = System.coreCount
    /// Pooled database connections per event loop.
    public var databaseConnectionsPerLoop = Database.defaultConnectionsPerEventLoop
    /// Hashes running or queued before logins are answered "busy".
    public var hashQueueLimit = 32
    /// The folder of this instance's cache of image versions (made again from the originals when
    /// missing, so it may live on fast, disposable disk).
    public var mediaCacheDirectory = "media-cache"
    /// The media store: the folder videos are kept and made in, shared by every instance (see
    /// docs/operations.md).
    public var mediaStoreDirectory = "media-store"
    /// Threads decoding images and making versions.
    public var mediaThreads = System.coreCount
    /// Images being decoded or waiting for a thread before more are answered 503.
    public var mediaQueueLimit = 32
    /// Uploads larger than the body limit whose bodies are read at once; more are answered 503.
    public var concurrentLargeUploads = 4
    /// Where mail is delivered; nil keeps it queued (see `endpoint mail list`).
    public var smtpURL: SMTPServerURL?
    /// PEM file of extra certificates to trust for the SMTP server's TLS (a private CA).
    public var smtpTrustRootsFile: String?
    /// Where staff notifications go; nil means every administrator's address.
    public var staffEmail: String?
    /// The sender address of outgoing mail.
    public var mailFrom = "noreply@localhost"
    /// Pause between two passes of the mail worker.
    public var mailPollInterval: Duration = .seconds(2)
    /// Where push notifications go; an empty configuration keeps them queued.
    public var push = PushConfiguration()
    /// Pause between two passes of the push worker.
    public var pushPollInterval: Duration = .seconds(2)
    /// Pause between two looks of a video worker for a job (another instance's uploads, a retry due).
    public var videoPollInterval: Duration = .seconds(2)
    /// Pause between two ticks of the news clock (articles shown or hidden by time, announcements).
    public var newsClockInterval: Duration = .seconds(5)
    /// Whether the periodic workers make their first pass when the server starts (they do) or one
    /// interval later (a test driving the news clock and the sweep itself).
    public var workersStartAtOnce = true

    /// Where `/metrics` is served (a listener of its own); no port: no metrics.
    public var metricsHostname = "127.0.0.1"
    public var metricsPort: Int?
    /// The migration versions `/readyz` requires (those `serve` applies); nil: those built into the binary.
    public var requiredMigrations: Set<Int>?
    /// This instance's identity, the same across its restarts (`--instance`); nil: the host's name and
    /// the port. Outbox leases follow it (``LeaseHolder``); `/readyz` and the logs show it.
    public var instance: String?
    /// How long, after SIGTERM, the server keeps serving while `/readyz` answers 503 and every answer
    /// asks its client to close the connection, before it stops accepting connections (`--drain-seconds`).
    public var drainSeconds = 0
    /// How long, once the drain is over, what is in flight has to finish (`--stop-seconds`); then its
    /// connections are closed and the server exits.
    public var stopSeconds = 10
    /// Where the access log goes (`--access-log`); nil: no access log.
    public var accessLog: AccessLog.Destination? = .standardError
    public var accessLogFormat = AccessLogFormat.text

    public init() {}

    /// The base of links in e-mails: the public URL, else the listening address.
    public var linkBaseURL: String {
        if let publicURL { return PublicURL.normalised(publicURL) }
        let host = ["0.0.0.0", "::", ""].contains(self.hostname) ? "127.0.0.1" : self.hostname
        return "http://\(host.contains(":") ? "[\(host)]" : host):\(self.port)"
    }

    /// ``instance``, else `host:port` (the host's name, the listening port).
    public var instanceIdentity: String {
        if let instance { return instance }
        let host = ProcessInfo.processInfo.hostName.filter { Self.isIdentityCharacter($0) }
        return "\(host.isEmpty ? "localhost" : host):\(self.port)"
    }

    /// Whether `text` can name an instance: 1 to 100 letters, digits, `.`, `_`, `:` or `-` (it is shown
    /// as is in logs and `/readyz`).
    public static func isInstanceIdentity(_ text: String) -> Bool {
        (1...100).contains(text.utf8.count) && text.allSatisfy(Self.isIdentityCharacter)
    }

    private static func isIdentityCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || ".:_-".contains(character))
    }

    /// Whether cookies must be `Secure`.
    public var secureCookies: Bool { self.publicURL?.lowercased().hasPrefix("https://") ?? false }

    /// `host[:port]` of the public URL.
    var publicAuthority: String? {
        guard let publicURL, let components = URLComponents(string: publicURL), let host = components.host else { return nil }
        return components.port.map { "\(host):\($0)" } ?? host
    }
}
