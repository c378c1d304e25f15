public import Auth
public import EndpointCore
public import Hooks
public import Hummingbird
public import Logging
public import Media
public import Messages
public import News
public import Routes
public import ServiceLifecycle
public import Storage
import UnixSignals

/// Builds and runs the HTTP application: every ``SiteRoute`` (the endpoint's hooks, the pages, images,
/// the Floki and MIT News APIs, the probes) behind the access recorder and the one place failures are
/// answered (``FailureAnswers``), plus the background services.
///
/// Kept apart from the command line so tests build what `endpoint serve` runs, from the same
/// settings; only the hooks (`registry`), the languages and the background services may be swapped.
public enum EndpointApplication {
    /// The application for `site`.
    ///
    /// - Parameters:
    ///   - registry: hooks to serve instead of the standard set (tests).
    ///   - languages: the languages answers can be in.
    ///   - backgroundServices: services started and stopped with the server.
    ///   - drain: whether the server is draining (``DrainPeriod`` begins it).
    public static func build(
        site: Site,
        settings: ServerSettings,
        registry: HookRegistry? = nil,
        languages: Languages = .bundled,
        backgroundServices: [any Service] = [],
        drain: Drain = Drain(),
        connections: OpenConnections = OpenConnections(),
        accessLog: AccessLog? = nil,
        logger: Logger
    ) -> some ApplicationProtocol {
        let router = Router(context: EndpointRequestContext.self)
        let clientAddress = ClientAddress(trustedProxies: settings.trustedProxies, logger: logger)
        let connectionsPerNetwork = ConnectionsPerNetwork(
            maximum: settings.maximumConnectionsPerNetwork, clientAddress: clientAddress, logger: logger
        )
        let bodyDeadline = ConnectionTimeouts.BodyDeadline(
            timeoutSeconds: settings.bodyTimeoutSeconds, minimumBytesPerSecond: settings.minimumBodyBytesPerSecond
        )
        let negotiation = LanguageNegotiation(languages: languages, config: site.config)
        router.add(middleware: DrainNotice(drain: drain))
        router.add(
            middleware: AccessRecorder(clientAddress: clientAddress, accessLog: accessLog, metrics: settings.metricsPort == nil ? nil : RequestMetrics()))
        router.add(middleware: HeadRequests())
        router.add(middleware: FailureAnswers(languages: negotiation, config: site.config))
        router.add(
            middleware: SiteRoutes(
                site: site, settings: settings, registry: registry ?? .standard(site), languages: negotiation, clientAddress: clientAddress, drain: drain
            ))
        return Application(
            responder: RequestTaskResponder(responder: router.buildResponder()),
            server: .http1SendingFiles(
                configuration: .init(additionalChannelHandlers: [
                    connections.tracker(),
                    connectionsPerNetwork.gate(),
                    ConnectionTimeouts(
                        headerSeconds: settings.headerTimeoutSeconds, idleSeconds: settings.idleTimeoutSeconds,
                        writeSeconds: settings.writeTimeoutSeconds, body: bodyDeadline, logger: logger
                    ),
                ])),
            configuration: .init(
                address: .hostname(settings.hostname, port: settings.port), serverName: nil,
                availableConnectionsDelegate: ConnectionLimit(maximum: settings.maximumConnections, logger: logger)
            ),
            services: backgroundServices,
            logger: logger
        )
    }

    /// Serves `database` as `settings` say until SIGTERM or SIGINT: drains for `drainSeconds`, stops
    /// accepting connections, lets in-flight requests finish (connections still open `stopSeconds`
    /// after the drain are closed), then stops the background services; with `metrics` (bootstrapped by
    /// the caller) and a metrics port, `/metrics` is served on its own listener.
    public static func run(settings: ServerSettings, database: Database, metrics: MetricsExposition? = nil, logger: Logger) async throws {
        // The one clock everything that tells time reads.
        let clock = SiteClock.system
        let config = try await ConfigStore.load(from: database, clock: clock)
        let hasher = PasswordHasher(
            parameters: Argon2idParameters(options: try await config.options()),
            threads: settings.hashThreads,
            maximumPending: settings.hashQueueLimit
        )
        let site = try await Site(database: database, config: config, hasher: hasher, settings: settings, clock: clock)
        var services: [any Service]
        do {
            let background = try await BackgroundServices.make(for: site, settings: settings, logger: logger)
            logger.info("background services", metadata: ["services": "\(background.map(\.name).joined(separator: ", "))"])
            services = background.map(\.service)
        } catch {
            try? await hasher.shutdown()
            throw error
        }
        let accessLog = try settings.accessLog.map { try AccessLog(destination: $0, format: settings.accessLogFormat) }
        // A background service: it stops once the server has answered everything, writing their lines.
        if let accessLog { services.append(accessLog) }
        if let metrics, let port = settings.metricsPort {
            services.append(metrics.service(for: site, hostname: settings.metricsHostname, port: port, logger: logger))
            logger.info("serving metrics", metadata: ["address": "http://\(settings.metricsHostname):\(port)/metrics"])
        }
        let drain = Drain(whenBegun: site.newsLive.close)
        let connections = OpenConnections()
        let app = Self.build(
            site: site, settings: settings, backgroundServices: services, drain: drain, connections: connections, accessLog: accessLog, logger: logger)
        logger.info(
            "serving",
            metadata: [
                "address": "http://\(settings.hostname):\(settings.port)", "database": "\(database.url)", "instance": "\(settings.instanceIdentity)",
            ])
        // The drain is told first (services stop in the reverse of this order), the application once it is over.
        let drainPeriod = DrainPeriod(
            drain: drain, seconds: settings.drainSeconds, stopSeconds: settings.stopSeconds, connections: connections, logger: logger)
        var configuration = ServiceGroupConfiguration(services: [app, drainPeriod], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        // The last resort, should a background service not stop: cancelled after the drain, the bound
        // and ten seconds more.
        configuration.maximumGracefulShutdownDuration = .seconds(settings.drainSeconds + settings.stopSeconds + 10)
        let group = ServiceGroup(configuration: configuration)
        try await group.run()
        logger.info("stopped")
    }
}
