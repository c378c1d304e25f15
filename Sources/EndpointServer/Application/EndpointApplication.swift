import Auth
public import EndpointCore
import Hooks
public import Hummingbird
public import Logging
import Media
public import Messages
import News
public import ServiceLifecycle
public import SiteStore
import UnixSignals

/// Builds and runs the HTTP application: the endpoint dispatcher in front of a router holding
/// `/healthz`, `/readyz`, the account pages and the article pages, plus the background services.
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
        let database = site.database
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
        router.add(
            middleware: EndpointDispatcher(
                registry: registry ?? .standard(site),
                recognizer: CallerRecognizer(sessions: site.sessions),
                languages: negotiation,
                maximumBodyBytes: settings.maximumBodyBytes,
                maximumUploadBytes: { [config = site.config] in
                    // The live image limit, and room for a form's boundaries and fields around it.
                    ((try? await config.options().integer(.mediaMaxBytes)) ?? 0) + 1_000_000
                },
                uploads: UploadGate(maximum: settings.concurrentLargeUploads),
                clientAddress: clientAddress,
                crossSite: CrossSiteCheck(publicAuthority: settings.publicAuthority)
            ))
        Probes(
            database: database,
            requiredMigrations: settings.requiredMigrations ?? Set(((try? MigrationFile.embedded(engine: database.engine)) ?? []).map(\.version)),
            listens: database.engine == .postgres,
            instance: settings.instanceIdentity,
            drain: drain
        ).register(on: router)
        OpenAPIDescription.register(on: router)
        AccountPages(
            confirmation: site.confirmation, passwordReset: site.passwordReset, policies: site.policies,
            languages: negotiation, clientAddress: clientAddress, secureCookies: settings.secureCookies
        ).register(on: router)
        ArticlePage(news: site.news, config: site.config, languages: negotiation).register(on: router)
        FlokiAppRoutes(news: site.news, config: site.config, languages: negotiation, publicURL: site.publicURL).register(on: router)
        MediaRoute(media: site.media, languages: negotiation).register(on: router)
        MITNewsRoutes(news: site.news, config: site.config, languages: negotiation, searches: site.newsSearches, clientAddress: clientAddress)
            .register(on: router)
        return Application(
            responder: RequestTaskResponder(responder: router.buildResponder()),
            server: .http1(
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
        let config = try await ConfigStore.load(from: database)
        let hasher = PasswordHasher(
            parameters: Argon2idParameters(options: try await config.options()),
            threads: settings.hashThreads,
            maximumPending: settings.hashQueueLimit
        )
        let site = try await Site(database: database, config: config, hasher: hasher, settings: settings)
        var services: [any Service]
        do {
            services = try await BackgroundServices.make(for: site, settings: settings, logger: logger)
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
