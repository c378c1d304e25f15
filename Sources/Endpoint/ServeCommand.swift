import ArgumentParser
import Auth
import Foundation
import Hooks
import Hummingbird
import Logging
import Mail
import Push
import ServiceLifecycle
import SiteStore

/// `endpoint serve`: runs the HTTP server until SIGTERM or SIGINT, letting in-flight requests finish.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the API server.",
        discussion: "Flags win over environment variables, which win over defaults. Pending migrations are applied on start unless --no-migrate is given."
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(help: "Address to listen on. Env: ENDPOINT_HOSTNAME. Default: 127.0.0.1")
    var hostname: String?

    @Option(help: "Port to listen on. Env: ENDPOINT_PORT. Default: 8080")
    var port: Int?

    @Option(help: "Largest accepted request body in bytes. Env: ENDPOINT_MAX_BODY_BYTES. Default: 2097152")
    var maxBodyBytes: Int?

    @Option(help: "A reverse proxy's IP whose X-Forwarded-For is trusted (repeatable). Env: ENDPOINT_TRUSTED_PROXIES (comma-separated).")
    var trustedProxy: [String] = []

    @Option(help: "The URL clients use to reach the server, e.g. https://api.example.com (cookies are Secure when https). Env: ENDPOINT_PUBLIC_URL.")
    var publicURL: String?

    @Option(help: "Password-hashing threads. Env: ENDPOINT_HASH_THREADS. Default: one per core")
    var hashThreads: Int?

    @Option(help: "Where to deliver mail: smtp://[user:pass@]host:port (STARTTLS when offered) or smtps://…. Env: ENDPOINT_SMTP_URL. Default: none (mail stays queued; see `endpoint mail list`)")
    var smtpURL: String?

    @Option(help: "Extra CA certificates (PEM) to trust for the SMTP server. Env: ENDPOINT_SMTP_CA_FILE.")
    var smtpCAFile: String?

    @Option(help: "Sender address of outgoing mail. Env: ENDPOINT_MAIL_FROM. Default: noreply@localhost")
    var mailFrom: String?

    @Option(help: "Where staff notifications (contact_us) are mailed. Env: ENDPOINT_STAFF_EMAIL. Default: every administrator's address")
    var staffEmail: String?

    @Flag(inversion: .prefixedNo, help: "Apply pending migrations on start.")
    var migrate = true

    @Option(help: "Log level (trace, debug, info, notice, warning, error, critical). Env: ENDPOINT_LOG_LEVEL. Default: info")
    var logLevel: String?

    func run() async throws {
        let settings = try self.settings()
        let level = try self.resolvedLogLevel()
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "endpoint")
        try await PortAvailability.check(hostname: settings.hostname, port: settings.port)
        try await self.databaseOptions.withDatabase(logger: logger) { database in
            if settings.migrateOnStart {
                try await self.databaseOptions.migrate(database, logger: logger)
            }
            let config = try await ConfigStore.load(from: database)
            let options = try await config.options()
            let hasher = PasswordHasher(
                parameters: Argon2idParameters(options: options),
                threads: settings.hashThreads,
                maximumPending: settings.hashQueueLimit
            )
            let services = try await HookServices.live(
                database: database, config: config, hasher: hasher, secureCookies: settings.secureCookies,
                publicURL: settings.linkBaseURL, staffEmail: settings.staffEmail
            )
            let push = try await PushSettings(environment: ProcessInfo.processInfo.environment)
                .delivery(database: database, options: options, logger: logger)
            var workers = try Self.mailWorkers(settings: settings, database: database, options: options, logger: logger)
            if let (delivery, _) = push {
                workers.append(OutboxWorker(name: "push", interval: settings.mailPollInterval, logger: logger) { try await delivery.deliverDue() })
            } else {
                logger.notice("no push service configured (ENDPOINT_APNS_KEY_FILE, ENDPOINT_FCM_SERVICE_ACCOUNT_FILE): notifications stay queued")
            }
            let app = EndpointApplication.build(settings: settings, services: services, backgroundServices: workers, logger: logger)
            logger.info("serving", metadata: ["address": "http://\(settings.hostname):\(settings.port)", "database": "\(database.url)"])
            do {
                try await app.runService()
            } catch {
                try? await hasher.shutdown()
                try? await push?.1.shutdown()
                throw error
            }
            try await hasher.shutdown()
            try await push?.1.shutdown()
            logger.info("stopped")
        }
    }

    /// The mail worker, when an SMTP server is configured.
    private static func mailWorkers(settings: ServerSettings, database: Database, options: ConfigOptions, logger: Logger) throws -> [any Service] {
        guard let smtpURL = settings.smtpURL else {
            logger.notice("no SMTP server configured (ENDPOINT_SMTP_URL): mail stays queued; see `endpoint mail list`")
            return []
        }
        let client = try SMTPClient(server: smtpURL, extraTrustRootsFile: settings.smtpTrustRootsFile)
        let delivery = MailDelivery(
            outbox: MailOutbox(database: database), client: client,
            sender: MailSender(address: settings.mailFrom, name: options.string("site_name", default: "Composr site")),
            policy: RetryPolicy(options: options, prefix: "mail"), logger: logger
        )
        logger.info("delivering mail", metadata: ["smtp": "\(smtpURL)"])
        return [OutboxWorker(name: "mail", interval: settings.mailPollInterval, logger: logger) { try await delivery.deliverDue() }]
    }

    private func settings() throws -> ServerSettings {
        let environment = ProcessInfo.processInfo.environment
        var settings = ServerSettings()
        settings.hostname = self.hostname ?? environment["ENDPOINT_HOSTNAME"] ?? settings.hostname
        settings.port = try self.port ?? Self.integer(environment["ENDPOINT_PORT"], name: "ENDPOINT_PORT") ?? settings.port
        settings.maximumBodyBytes = try self.maxBodyBytes
            ?? Self.integer(environment["ENDPOINT_MAX_BODY_BYTES"], name: "ENDPOINT_MAX_BODY_BYTES") ?? settings.maximumBodyBytes
        let proxies = self.trustedProxy.isEmpty
            ? (environment["ENDPOINT_TRUSTED_PROXIES"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            : self.trustedProxy
        settings.trustedProxies = Set(proxies.filter { !$0.isEmpty })
        settings.migrateOnStart = self.migrate
        settings.publicURL = self.publicURL ?? environment["ENDPOINT_PUBLIC_URL"].flatMap { $0.isEmpty ? nil : $0 }
        settings.hashThreads = try self.hashThreads
            ?? Self.integer(environment["ENDPOINT_HASH_THREADS"], name: "ENDPOINT_HASH_THREADS") ?? settings.hashThreads
        if let text = self.smtpURL ?? environment["ENDPOINT_SMTP_URL"], !text.isEmpty {
            do {
                settings.smtpURL = try SMTPServerURL(parsing: text)
            } catch {
                throw ValidationError(error.description)
            }
        }
        settings.smtpTrustRootsFile = self.smtpCAFile ?? environment["ENDPOINT_SMTP_CA_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        settings.staffEmail = self.staffEmail ?? environment["ENDPOINT_STAFF_EMAIL"].flatMap { $0.isEmpty ? nil : $0 }
        settings.mailFrom = self.mailFrom ?? environment["ENDPOINT_MAIL_FROM"].flatMap { $0.isEmpty ? nil : $0 } ?? settings.mailFrom
        guard (1...65535).contains(settings.port) else { throw ValidationError("The port must be between 1 and 65535.") }
        guard settings.maximumBodyBytes > 0 else { throw ValidationError("The body limit must be a positive number of bytes.") }
        return settings
    }

    private func resolvedLogLevel() throws -> Logger.Level {
        let text = self.logLevel ?? ProcessInfo.processInfo.environment["ENDPOINT_LOG_LEVEL"] ?? "info"
        guard let level = Logger.Level(rawValue: text.lowercased()) else {
            throw ValidationError("Unknown log level \(text).")
        }
        return level
    }

    private static func integer(_ text: String?, name: String) throws -> Int? {
        guard let text, !text.isEmpty else { return nil }
        guard let value = Int(text) else { throw ValidationError("\(name) must be a whole number, not \(text).") }
        return value
    }
}
