import EndpointServer
import Storage

/// Every flag `endpoint serve` takes, with the defaults ``ServerSettings`` starts from.
enum ServerFlags {
    private static let defaults = ServerSettings()

    static let hostname = ServerFlag("hostname", environment: "ENDPOINT_HOSTNAME", default: defaults.hostname, "Address to listen on.")
    static let port = ServerFlag("port", environment: "ENDPOINT_PORT", default: String(defaults.port), "Port to listen on.")
    static let database = ServerFlag(
        "database", environment: "ENDPOINT_DATABASE_URL", default: DatabaseURL.embeddedDefault.description,
        "The database: sqlite://PATH (relative) or sqlite:///abs/path, or postgres://user:password@host:port/db."
    )
    static let migrations = ServerFlag(
        "migrations", environment: "ENDPOINT_MIGRATIONS", default: "built into the binary",
        "A folder of migrations (common/, sqlite/, postgresql/) to apply instead of those built in."
    )
    static let maxBodyBytes = ServerFlag(
        "max-body-bytes", environment: "ENDPOINT_MAX_BODY_BYTES", default: String(defaults.maximumBodyBytes), "Request bodies above this many bytes get 413."
    )
    static let trustedProxy = ServerFlag(
        "trusted-proxy", environment: "ENDPOINT_TRUSTED_PROXIES", default: "none",
        "A reverse proxy (an address or a CIDR block such as 10.0.0.0/8; IPv4-mapped IPv6 peers count as their IPv4 address) whose X-Forwarded-For is believed; repeatable, comma-separated in the environment. The first X-Forwarded-For from any other peer is logged as a warning."
    )
    static let publicURL = ServerFlag(
        "public-url", environment: "ENDPOINT_PUBLIC_URL", default: "none",
        "The URL clients reach the server at, e.g. https://api.example.com: links in e-mails use it, https makes cookies Secure, its host counts as same-site."
    )
    static let hashThreads = ServerFlag("hash-threads", environment: "ENDPOINT_HASH_THREADS", default: "one per core", "Password-hashing threads.")
    static let mediaCache = ServerFlag(
        "media-cache", environment: "ENDPOINT_MEDIA_CACHE", default: defaults.mediaCacheDirectory,
        "The folder of this instance's image versions (made again from the originals in the database when missing; bounded by media_cache_mb)."
    )
    static let mediaThreads = ServerFlag(
        "media-threads", environment: "ENDPOINT_MEDIA_THREADS", default: "one per core", "Threads decoding images and making their versions."
    )
    static let databaseConnections = ServerFlag(
        "database-connections", environment: "ENDPOINT_DATABASE_CONNECTIONS", default: String(defaults.databaseConnectionsPerLoop),
        "Pooled database connections per event loop (one loop per core), 1 to 64; see docs/operations.md, Database connections."
    )
    static let smtpURL = ServerFlag(
        "smtp-url", environment: "ENDPOINT_SMTP_URL", default: "none (mail stays queued; see endpoint mail list)",
        "Where mail is delivered: smtp://[user:pass@]host[:port] (STARTTLS when offered) or smtps://…."
    )
    static let smtpCAFile = ServerFlag(
        "smtp-ca-file", environment: "ENDPOINT_SMTP_CA_FILE", default: "none", "PEM certificates to trust for the SMTP server besides the system's."
    )
    static let mailFrom = ServerFlag(
        "mail-from", environment: "ENDPOINT_MAIL_FROM", default: defaults.mailFrom, "Sender address of outgoing mail (its display name is site_name)."
    )
    static let staffEmail = ServerFlag(
        "staff-email", environment: "ENDPOINT_STAFF_EMAIL", default: "every administrator's address", "Where contact_us notifications are mailed."
    )
    static let mailPollSeconds = ServerFlag(
        "mail-poll-seconds", environment: "ENDPOINT_MAIL_POLL_SECONDS", default: Self.seconds(defaults.mailPollInterval),
        "Seconds between two passes of the mail worker (above 0, at most 3600)."
    )
    static let pushPollSeconds = ServerFlag(
        "push-poll-seconds", environment: "ENDPOINT_PUSH_POLL_SECONDS", default: Self.seconds(defaults.pushPollInterval),
        "Seconds between two passes of the push worker (above 0, at most 3600)."
    )
    static let idleTimeout = ServerFlag(
        "idle-timeout", environment: "ENDPOINT_IDLE_TIMEOUT", default: String(defaults.idleTimeoutSeconds),
        "Seconds a keep-alive connection may stay idle between requests."
    )
    static let writeTimeout = ServerFlag(
        "write-timeout", environment: "ENDPOINT_WRITE_TIMEOUT", default: String(defaults.writeTimeoutSeconds),
        "Seconds a client may take nothing of an answer (a download, a live stream) before its connection is closed."
    )
    static let headerTimeout = ServerFlag(
        "header-timeout", environment: "ENDPOINT_HEADER_TIMEOUT", default: String(defaults.headerTimeoutSeconds),
        "Seconds a new connection has to send its first request head (slowloris clients are cut off)."
    )
    static let bodyTimeout = ServerFlag(
        "body-timeout", environment: "ENDPOINT_BODY_TIMEOUT", default: String(defaults.bodyTimeoutSeconds),
        "Seconds a request body may take to arrive after its head, plus one per --body-minimum-rate bytes it has delivered; a late body is answered 408 and its connection closed."
    )
    static let bodyMinimumRate = ServerFlag(
        "body-minimum-rate", environment: "ENDPOINT_BODY_MINIMUM_RATE", default: String(defaults.minimumBodyBytesPerSecond),
        "Bytes a second that earn a body one more second (a body arriving faster may take as long as it needs; a trickle is cut once the timeout is up)."
    )
    static let maxConnections = ServerFlag(
        "max-connections", environment: "ENDPOINT_MAX_CONNECTIONS", default: String(defaults.maximumConnections),
        "Connections open at once; more wait to be accepted (raise ulimit -n to match)."
    )
    static let maxConnectionsPerNetwork = ServerFlag(
        "max-connections-per-network", environment: "ENDPOINT_MAX_CONNECTIONS_PER_NETWORK", default: String(defaults.maximumConnectionsPerNetwork),
        "Connections one client network (IPv4 address, IPv6 /64) may hold open; more are closed as they arrive (trusted proxies are not counted)."
    )
    static let instance = ServerFlag(
        "instance", environment: "ENDPOINT_INSTANCE", default: "host name:port",
        "This instance's identity, the same across its restarts (letters, digits, . _ : -): a restart takes back the outbox leases its earlier process held."
    )
    static let drainSeconds = ServerFlag(
        "drain-seconds", environment: "ENDPOINT_DRAIN_SECONDS", default: String(defaults.drainSeconds),
        "Seconds a stopping server (SIGTERM) keeps serving with /readyz at 503 and Connection: close on every answer, before it stops accepting connections (0 to 300; behind a balancer, longer than its idle keep-alive)."
    )
    static let stopSeconds = ServerFlag(
        "stop-seconds", environment: "ENDPOINT_STOP_SECONDS", default: String(defaults.stopSeconds),
        "Seconds a stopping server gives what is in flight once the drain is over (1 to 300); then its connections are closed and it exits."
    )
    static let migrate = ServerFlag("migrate", environment: nil, default: "on", "Apply pending migrations on start; --no-migrate skips them.")
    static let logLevel = ServerFlag(
        "log-level", environment: "ENDPOINT_LOG_LEVEL", default: "info", "Log level: trace, debug, info, notice, warning, error or critical."
    )
    static let logFormat = ServerFlag(
        "log-format", environment: "ENDPOINT_LOG_FORMAT", default: "text", "Log line format: text, or json (one object per line; see docs/operations.md, Logs)."
    )
    static let accessLog = ServerFlag(
        "access-log", environment: "ENDPOINT_ACCESS_LOG", default: "stderr",
        "Where the access log (a line per request) goes: stderr (with the other log lines), stdout, a file's path (appended to), or off."
    )
    static let accessLogFormat = ServerFlag(
        "access-log-format", environment: "ENDPOINT_ACCESS_LOG_FORMAT", default: "as --log-format", "The access log's format: text, or json."
    )
    static let metricsPort = ServerFlag(
        "metrics-port", environment: "ENDPOINT_METRICS_PORT", default: "off", "Serve GET /metrics (Prometheus) on this port, a listener of its own."
    )
    static let metricsHostname = ServerFlag(
        "metrics-hostname", environment: "ENDPOINT_METRICS_HOSTNAME", default: defaults.metricsHostname, "Address the metrics listener binds to."
    )

    /// In the order `docs/configuration.md` lists them.
    static let all: [ServerFlag] = [
        hostname, port, database, migrations, maxBodyBytes, trustedProxy, publicURL, hashThreads, mediaCache, mediaThreads, databaseConnections,
        smtpURL, smtpCAFile,
        mailFrom, staffEmail, mailPollSeconds, pushPollSeconds, idleTimeout, headerTimeout, bodyTimeout, bodyMinimumRate, writeTimeout, maxConnections,
        maxConnectionsPerNetwork, instance, drainSeconds, stopSeconds, migrate, logLevel, logFormat, accessLog, accessLogFormat, metricsPort,
        metricsHostname,
    ]

    private static func seconds(_ interval: Duration) -> String {
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        return seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
