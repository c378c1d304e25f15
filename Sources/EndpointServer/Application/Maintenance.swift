public import Auth
import Galleries
public import Logging
public import Mail
public import Media
public import News
public import Push
public import Storage

/// The maintenance sweep with the site's settings, written once for the background worker and for
/// `endpoint maintenance run`: every feature's part, in one transaction.
public enum Maintenance {
    /// The sweep's steps as `options` set their retention: ended sessions, old account codes, old
    /// rate counts, finished outbox rows, silent push tokens, unconfirmed accounts past
    /// `pending_account_days`, news and gallery changes past `news_sync_retention_days`, resumable uploads past
    /// their expiry, and expired share links.
    public static func steps(_ options: ConfigOptions) -> [MaintenanceSweep.Step] {
        let outbox = options.integer(.outboxRetentionDays) * 86_400
        return [
            AccountSweep.sessions(idleSeconds: SessionPolicy(options: options).idleSeconds),
            AccountSweep.accountCodes(),
            RateLimit.sweep(),
            MailOutbox.sweep(retentionSeconds: outbox),
            PushOutbox.sweep(retentionSeconds: outbox),
            DeviceTokenStore.sweep(silentFor: options.integer(.pushTokenRetentionDays) * 86_400),
            AccountSweep.pendingMembers(afterSeconds: options.integer(.pendingAccountDays) * 86_400),
            NewsChangeLog.sweep(olderThan: options.integer(.newsSyncRetentionDays) * 86_400),
            GalleryChangeLog.sweep(olderThan: options.integer(.newsSyncRetentionDays) * 86_400),
            ResumableUploadStore.sweep(),
            ArticleShareLinks.sweep(),
        ]
    }

    /// One sweep with the retention the config options give; nil when another instance was sweeping.
    public static func sweep(_ database: Database, config: ConfigStore, clock: SiteClock) async throws -> MaintenanceSweep.Removed? {
        try await MaintenanceSweep(database: database, steps: Self.steps(try await config.options())).run(now: clock.now)
    }

    /// The background worker: a pass every `maintenance_interval_minutes` (read at start), the first
    /// at start.
    static func worker(for site: Site, options: ConfigOptions, startsAtOnce: Bool, logger: Logger) -> PeriodicWorker {
        let minutes = options.integer(.maintenanceIntervalMinutes)
        return PeriodicWorker(name: "maintenance", interval: .seconds(minutes * 60), startsAtOnce: startsAtOnce, logger: logger) {
            try await Self.pass(for: site, logger: logger)
        }
    }

    /// One pass of the worker, each part logged with what it removed: the cached versions of images
    /// deleted while this instance was not told go (the cache is this instance's own, so every
    /// instance does this), then the sweep, then the bytes of resumable uploads that no longer exist
    /// (ended, made, or swept as expired), and the videos' bytes no video is recorded for.
    public static func pass(for site: Site, logger: Logger) async throws {
        let versions = try await site.media.sweepCache()
        if versions > 0 { logger.info("image versions of deleted images removed", metadata: ["files": "\(versions)"]) }
        if let removed = try await Self.sweep(site.database, config: site.config, clock: site.clock) {
            logger.info("maintenance sweep", metadata: Logger.Metadata(uniqueKeysWithValues: removed.counts.map { ($0.table, "\($0.count)") }))
        } else {
            logger.debug("maintenance sweep skipped: another instance is sweeping")
        }
        let uploads = try await site.resumableUploads.removeAbandoned()
        if uploads > 0 { logger.info("bytes of ended uploads removed", metadata: ["uploads": "\(uploads)"]) }
        let videos = try await site.videoUploads.removeUnrecorded()
        if videos > 0 { logger.info("bytes of unrecorded videos removed", metadata: ["videos": "\(videos)"]) }
    }
}
