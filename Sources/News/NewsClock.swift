public import Logging
public import Storage

/// What the passing of time does to the news, every few seconds: articles whose `add_date` came or
/// whose expiry passed are recorded in the change log (so `changes` sends them), newly shown articles
/// are announced by push when `news_push_on_publish` is on, and articles from before search existed
/// (or before it kept short words) get their search text, a batch at a time.
public struct NewsClock: Sendable {
    let database: Database
    let config: ConfigStore
    let clock: SiteClock
    /// Told when the tick changed what is shown: kept answers are forgotten.
    let changed: @Sendable () -> Void

    public init(database: Database, config: ConfigStore, clock: SiteClock, changed: @escaping @Sendable () -> Void) {
        self.database = database
        self.config = config
        self.clock = clock
        self.changed = changed
    }

    /// One tick as of `now` (the clock's, by default); returns how many articles changed state and
    /// how many were announced.
    @discardableResult
    public func tick(now: Int? = nil) async throws -> (recorded: Int, announced: Int) {
        let now = now ?? self.clock.now
        let recorded = try await self.database.transaction { connection in
            try await NewsStore.fillMissingSearchText(limit: 500, on: connection)
            return try await NewsChangeLog.recordClockChanges(on: connection, now: now)
        }
        if recorded > 0 { self.changed() }
        let pushing = try await self.config.options().flag(.newsPushOnPublish)
        let announced = try await NewsPublication(database: self.database).announceDue(pushing: pushing, now: now)
        return (recorded, announced)
    }

    /// The background worker: a tick every `interval` (the first at once unless told otherwise).
    public func worker(interval: Duration, startsAtOnce: Bool = true, logger: Logger) -> PeriodicWorker {
        PeriodicWorker(name: "news", interval: interval, startsAtOnce: startsAtOnce, logger: logger) {
            let (recorded, announced) = try await self.tick()
            if recorded > 0 || announced > 0 {
                logger.info("news clock", metadata: ["recorded": "\(recorded)", "announced": "\(announced)"])
            }
        }
    }
}
