import Accounts
public import Logging
import Mail
import Media
import News
import Push
public import ServiceLifecycle
import SiteStore

/// The work the server does besides answering requests, as services started and stopped with it: the
/// password-hashing pool, the cache announcements' listener (PostgreSQL), the maintenance sweep, the
/// news clock, the live news feed's tail, the worker mailing reset links, the outbox leases' heartbeat, and the mail and push
/// workers with the push services' HTTP client.
///
/// The order matters: services stop in the reverse order of this list, after the HTTP server has
/// drained, so a worker stops before the client it uses and the hashing pool stops last.
public enum BackgroundServices {
    /// The services for `site` as `settings` configure them.
    public static func make(for site: Site, settings: ServerSettings, logger: Logger) async throws -> [any Service] {
        var services: [any Service] = [site.hasher, site.media.workshop]
        if let listener = Self.cacheAnnouncements(for: site, logger: logger) { services.append(listener) }
        let options = try await site.config.options()
        services.append(Maintenance.worker(for: site, options: options, logger: logger))
        services.append(NewsClock.worker(for: site, logger: logger))
        services.append(Self.newsLive(for: site, logger: logger))
        services.append(Self.passwordResets(for: site, logger: logger))
        let holder = LeaseHolder(instance: settings.instanceIdentity, database: site.database)
        let takenBack = try await holder.register(now: site.clock.now)
        if takenBack > 0 { logger.notice("outbox leases of a stopped process taken back", metadata: ["rows": "\(takenBack)"]) }
        services.append(LeaseHeartbeat(holder: holder, clock: site.clock, logger: logger))
        if let smtpURL = settings.smtpURL {
            let config = site.config
            let from = settings.mailFrom
            let delivery = MailDelivery(
                outbox: MailOutbox(database: site.database),
                client: try SMTPClient(server: smtpURL, extraTrustRootsFile: settings.smtpTrustRootsFile),
                sender: { MailSender(address: from, name: (try? await config.options().siteName) ?? ConfigOption.siteName.defaultValue) },
                policy: .mail(options), owner: holder.owner, logger: logger
            )
            logger.info("delivering mail", metadata: ["smtp": "\(smtpURL)"])
            services.append(
                PeriodicWorker(name: "mail", interval: settings.mailPollInterval, logger: logger) { try await delivery.deliverDue(clock: site.clock) })
        } else {
            logger.notice("no SMTP server configured (ENDPOINT_SMTP_URL): mail stays queued; see `endpoint mail list`")
        }
        let push = try await settings.push.delivery(
            outbox: PushOutbox(database: site.database), policy: .push(options), owner: holder.owner, logger: logger,
            tokenRemoved: { [registrations = site.pushRegistrations] in registrations.forget(token: $0, platform: $1) }
        )
        if let push {
            services.append(push.http)
            services.append(PeriodicWorker(name: "push", interval: settings.pushPollInterval, logger: logger) { try await push.deliverDue(clock: site.clock) })
        } else {
            logger.notice("no push service configured (ENDPOINT_APNS_KEY_FILE, ENDPOINT_FCM_SERVICE_ACCOUNT_FILE): notifications stay queued")
        }
        return services
    }

    /// The worker mailing the links of lost-password requests (``PasswordReset/mailRequested()``):
    /// requests are answered before their account is even looked up, and ring it; every `interval` it
    /// also looks for requests another instance stored or a crash left.
    public static func passwordResets(for site: Site, interval: Duration = .seconds(5), logger: Logger) -> PeriodicWorker {
        PeriodicWorker(name: "password resets", interval: interval, doorbell: site.passwordReset.requested, logger: logger) {
            try await site.passwordReset.mailRequested()
        }
    }

    /// The live news feed's work: reading the change log's tail into the feed at once when news
    /// changed (this instance's writes and clock, and on PostgreSQL every instance's, through the cache
    /// announcements), and every second anyway (an announcement missed while the listener reconnected
    /// is read then); and the streams' heartbeats every `news_live_heartbeat_seconds`.
    public static func newsLive(for site: Site, logger: Logger) -> PeriodicWorker {
        PeriodicWorker(name: "news live", interval: .seconds(1), doorbell: site.newsLive.doorbell, logger: logger) {
            try await site.newsLive.refresh()
            site.newsLive.beat(every: try await site.config.options().integer(.newsLiveHeartbeatSeconds))
        }
    }

    /// The cache announcements' listener for `site`, on PostgreSQL (nil on SQLite).
    public static func cacheAnnouncements(for site: Site, logger: Logger) -> (any Service)? {
        CacheAnnouncementListener(database: site.database, logger: logger).map { CacheAnnouncementService(listener: $0, caches: site.caches) }
    }
}
