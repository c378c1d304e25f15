import ArgumentParser
import EndpointServer
import Foundation
import Logging
import Mail
import Push
import Storage

/// `endpoint serve`: runs the HTTP server until SIGTERM or SIGINT, letting in-flight requests finish.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the API server.",
        discussion:
            "Flags win over environment variables, which win over defaults. Pending migrations are applied on start unless --no-migrate is given. Push services are configured by environment variables only (ENDPOINT_APNS_*, ENDPOINT_FCM_*; see docs/api.md, Push notifications)."
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(name: ServerFlags.hostname.argumentName, help: ServerFlags.hostname.help)
    var hostname: String?

    @Option(name: ServerFlags.port.argumentName, help: ServerFlags.port.help)
    var port: Int?

    @Option(name: ServerFlags.maxBodyBytes.argumentName, help: ServerFlags.maxBodyBytes.help)
    var maxBodyBytes: Int?

    @Option(name: ServerFlags.idleTimeout.argumentName, help: ServerFlags.idleTimeout.help)
    var idleTimeout: Int?

    @Option(name: ServerFlags.headerTimeout.argumentName, help: ServerFlags.headerTimeout.help)
    var headerTimeout: Int?

    @Option(name: ServerFlags.bodyTimeout.argumentName, help: ServerFlags.bodyTimeout.help)
    var bodyTimeout: Int?

    @Option(name: ServerFlags.bodyMinimumRate.argumentName, help: ServerFlags.bodyMinimumRate.help)
    var bodyMinimumRate: Int?

    @Option(name: ServerFlags.maxConnections.argumentName, help: ServerFlags.maxConnections.help)
    var maxConnections: Int?

    @Option(name: ServerFlags.maxConnectionsPerNetwork.argumentName, help: ServerFlags.maxConnectionsPerNetwork.help)
    var maxConnectionsPerNetwork: Int?

    @Option(name: ServerFlags.trustedProxy.argumentName, help: ServerFlags.trustedProxy.help)
    var trustedProxy: [String] = []

    @Option(name: ServerFlags.publicURL.argumentName, help: ServerFlags.publicURL.help)
    var publicURL: String?

    @Option(name: ServerFlags.hashThreads.argumentName, help: ServerFlags.hashThreads.help)
    var hashThreads: Int?

    @Option(name: ServerFlags.mediaCache.argumentName, help: ServerFlags.mediaCache.help)
    var mediaCache: String?

    @Option(name: ServerFlags.mediaThreads.argumentName, help: ServerFlags.mediaThreads.help)
    var mediaThreads: Int?

    @Option(name: ServerFlags.databaseConnections.argumentName, help: ServerFlags.databaseConnections.help)
    var databaseConnections: Int?

    @Option(name: ServerFlags.smtpURL.argumentName, help: ServerFlags.smtpURL.help)
    var smtpURL: String?

    @Option(name: ServerFlags.smtpCAFile.argumentName, help: ServerFlags.smtpCAFile.help)
    var smtpCAFile: String?

    @Option(name: ServerFlags.mailFrom.argumentName, help: ServerFlags.mailFrom.help)
    var mailFrom: String?

    @Option(name: ServerFlags.staffEmail.argumentName, help: ServerFlags.staffEmail.help)
    var staffEmail: String?

    @Option(name: ServerFlags.mailPollSeconds.argumentName, help: ServerFlags.mailPollSeconds.help)
    var mailPollSeconds: Double?

    @Option(name: ServerFlags.pushPollSeconds.argumentName, help: ServerFlags.pushPollSeconds.help)
    var pushPollSeconds: Double?

    @Option(name: ServerFlags.metricsHostname.argumentName, help: ServerFlags.metricsHostname.help)
    var metricsHostname: String?

    @Option(name: ServerFlags.metricsPort.argumentName, help: ServerFlags.metricsPort.help)
    var metricsPort: Int?

    @Option(name: ServerFlags.instance.argumentName, help: ServerFlags.instance.help)
    var instance: String?

    @Option(name: ServerFlags.drainSeconds.argumentName, help: ServerFlags.drainSeconds.help)
    var drainSeconds: Int?

    @Option(name: ServerFlags.stopSeconds.argumentName, help: ServerFlags.stopSeconds.help)
    var stopSeconds: Int?

    @Option(name: ServerFlags.writeTimeout.argumentName, help: ServerFlags.writeTimeout.help)
    var writeTimeout: Int?

    @Flag(inversion: .prefixedNo, help: ServerFlags.migrate.help)
    var migrate = true

    @Option(name: ServerFlags.logLevel.argumentName, help: ServerFlags.logLevel.help)
    var logLevel: String?

    @Option(name: ServerFlags.logFormat.argumentName, help: ServerFlags.logFormat.help)
    var logFormat: String?

    @Option(name: ServerFlags.accessLog.argumentName, help: ServerFlags.accessLog.help)
    var accessLog: String?

    @Option(name: ServerFlags.accessLogFormat.argumentName, help: ServerFlags.accessLogFormat.help)
    var accessLogFormat: String?

    func run() async throws {
        MallocTuning.apply(environment: ProcessInfo.processInfo.environment)
        var settings = try self.settings()
        let logFormat = try self.resolvedLogFormat()
        try logFormat.bootstrap(level: try self.resolvedLogLevel())
        try self.resolveAccessLog(into: &settings, logFormat: logFormat)
        let logger = Logger(label: "endpoint")
        try PortAvailability.check(hostname: settings.hostname, port: settings.port)
        if let port = settings.metricsPort {
            try PortAvailability.check(hostname: settings.metricsHostname, port: port, setting: "--metrics-port or ENDPOINT_METRICS_PORT")
        }
        // Before anything that records metrics is made.
        let metrics = settings.metricsPort.map { _ in MetricsExposition.bootstrap() }
        try await self.databaseOptions.withDatabase(connectionsPerEventLoop: settings.databaseConnectionsPerLoop, logger: logger) { database in
            if case .sqlite(let path) = database.url { try SQLiteServerLock.take(for: path) }
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
        func text(_ flag: String?, _ declaration: ServerFlag) -> String? {
            flag ?? declaration.environmentValue(environment)
        }
        func number<Value: LosslessStringConvertible>(_ flag: Value?, _ declaration: ServerFlag) throws -> Value? {
            if let flag { return flag }
            guard let text = declaration.environmentValue(environment) else { return nil }
            guard let value = Value(text) else { throw ValidationError("\(declaration.environment ?? declaration.name) must be a number, not \(text).") }
            return value
        }
        var settings = ServerSettings()
        settings.hostname = text(self.hostname, ServerFlags.hostname) ?? settings.hostname
        settings.port = try number(self.port, ServerFlags.port) ?? settings.port
        settings.maximumBodyBytes = try number(self.maxBodyBytes, ServerFlags.maxBodyBytes) ?? settings.maximumBodyBytes
        settings.idleTimeoutSeconds = try number(self.idleTimeout, ServerFlags.idleTimeout) ?? settings.idleTimeoutSeconds
        settings.headerTimeoutSeconds = try number(self.headerTimeout, ServerFlags.headerTimeout) ?? settings.headerTimeoutSeconds
        settings.bodyTimeoutSeconds = try number(self.bodyTimeout, ServerFlags.bodyTimeout) ?? settings.bodyTimeoutSeconds
        settings.minimumBodyBytesPerSecond = try number(self.bodyMinimumRate, ServerFlags.bodyMinimumRate) ?? settings.minimumBodyBytesPerSecond
        settings.maximumConnections = try number(self.maxConnections, ServerFlags.maxConnections) ?? settings.maximumConnections
        settings.maximumConnectionsPerNetwork =
            try number(self.maxConnectionsPerNetwork, ServerFlags.maxConnectionsPerNetwork)
            ?? settings.maximumConnectionsPerNetwork
        let proxies =
            self.trustedProxy.isEmpty
            ? (ServerFlags.trustedProxy.environmentValue(environment) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            : self.trustedProxy
        settings.trustedProxies = try proxies.filter { !$0.isEmpty }.map { text in
            guard let network = IPNetwork(text) else {
                throw ValidationError("A trusted proxy must be an IP address or a CIDR block such as 10.0.0.0/8, not \(text).")
            }
            return network
        }
        settings.metricsHostname = text(self.metricsHostname, ServerFlags.metricsHostname) ?? settings.metricsHostname
        settings.metricsPort = try number(self.metricsPort, ServerFlags.metricsPort)
        settings.migrateOnStart = self.migrate
        settings.instance = text(self.instance, ServerFlags.instance)
        if let instance = settings.instance, !ServerSettings.isInstanceIdentity(instance) {
            throw ValidationError("The instance identity must be 1 to 100 letters, digits, dots, underscores, colons or hyphens, not \(instance).")
        }
        settings.drainSeconds = try number(self.drainSeconds, ServerFlags.drainSeconds) ?? settings.drainSeconds
        guard (0...300).contains(settings.drainSeconds) else { throw ValidationError("The drain must be between 0 and 300 seconds.") }
        settings.stopSeconds = try number(self.stopSeconds, ServerFlags.stopSeconds) ?? settings.stopSeconds
        guard (1...300).contains(settings.stopSeconds) else { throw ValidationError("The stop bound must be between 1 and 300 seconds.") }
        settings.writeTimeoutSeconds = try number(self.writeTimeout, ServerFlags.writeTimeout) ?? settings.writeTimeoutSeconds
        settings.publicURL = text(self.publicURL, ServerFlags.publicURL)
        settings.hashThreads = try number(self.hashThreads, ServerFlags.hashThreads) ?? settings.hashThreads
        settings.mediaCacheDirectory = text(self.mediaCache, ServerFlags.mediaCache) ?? settings.mediaCacheDirectory
        settings.mediaThreads = try number(self.mediaThreads, ServerFlags.mediaThreads) ?? settings.mediaThreads
        settings.databaseConnectionsPerLoop = try number(self.databaseConnections, ServerFlags.databaseConnections) ?? settings.databaseConnectionsPerLoop
        if let url = text(self.smtpURL, ServerFlags.smtpURL) {
            do {
                settings.smtpURL = try SMTPServerURL(parsing: url)
            } catch {
                throw ValidationError(error.description)
            }
        }
        settings.smtpTrustRootsFile = text(self.smtpCAFile, ServerFlags.smtpCAFile)
        settings.staffEmail = text(self.staffEmail, ServerFlags.staffEmail)
        settings.mailFrom = text(self.mailFrom, ServerFlags.mailFrom) ?? settings.mailFrom
        settings.mailPollInterval =
            try Self.interval(try number(self.mailPollSeconds, ServerFlags.mailPollSeconds), ServerFlags.mailPollSeconds)
            ?? settings.mailPollInterval
        settings.pushPollInterval =
            try Self.interval(try number(self.pushPollSeconds, ServerFlags.pushPollSeconds), ServerFlags.pushPollSeconds)
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
        guard settings.idleTimeoutSeconds > 0, settings.headerTimeoutSeconds > 0, settings.writeTimeoutSeconds > 0 else {
            throw ValidationError("The idle, header and write timeouts must be positive numbers of seconds.")
        }
        guard settings.maximumConnections > 0, settings.maximumConnectionsPerNetwork > 0 else {
            throw ValidationError("The connection limits must be positive numbers.")
        }
        guard settings.bodyTimeoutSeconds > 0, settings.minimumBodyBytesPerSecond > 0 else {
            throw ValidationError("The body timeout and minimum rate must be positive numbers.")
        }
        guard settings.hashThreads > 0, settings.mediaThreads > 0 else { throw ValidationError("The thread counts must be positive numbers.") }
        guard (1...64).contains(settings.databaseConnectionsPerLoop) else {
            throw ValidationError("The database connections per event loop must be between 1 and 64.")
        }
        return settings
    }

    private func resolvedLogFormat() throws -> LogFormat {
        let text = self.logFormat ?? ServerFlags.logFormat.environmentValue(ProcessInfo.processInfo.environment) ?? ServerFlags.logFormat.shownDefault
        guard let format = LogFormat(rawValue: text.lowercased()) else {
            throw ValidationError("Unknown log format \(text); use text or json.")
        }
        return format
    }

    /// The access log's destination and format: `--access-log` (`stderr`, `stdout`, `off` or a file's
    /// path) and `--access-log-format`, by default the log's own.
    private func resolveAccessLog(into settings: inout ServerSettings, logFormat: LogFormat) throws {
        let environment = ProcessInfo.processInfo.environment
        switch self.accessLog ?? ServerFlags.accessLog.environmentValue(environment) ?? ServerFlags.accessLog.shownDefault {
        case "off": settings.accessLog = nil
        case "stderr", "": settings.accessLog = .standardError
        case "stdout": settings.accessLog = .standardOutput
        case let path: settings.accessLog = .file(path)
        }
        let format = self.accessLogFormat ?? ServerFlags.accessLogFormat.environmentValue(environment) ?? logFormat.rawValue
        guard let chosen = AccessLogFormat(rawValue: format.lowercased()) else {
            throw ValidationError("Unknown access log format \(format); use text or json.")
        }
        settings.accessLogFormat = chosen
    }

    private func resolvedLogLevel() throws -> Logger.Level {
        let text = self.logLevel ?? ServerFlags.logLevel.environmentValue(ProcessInfo.processInfo.environment) ?? ServerFlags.logLevel.shownDefault
        guard let level = Logger.Level(rawValue: text.lowercased()) else {
            throw ValidationError("Unknown log level \(text).")
        }
        return level
    }

    /// A poll interval in seconds from its flag or environment variable: above 0, at most an hour.
    private static func interval(_ seconds: Double?, _ declaration: ServerFlag) throws -> Duration? {
        guard let seconds else { return nil }
        guard seconds > 0, seconds <= 3600 else { throw ValidationError("\(declaration.environment ?? declaration.name) must be between 0 and 3600 seconds.") }
        return .milliseconds(Int(seconds * 1000))
    }
}
