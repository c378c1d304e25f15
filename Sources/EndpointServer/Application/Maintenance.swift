import Auth
import Logging
import Media
public import SiteStore

/// The maintenance sweep with the site's settings, written once for the background worker and for
/// `endpoint maintenance run`.
public enum Maintenance {
    /// One sweep with the retention the config options give (``MaintenanceSweep/Retention/init(options:sessionIdleSeconds:)``
    /// and the session policy's `session_idle_days`); nil when another instance was sweeping.
    public static func sweep(_ database: Database, config: ConfigStore, clock: UnixClock = .system) async throws -> MaintenanceSweep.Removed? {
        let options = try await config.options()
        let retention = MaintenanceSweep.Retention(options: options, sessionIdleSeconds: SessionPolicy(options: options).idleSeconds)
        return try await MaintenanceSweep(database: database).run(retention: retention, now: clock.now)
    }

    /// The background worker: a sweep every `maintenance_interval_minutes` (read at start), the first
    /// at start, each logged with what it removed; then the cached versions of images deleted while
    /// this instance was not told go (the cache is this instance's own, so every instance does this).
    static func worker(for site: Site, options: ConfigOptions, logger: Logger) -> PeriodicWorker {
        let minutes = options.integer(.maintenanceIntervalMinutes)
        let database = site.database
        let config = site.config
        let clock = site.clock
        let media = site.media
        return PeriodicWorker(name: "maintenance", interval: .seconds(minutes * 60), logger: logger) {
            let versions = try await media.sweepCache()
            if versions > 0 { logger.info("image versions of deleted images removed", metadata: ["files": "\(versions)"]) }
            guard let removed = try await Self.sweep(database, config: config, clock: clock) else {
                logger.debug("maintenance sweep skipped: another instance is sweeping")
                return
            }
            logger.info("maintenance sweep", metadata: Logger.Metadata(uniqueKeysWithValues: removed.counts.map { ($0.table, "\($0.count)") }))
        }
    }
}
