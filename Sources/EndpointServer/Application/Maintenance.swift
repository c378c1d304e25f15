public import Logging
public import SiteStore
import Auth

/// The maintenance sweep with the site's settings, written once for the background worker and for
/// `endpoint maintenance run`.
public enum Maintenance {
    /// One sweep with the retention the config options give (`outbox_retention_days`,
    /// `news_sync_retention_days`, `push_token_retention_days`, `pending_account_days`, and the session policy's
    /// `session_idle_days`); nil when another
    /// instance was sweeping.
    public static func sweep(_ database: Database, config: ConfigStore) async throws -> MaintenanceSweep.Removed? {
        let options = try await config.options()
        var retention = MaintenanceSweep.Retention(
            outboxSeconds: max(1, options.integer("outbox_retention_days", default: 30)) * 86_400,
            sessionIdleSeconds: SessionPolicy(options: options).idleSeconds
        )
        retention.newsChangeSeconds = max(1, options.integer("news_sync_retention_days", default: 90)) * 86_400
        retention.deviceTokenSeconds = max(1, options.integer("push_token_retention_days", default: 270)) * 86_400
        retention.pendingMemberSeconds = max(1, options.integer("pending_account_days", default: 7)) * 86_400
        return try await MaintenanceSweep(database: database).run(retention: retention)
    }

    /// The background worker: a sweep every `maintenance_interval_minutes` (read at start), the first
    /// at start, each logged with what it removed.
    static func worker(for site: Site, options: ConfigOptions, logger: Logger) -> PeriodicWorker {
        let minutes = max(1, options.integer("maintenance_interval_minutes", default: 60))
        let database = site.database
        let config = site.config
        return PeriodicWorker(name: "maintenance", interval: .seconds(minutes * 60), logger: logger) {
            guard let removed = try await Self.sweep(database, config: config) else {
                logger.debug("maintenance sweep skipped: another instance is sweeping")
                return
            }
            logger.info("maintenance sweep", metadata: Logger.Metadata(uniqueKeysWithValues: removed.counts.map { ($0.table, "\($0.count)") }))
        }
    }
}
