import Hooks
import Logging
import News
import SiteStore

/// What the passing of time does to the news, every few seconds: articles whose `add_date` came or
/// whose expiry passed are recorded in the change log (so `changes` sends them), newly shown articles
/// are announced by push when `news_push_on_publish` is on, and articles from before search existed
/// get their search text, a batch at a time.
public enum NewsClock {
    /// One tick as of `now`; returns how many articles changed state and how many were announced.
    @discardableResult
    public static func tick(_ site: Site, now: Int? = nil) async throws -> (recorded: Int, announced: Int) {
        let now = now ?? site.clock.now
        let recorded = try await site.database.transaction { connection in
            try await NewsStore.fillMissingSearchText(limit: 500, on: connection)
            return try await NewsChangeLog.recordClockChanges(on: connection, now: now)
        }
        if recorded > 0 { site.caches.newsChanged() }
        let pushing = try await site.config.options().flag(.newsPushOnPublish)
        let announced = try await NewsPublication(database: site.database).announceDue(pushing: pushing, now: now)
        return (recorded, announced)
    }

    /// The background worker: a tick every `interval`.
    static func worker(for site: Site, interval: Duration = .seconds(5), logger: Logger) -> PeriodicWorker {
        PeriodicWorker(name: "news", interval: interval, logger: logger) {
            let (recorded, announced) = try await Self.tick(site)
            if recorded > 0 || announced > 0 {
                logger.info("news clock", metadata: ["recorded": "\(recorded)", "announced": "\(announced)"])
            }
        }
    }
}
