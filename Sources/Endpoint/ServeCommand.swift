import ArgumentParser
import EndpointServer
import Foundation
import Logging
import Mail
import Push
import SiteStore

/// `endpoint serve`: runs the HTTP server until SIGTERM or SIGINT, letting in-flight requests finish.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the API server.",
        discussion: "Flags win over environment variables, which win over defaults. Pending migrations are applied on start unless --no-migrate is given. Push services are configured by environment variables only (ENDPOINT_APNS_*, ENDPOINT_FCM_*; see the README)."
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(help: "Address to listen on. Env: ENDPOINT_HOSTNAME. Default: 127.0.0.1")
    var hostname: String?

    @Option(help: "Port to listen on. Env: ENDPOINT_PORT. Default: 8080")
    var port: Int?

    @Option(help: "Largest accepted request body in bytes. Env: ENDPOINT_MAX_BODY_BYTES. Default: 2097152")
    var maxBodyBytes: Int?

    @Option(help: "Seconds a keep-alive connection may stay idle between requests. Env: ENDPOINT_IDLE_TIMEOUT. Default: 60")
    var idleTimeout: Int?

    @Option(help: "Seconds a new connection has to send its first request head. Env: ENDPOINT_HEADER_TIMEOUT. Default: 10")
    var headerTimeout: Int?

    @Option(help: "Seconds a request body may take to arrive, plus one per --body-minimum-rate bytes it delivers (else 408). Env: ENDPOINT_BODY_TIMEOUT. Default: 30")
    var bodyTimeout: Int?

    @Option(help: "Bytes a second that earn a slow request body one more second. Env: ENDPOINT_BODY_MINIMUM_RATE. Default: 4096")
    var bodyMinimumRate: Int?

    @Option(help: "Most connections open at once; more wait to be accepted. Env: ENDPOINT_MAX_CONNECTIONS. Default: 4096")
    var maxConnections: Int?

    @Option(help: "Most connections one client network (IPv4 address, IPv6 /64) may hold open; more are closed. Env: ENDPOINT_MAX_CONNECTIONS_PER_NETWORK. Default: 512")
    var maxConnectionsPerNetwork: Int?

    @Option(help: "A reverse proxy's IP or CIDR block (10.0.0.0/8) whose X-Forwarded-For is trusted (repeatable). Env: ENDPOINT_TRUSTED_PROXIES (comma-separated).")
    var trustedProxy: [String] = []

    @Option(help: "The URL clients use to reach the server, e.g. https://api.example.com (cookies are Secure when https). Env: ENDPOINT_PUBLIC_URL.")
    var publicURL: String?

    @Option(help: "Password-hashing threads. Env: ENDPOINT_HASH_THREADS. Default: one per core")
    var hashThreads: Int?

    @Option(help: "Pooled database connections per event loop (one loop per core). Env: ENDPOINT_DATABASE_CONNECTIONS. Default: 4")
    var databaseConnections: Int?

    @Option(help: "Where to deliver mail: smtp://[user:pass@]host:port (STARTTLS when offered) or smtps://…. Env: ENDPOINT_SMTP_URL. Default: none (mail stays queued; see `endpoint mail list`)")
    var smtpURL: String?

    @Option(help: "Extra CA certificates (PEM) to trust for the SMTP server. Env: ENDPOINT_SMTP_CA_FILE.")
    var smtpCAFile: String?

    @Option(help: "Sender address of outgoing mail. Env: ENDPOINT_MAIL_FROM. Default: noreply@localhost")
    var mailFrom: String?

    @Option(help: "Where staff notifications (contact_us) are mailed. Env: ENDPOINT_STAFF_EMAIL. Default: every administrator's address")
    var staffEmail: String?

    @Option(help: "Seconds between two passes of the mail worker. Env: ENDPOINT_MAIL_POLL_SECONDS. Default: 2")
    var mailPollSeconds: Double?

    @Option(help: "Seconds between two passes of the push worker. Env: ENDPOINT_PUSH_POLL_SECONDS. Default: 2")
    var pushPollSeconds: Double?

    @Option(help: "Address the metrics listener (GET /metrics, Prometheus) binds to. Env: ENDPOINT_METRICS_HOSTNAME. Default: 127.0.0.1")
    var metricsHostname: String?

    @Option(help: "Port of the metrics listener; without one no metrics are served. Env: ENDPOINT_METRICS_PORT. Default: off")
    var metricsPort: Int?

    @Flag(inversion: .prefixedNo, help: "Apply pending migrations on start.")
    var migrate = true

    @Option(help: "Log level (trace, debug, info, notice, warning, error, critical). Env: ENDPOINT_LOG_LEVEL. Default: info")
    var logLevel: String?

    @Option(help: "Log line format: text or json (one object per line). Env: ENDPOINT_LOG_FORMAT. Default: text")
    var logFormat: String?

    func run() async throws {
        MallocArenas.limitToCores(environment: ProcessInfo.processInfo.environment)
        let settings = try self.settings()
        try self.resolvedLogFormat().bootstrap(level: try self.resolvedLogLevel())
        let logger = Logger(label: "endpoint")
        try await PortAvailability.check(hostname: settings.hostname, port: settings.port)
        if let port = settings.metricsPort {
            try await PortAvailability.check(hostname: settings.metricsHostname, port: port, setting: "--metrics-port or ENDPOINT_METRICS_PORT")
        }
        // Before anything that records metrics is made.
        let metrics = settings.metricsPort.map { _ in MetricsExposition.bootstrap() }
        try await self.databaseOptions.withDatabase(connectionsPerEventLoop: settings.databaseConnectionsPerLoop, logger: logger) { database in
            if settings.migrateOnStart {
                try await self.databaseOptions.migrate(database, logger: logger)
            }
            var settings = settings
            settings.requiredMigrations = Set(try self.databaseOptions.migrationFiles(for: database.engine).map(\.version))
            do {
                try await EndpointApplication.run(settings: settings, database: database, metrics: metrics, logger: logger)
            } catch let invalid as PushConfiguration.Invalid {
                throw CommandFailure(invalid.description)
            }
        }
    }

    private func settings() throws -> ServerSettings {
        let environment = ProcessInfo.processInfo.environment
        func text(_ flag: String?, _ name: String) -> String? {
            flag ?? environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        var settings = ServerSettings()
        settings.hostname = self.hostname ?? environment["ENDPOINT_HOSTNAME"] ?? settings.hostname
        settings.port = try self.port ?? Self.number(environment["ENDPOINT_PORT"], name: "ENDPOINT_PORT") ?? settings.port
        settings.maximumBodyBytes = try self.maxBodyBytes
            ?? Self.number(environment["ENDPOINT_MAX_BODY_BYTES"], name: "ENDPOINT_MAX_BODY_BYTES") ?? settings.maximumBodyBytes
        settings.idleTimeoutSeconds = try self.idleTimeout
            ?? Self.number(environment["ENDPOINT_IDLE_TIMEOUT"], name: "ENDPOINT_IDLE_TIMEOUT") ?? settings.idleTimeoutSeconds
        settings.headerTimeoutSeconds = try self.headerTimeout
            ?? Self.number(environment["ENDPOINT_HEADER_TIMEOUT"], name: "ENDPOINT_HEADER_TIMEOUT") ?? settings.headerTimeoutSeconds
        settings.bodyTimeoutSeconds = try self.bodyTimeout
            ?? Self.number(environment["ENDPOINT_BODY_TIMEOUT"], name: "ENDPOINT_BODY_TIMEOUT") ?? settings.bodyTimeoutSeconds
        settings.minimumBodyBytesPerSecond = try self.bodyMinimumRate
            ?? Self.number(environment["ENDPOINT_BODY_MINIMUM_RATE"], name: "ENDPOINT_BODY_MINIMUM_RATE") ?? settings.minimumBodyBytesPerSecond
        settings.maximumConnections = try self.maxConnections
            ?? Self.number(environment["ENDPOINT_MAX_CONNECTIONS"], name: "ENDPOINT_MAX_CONNECTIONS") ?? settings.maximumConnections
        settings.maximumConnectionsPerNetwork = try self.maxConnectionsPerNetwork
            ?? Self.number(environment["ENDPOINT_MAX_CONNECTIONS_PER_NETWORK"], name: "ENDPOINT_MAX_CONNECTIONS_PER_NETWORK")
            ?? settings.maximumConnectionsPerNetwork
        let proxies = self.trustedProxy.isEmpty
            ? (environment["ENDPOINT_TRUSTED_PROXIES"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            : self.trustedProxy
        settings.trustedProxies = try proxies.filter { !$0.isEmpty }.map { text in
            guard let network = IPNetwork(text) else {
                throw ValidationError("A trusted proxy must be an IP address or a CIDR block such as 10.0.0.0/8, not \(text).")
            }
            return network
        }
        settings.metricsHostname = text(self.metricsHostname, "ENDPOINT_METRICS_HOSTNAME") ?? settings.metricsHostname
        settings.metricsPort = try self.metricsPort ?? Self.number(environment["ENDPOINT_METRICS_PORT"], name: "ENDPOINT_METRICS_PORT")
        settings.migrateOnStart = self.migrate
        settings.publicURL = text(self.publicURL, "ENDPOINT_PUBLIC_URL")
        settings.hashThreads = try self.hashThreads
            ?? Self.number(environment["ENDPOINT_HASH_THREADS"], name: "ENDPOINT_HASH_THREADS") ?? settings.hashThreads
        settings.databaseConnectionsPerLoop = try self.databaseConnections
            ?? Self.number(environment["ENDPOINT_DATABASE_CONNECTIONS"], name: "ENDPOINT_DATABASE_CONNECTIONS") ?? settings.databaseConnectionsPerLoop
        if let url = text(self.smtpURL, "ENDPOINT_SMTP_URL") {
            do {
                settings.smtpURL = try SMTPServerURL(parsing: url)
            } catch {
                throw ValidationError(error.description)
            }
        }
        settings.smtpTrustRootsFile = text(self.smtpCAFile, "ENDPOINT_SMTP_CA_FILE")
        settings.staffEmail = text(self.staffEmail, "ENDPOINT_STAFF_EMAIL")
        settings.mailFrom = text(self.mailFrom, "ENDPOINT_MAIL_FROM") ?? settings.mailFrom
        settings.mailPollInterval = try Self.interval(self.mailPollSeconds, environment["ENDPOINT_MAIL_POLL_SECONDS"], name: "ENDPOINT_MAIL_POLL_SECONDS")
            ?? settings.mailPollInterval
        settings.pushPollInterval = try Self.interval(self.pushPollSeconds, environment["ENDPOINT_PUSH_POLL_SECONDS"], name: "ENDPOINT_PUSH_POLL_SECONDS")
            ?? settings.pushPollInterval
        do {
            settings.push = try PushConfiguration(environment: environment)
        } catch {
            throw CommandFailure(error.description)
        }
        guard (1...65535).contains(settings.port) else { throw ValidationError("The port must be between 1 and 65535.") }
        if let port = settings.metricsPort {
            guard (1...65535).contains(port) else { throw ValidationError("The metrics port must be between 1 and 65535.") }
            guard port != settings.port else { throw ValidationError("The metrics port must differ from the server's port.") }
        }
        guard settings.maximumBodyBytes > 0 else { throw ValidationError("The body limit must be a positive number of bytes.") }
        guard settings.idleTimeoutSeconds > 0, settings.headerTimeoutSeconds > 0 else {
            throw ValidationError("The idle and header timeouts must be positive numbers of seconds.")
        }
        guard settings.maximumConnections > 0, settings.maximumConnectionsPerNetwork > 0 else {
            throw ValidationError("The connection limits must be positive numbers.")
        }
        guard settings.bodyTimeoutSeconds > 0, settings.minimumBodyBytesPerSecond > 0 else {
            throw ValidationError("The body timeout and minimum rate must be positive numbers.")
        }
        guard (1...64).contains(settings.databaseConnectionsPerLoop) else {
            throw ValidationError("The database connections per event loop must be between 1 and 64.")
        }
        return settings
    }

    private func resolvedLogFormat() throws -> LogFormat {
        let text = self.logFormat ?? ProcessInfo.processInfo.environment["ENDPOINT_LOG_FORMAT"] ?? "text"
        guard let format = LogFormat(rawValue: text.lowercased()) else {
            throw ValidationError("Unknown log format \(text); use text or json.")
        }
        return format
    }

    private func resolvedLogLevel() throws -> Logger.Level {
        let text = self.logLevel ?? ProcessInfo.processInfo.environment["ENDPOINT_LOG_LEVEL"] ?? "info"
        guard let level = Logger.Level(rawValue: text.lowercased()) else {
            throw ValidationError("Unknown log level \(text).")
        }
        return level
    }

    private static func number<Value: LosslessStringConvertible>(_ text: String?, name: String) throws -> Value? {
        guard let text, !text.isEmpty else { return nil }
        guard let value = Value(text) else { throw ValidationError("\(name) must be a number, not \(text).") }
        return value
    }

    /// A poll interval from its flag or environment variable: a positive number of seconds.
    private static func interval(_ flag: Double?, _ environment: String?, name: String) throws -> Duration? {
        guard let seconds = try flag ?? Self.number(environment, name: name) as Double? else { return nil }
        guard seconds > 0, seconds <= 3600 else { throw ValidationError("\(name) must be between 0 and 3600 seconds.") }
        return .milliseconds(Int(seconds * 1000))
    }
}
