import Auth
public import Logging
public import Mail
public import Media
public import News
public import Outbox
public import Push
public import ServiceLifecycle
public import Storage

/// The work the server does besides answering requests, as services started and stopped with it: the
/// password-hashing pool, the image workshop, the cache announcements' listener (PostgreSQL), the
/// maintenance sweep, the news clock, the live news feed's tail, the worker mailing reset links, the
/// outbox leases' heartbeat, the video workers (`video_workers` of them), and the mail and push workers
/// with the push services' HTTP client.
///
/// `serve` and the tests' server both build this one list (`BackgroundServicesTests` compares what
/// each runs). The order matters: services stop in the reverse order of this list, after the HTTP
/// server has drained, so a worker stops before the client it uses and the hashing pool stops last.
public enum BackgroundServices {
    /// A service with the name its log lines and the start-up line give it.
    public struct Named: Sendable {
        public let name: String
        public let service: any Service
    }

    /// The services for `site` as `settings` configure them.
    public static func make(for site: Site, settings: ServerSettings, logger: Logger) async throws -> [Named] {
        let atOnce = settings.workersStartAtOnce
        var services = [Named(name: "password hashing", service: site.hasher), Named(name: "image workshop", service: site.media.workshop)]
        if let listener = CacheAnnouncementListener(database: site.database, logger: logger) {
            services.append(Named(name: "cache announcements", service: CacheAnnouncementService(listener: listener, caches: site.caches)))
        }
        let options = try await site.config.options()
        services.append(Named(name: "maintenance", service: Maintenance.worker(for: site, options: options, startsAtOnce: atOnce, logger: logger)))
        services.append(
            Named(name: "news clock", service: site.newsClock.worker(interval: settings.newsClockInterval, startsAtOnce: atOnce, logger: logger)))
        services.append(Named(name: "news live", service: Self.newsLive(for: site, logger: logger)))
        services.append(Named(name: "password resets", service: Self.passwordResets(for: site, logger: logger)))
        let holder = LeaseHolder(instance: settings.instanceIdentity)
        services.append(Named(name: "lease heartbeat", service: LeaseHeartbeat(holder: holder, database: site.database, clock: site.clock, logger: logger)))
        if let smtpURL = settings.smtpURL {
            let config = site.config
            let from = settings.mailFrom
            let delivery = MailDelivery(
                database: site.database,
                client: try SMTPClient(server: smtpURL, extraTrustRootsFile: settings.smtpTrustRootsFile),
                sender: { MailSender(address: from, name: (try? await config.options().siteName) ?? ConfigOption.siteName.defaultValue) },
                policy: .mail(options), owner: holder.owner, logger: logger
            )
            logger.info("delivering mail", metadata: ["smtp": "\(smtpURL)"])
            services.append(
                Named(
                    name: "mail",
                    service: PeriodicWorker(name: "mail", interval: settings.mailPollInterval, logger: logger) {
                        try await delivery.deliverDue(clock: site.clock)
                    }))
        } else {
            logger.notice("no SMTP server configured (ENDPOINT_SMTP_URL): mail stays queued; see `endpoint mail list`")
        }
        let making = VideoMaking(
            database: site.database, store: site.mediaStore, images: site.mediaUploads, owner: holder.owner, clock: site.clock, logger: logger,
            whenReady: { id, connection, now in try await NewsChangeLog.recordArticles(showingVideo: id, on: connection, now: now) })
        for worker in 1...options.integer(.videoWorkers) {
            services.append(
                Named(
                    name: "video \(worker)",
                    service: PeriodicWorker(name: "video", interval: settings.videoPollInterval, startsAtOnce: atOnce, logger: logger) {
                        while try await making.makeDue() {}
                    }))
        }
        let push = try await settings.push.delivery(
            database: site.database, policy: .push(options), owner: holder.owner, logger: logger,
            tokenRemoved: { [registrations = site.pushRegistrations] in registrations.forget(token: $0, platform: $1) }
        )
        if let push {
            services.append(Named(name: "push client", service: push.http))
            services.append(
                Named(
                    name: "push",
                    service: PeriodicWorker(name: "push", interval: settings.pushPollInterval, logger: logger) {
                        try await push.deliverDue(clock: site.clock)
                    }))
        } else {
            logger.notice("no push service configured (ENDPOINT_APNS_KEY_FILE, ENDPOINT_FCM_SERVICE_ACCOUNT_FILE): notifications stay queued")
        }
        return services
    }

    /// The worker mailing the links of lost-password requests (``PasswordReset/mailRequested()``):
    /// requests are answered before their account is even looked up, and ring it; every `interval` it
    /// also looks for requests another instance stored or a crash left.
    static func passwordResets(for site: Site, interval: Duration = .seconds(5), logger: Logger) -> PeriodicWorker {
        PeriodicWorker(name: "password resets", interval: interval, doorbell: site.passwordReset.requested, logger: logger) {
            try await site.passwordReset.mailRequested()
        }
    }

    /// The live news feed's work: reading the change log's tail into the feed at once when news
    /// changed (this instance's writes and clock, and on PostgreSQL every instance's, through the cache
    /// announcements), and every second anyway (an announcement missed while the listener reconnected
    /// is read then); and the streams' heartbeats every `news_live_heartbeat_seconds`.
    static func newsLive(for site: Site, logger: Logger) -> PeriodicWorker {
        PeriodicWorker(name: "news live", interval: .seconds(1), doorbell: site.newsLive.doorbell, logger: logger) {
            try await site.newsLive.refresh()
            site.newsLive.beat(every: try await site.config.options().integer(.newsLiveHeartbeatSeconds))
        }
    }
}
