import ArgumentParser
import EndpointServer
import Foundation
import Logging
import Mail
import Storage

/// Every flag `endpoint serve` takes, each declared once with what it sets (``ServerFlag``), in the
/// order `docs/configuration.md` lists them; the defaults are ``ServerSettings``'.
enum ServerFlags {
    private static let defaults = ServerSettings()

    static let hostname = ServerFlag.text("hostname", environment: "ENDPOINT_HOSTNAME", default: defaults.hostname, "Address to listen on.", \.hostname)
    static let port = ServerFlag.integer("port", environment: "ENDPOINT_PORT", "Port to listen on.", \.port, in: 1...65535, what: "The port")
    static let database = ServerFlag(
        "database", environment: "ENDPOINT_DATABASE_URL", default: DatabaseURL.embeddedDefault.description,
        "The database: sqlite://PATH (relative) or sqlite:///abs/path, or postgres://user:password@host:port/db."
    )
    static let migrations = ServerFlag(
        "migrations", environment: "ENDPOINT_MIGRATIONS", default: "built into the binary",
        "A folder of migrations (common/, sqlite/, postgresql/) to apply instead of those built in."
    )
    static let maxBodyBytes = ServerFlag.positive(
        "max-body-bytes", environment: "ENDPOINT_MAX_BODY_BYTES", "Request bodies above this many bytes get 413.", \.maximumBodyBytes,
        what: "The body limit")
    static let trustedProxy = ServerFlag(
        "trusted-proxy", environment: "ENDPOINT_TRUSTED_PROXIES", default: "none",
        "A reverse proxy (an address or a CIDR block such as 10.0.0.0/8; IPv4-mapped IPv6 peers count as their IPv4 address) whose X-Forwarded-For is believed; repeatable, comma-separated in the environment. The first X-Forwarded-For from any other peer is logged as a warning.",
        form: .list
    ) { text, configuration in
        guard let network = IPNetwork(text) else {
            throw ValidationError("A trusted proxy must be an IP address or a CIDR block such as 10.0.0.0/8, not \(text).")
        }
        configuration.settings.trustedProxies.append(network)
    }
    static let publicURL = ServerFlag.optionalText(
        "public-url", environment: "ENDPOINT_PUBLIC_URL", default: "none",
        "The URL clients reach the server at, e.g. https://api.example.com: links in e-mails use it, https makes cookies Secure, its host counts as same-site.",
        \.publicURL)
    static let hashThreads = ServerFlag.positive(
        "hash-threads", environment: "ENDPOINT_HASH_THREADS", default: "one per core", "Password-hashing threads.", \.hashThreads,
        what: "The number of hashing threads")
    static let mediaCache = ServerFlag.text(
        "media-cache", environment: "ENDPOINT_MEDIA_CACHE", default: defaults.mediaCacheDirectory,
        "The folder of this instance's image versions (made again from the originals in the database when missing; bounded by media_cache_mb).",
        \.mediaCacheDirectory)
    static let mediaStore = ServerFlag.text(
        "media-store", environment: "ENDPOINT_MEDIA_STORE", default: defaults.mediaStoreDirectory,
        "The media store: the folder videos are kept in and their apps' files made in; every instance behind a balancer mounts the same one.",
        \.mediaStoreDirectory)
    static let mediaThreads = ServerFlag.positive(
        "media-threads", environment: "ENDPOINT_MEDIA_THREADS", default: "one per core", "Threads decoding images and making their versions.",
        \.mediaThreads, what: "The number of image threads")
    static let databaseConnections = ServerFlag.integer(
        "database-connections", environment: "ENDPOINT_DATABASE_CONNECTIONS",
        "Pooled database connections per event loop (one loop per core), 1 to 64; see docs/operations.md, Database connections.",
        \.databaseConnectionsPerLoop, in: 1...64, what: "The database connections per event loop")
    static let smtpURL = ServerFlag(
        "smtp-url", environment: "ENDPOINT_SMTP_URL", default: "none (mail stays queued; see endpoint mail list)",
        "Where mail is delivered: smtp://[user:pass@]host[:port] (STARTTLS when offered) or smtps://…."
    ) { text, configuration in
        do {
            configuration.settings.smtpURL = try SMTPServerURL(parsing: text)
        } catch {
            throw ValidationError(String(describing: error))
        }
    }
    static let smtpCAFile = ServerFlag.optionalText(
        "smtp-ca-file", environment: "ENDPOINT_SMTP_CA_FILE", default: "none", "PEM certificates to trust for the SMTP server besides the system's.",
        \.smtpTrustRootsFile)
    static let mailFrom = ServerFlag.text(
        "mail-from", environment: "ENDPOINT_MAIL_FROM", default: defaults.mailFrom, "Sender address of outgoing mail (its display name is site_name).",
        \.mailFrom)
    static let staffEmail = ServerFlag.optionalText(
        "staff-email", environment: "ENDPOINT_STAFF_EMAIL", default: "every administrator's address", "Where contact_us notifications are mailed.",
        \.staffEmail)
    static let mailPollSeconds = Self.interval(
        "mail-poll-seconds", environment: "ENDPOINT_MAIL_POLL_SECONDS", "Seconds between two passes of the mail worker (above 0, at most 3600).",
        \.mailPollInterval)
    static let pushPollSeconds = Self.interval(
        "push-poll-seconds", environment: "ENDPOINT_PUSH_POLL_SECONDS", "Seconds between two passes of the push worker (above 0, at most 3600).",
        \.pushPollInterval)
    static let idleTimeout = ServerFlag.positive(
        "idle-timeout", environment: "ENDPOINT_IDLE_TIMEOUT", "Seconds a keep-alive connection may stay idle between requests.", \.idleTimeoutSeconds,
        what: "The idle timeout")
    static let writeTimeout = ServerFlag.positive(
        "write-timeout", environment: "ENDPOINT_WRITE_TIMEOUT",
        "Seconds a client may take nothing of an answer (a download, a live stream) before its connection is closed.", \.writeTimeoutSeconds,
        what: "The write timeout")
    static let headerTimeout = ServerFlag.positive(
        "header-timeout", environment: "ENDPOINT_HEADER_TIMEOUT",
        "Seconds a new connection has to send its first request head (slowloris clients are cut off).", \.headerTimeoutSeconds,
        what: "The header timeout")
    static let bodyTimeout = ServerFlag.positive(
        "body-timeout", environment: "ENDPOINT_BODY_TIMEOUT",
        "Seconds a request body may take to arrive after its head, plus one per --body-minimum-rate bytes it has delivered; a late body is answered 408 and its connection closed.",
        \.bodyTimeoutSeconds, what: "The body timeout")
    static let bodyMinimumRate = ServerFlag.positive(
        "body-minimum-rate", environment: "ENDPOINT_BODY_MINIMUM_RATE",
        "Bytes a second that earn a body one more second (a body arriving faster may take as long as it needs; a trickle is cut once the timeout is up).",
        \.minimumBodyBytesPerSecond, what: "The minimum body rate")
    static let maxConnections = ServerFlag.positive(
        "max-connections", environment: "ENDPOINT_MAX_CONNECTIONS", "Connections open at once; more wait to be accepted (raise ulimit -n to match).",
        \.maximumConnections, what: "The connection limit")
    static let maxConnectionsPerNetwork = ServerFlag.positive(
        "max-connections-per-network", environment: "ENDPOINT_MAX_CONNECTIONS_PER_NETWORK",
        "Connections one client network (IPv4 address, IPv6 /64) may hold open; more are closed as they arrive (trusted proxies are not counted).",
        \.maximumConnectionsPerNetwork, what: "The connection limit per network")
    static let instance = ServerFlag(
        "instance", environment: "ENDPOINT_INSTANCE", default: "host name:port",
        "This instance's identity, the same across its restarts (letters, digits, . _ : -): a restart takes back the outbox leases its earlier process held."
    ) { text, configuration in
        guard ServerSettings.isInstanceIdentity(text) else {
            throw ValidationError("The instance identity must be 1 to 100 letters, digits, dots, underscores, colons or hyphens, not \(text).")
        }
        configuration.settings.instance = text
    }
    static let drainSeconds = ServerFlag.integer(
        "drain-seconds", environment: "ENDPOINT_DRAIN_SECONDS",
        "Seconds a stopping server (SIGTERM) keeps serving with /readyz at 503 and Connection: close on every answer, before it stops accepting connections (0 to 300; behind a balancer, longer than its idle keep-alive).",
        \.drainSeconds, in: 0...300, what: "The drain", unit: " seconds")
    static let stopSeconds = ServerFlag.integer(
        "stop-seconds", environment: "ENDPOINT_STOP_SECONDS",
        "Seconds a stopping server gives what is in flight once the drain is over (1 to 300); then its connections are closed and it exits.",
        \.stopSeconds, in: 1...300, what: "The stop bound", unit: " seconds")
    static let migrate = ServerFlag(
        "migrate", environment: nil, default: "on", "Apply pending migrations on start; --no-migrate skips them.", form: .toggle
    ) { text, configuration in configuration.settings.migrateOnStart = text == "true" }
    static let logLevel = ServerFlag(
        "log-level", environment: "ENDPOINT_LOG_LEVEL", default: "info", "Log level: trace, debug, info, notice, warning, error or critical."
    ) { text, configuration in
        guard let level = Logger.Level(rawValue: text.lowercased()) else { throw ValidationError("Unknown log level \(text).") }
        configuration.logLevel = level
    }
    static let logFormat = ServerFlag(
        "log-format", environment: "ENDPOINT_LOG_FORMAT", default: "text", "Log line format: text, or json (one object per line; see docs/operations.md, Logs)."
    ) { text, configuration in
        guard let format = LogFormat(rawValue: text.lowercased()) else { throw ValidationError("Unknown log format \(text); use text or json.") }
        configuration.logFormat = format
    }
    static let accessLog = ServerFlag(
        "access-log", environment: "ENDPOINT_ACCESS_LOG", default: "stderr",
        "Where the access log (a line per request) goes: stderr (with the other log lines), stdout, a file's path (appended to), or off."
    ) { text, configuration in configuration.accessLog = text }
    static let accessLogFormat = ServerFlag(
        "access-log-format", environment: "ENDPOINT_ACCESS_LOG_FORMAT", default: "as --log-format", "The access log's format: text, or json."
    ) { text, configuration in
        guard let format = AccessLogFormat(rawValue: text.lowercased()) else { throw ValidationError("Unknown access log format \(text); use text or json.") }
        configuration.accessLogFormat = format
    }
    static let metricsPort = ServerFlag(
        "metrics-port", environment: "ENDPOINT_METRICS_PORT", default: "off", "Serve GET /metrics (Prometheus) on this port, a listener of its own."
    ) { text, configuration in configuration.settings.metricsPort = try ServerFlag.number(text, in: 1...65535, what: "The metrics port") }
    static let metricsHostname = ServerFlag.text(
        "metrics-hostname", environment: "ENDPOINT_METRICS_HOSTNAME", default: defaults.metricsHostname, "Address the metrics listener binds to.",
        \.metricsHostname)

