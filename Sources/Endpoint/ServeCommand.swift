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
            "Flags win over environment variables, which win over defaults. Pending migrations are applied on start unless --no-migrate is given. Push services are configured by environment variables only (ENDPOINT_APNS_*, ENDPOINT_FCM_*; see docs/api.md, Push notifications).\n\nFLAGS:\n"
            + ServerFlags.help
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    /// Every other flag, read by its declaration in ``ServerFlags`` (`--help` lists them below).
    @Argument(parsing: .allUnrecognized, help: .hidden)
    var flags: [String] = []

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        MallocTuning.apply(environment: environment)
        let configuration = try ServeConfiguration(arguments: self.flags, environment: environment)
        var settings = configuration.settings
        do {
            settings.push = try PushConfiguration(environment: environment)
        } catch {
            throw CommandFailure(error.description)
        }
        configuration.logFormat.bootstrap(level: configuration.logLevel)
        settings.accessLog = Self.accessLog(configuration.accessLog)
        settings.accessLogFormat = configuration.accessLogFormat ?? AccessLogFormat(rawValue: configuration.logFormat.rawValue) ?? .text
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

    /// The access log's destination: `stderr`, `stdout`, `off` or a file's path.
    private static func accessLog(_ text: String) -> AccessLog.Destination? {
        switch text {
        case "off": nil
        case "stderr", "": .standardError
        case "stdout": .standardOutput
        case let path: .file(path)
        }
    }
}