    /// In the order `docs/configuration.md` lists them.
    static let all: [ServerFlag] = [
        hostname, port, database, migrations, maxBodyBytes, trustedProxy, publicURL, hashThreads, mediaCache, mediaStore, mediaThreads, databaseConnections,
        smtpURL, smtpCAFile,
        mailFrom, staffEmail, mailPollSeconds, pushPollSeconds, idleTimeout, headerTimeout, bodyTimeout, bodyMinimumRate, writeTimeout, maxConnections,
        maxConnectionsPerNetwork, instance, drainSeconds, stopSeconds, migrate, logLevel, logFormat, accessLog, accessLogFormat, metricsPort,
        metricsHostname,
    ]

    static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The flags as `endpoint serve --help` lists them.
    static var help: String {
        Self.all.filter { $0.apply != nil }.map { flag in
            let written = flag.form == .toggle ? "--\(flag.name) / --no-\(flag.name)" : "--\(flag.name) <value>"
            return "  \(written)\n        \(flag.helpText)"
        }.joined(separator: "\n")
    }

    /// A poll interval in seconds: above 0, at most an hour.
    private static func interval(
        _ name: String, environment: String, _ summary: String, _ keyPath: any WritableKeyPath<ServerSettings, Duration> & Sendable
    ) -> ServerFlag {
        ServerFlag(name, environment: environment, default: Self.seconds(defaults[keyPath: keyPath]), summary) { text, configuration in
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else { throw ValidationError("\(environment) must be between 0 and 3600 seconds.") }
            configuration.settings[keyPath: keyPath] = .milliseconds(Int(seconds * 1000))
        }
    }

    private static func seconds(_ interval: Duration) -> String {
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        return seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
