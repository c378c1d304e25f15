public import Logging
public import Storage

/// What the passing of time does to the news, every few seconds: articles whose `add_date` came or
/// whose expiry passed are recorded in the change log (so `changes` sends them), newly shown articles
/// are announced by push when `news_push_on_publish` is on, and articles whose rendering is due (a
/// migration marked them: from before formats existed, or made by an older renderer) are rendered, with
/// their search text, a batch at a time.
public struct NewsClock: Sendable {
    let database: Database
    let config: ConfigStore
    let clock: SiteClock
    let writer: ArticleWriter

    /// What a tick changed is forgotten by the database's handler once committed (the change log
    /// marks it stale).
    public init(database: Database, config: ConfigStore, clock: SiteClock, writer: ArticleWriter) {
        self.database = database
        self.config = config
        self.clock = clock
        self.writer = writer
    }

    /// One tick as of `now` (the clock's, by default); returns how many articles changed state and
    /// how many were announced.
    @discardableResult
    public func tick(now: Int? = nil) async throws -> (recorded: Int, announced: Int) {
        let now = now ?? self.clock.now
        let recorded = try await self.database.transaction { connection in
            let rendered = try await self.writer.renderDue(limit: Self.renderingBatch, on: connection, now: now)
            return try await NewsChangeLog.recordClockChanges(on: connection, now: now) + rendered.changed
        }
        let pushing = try await self.config.options().flag(.newsPushOnPublish)
        let announced = try await NewsPublication(database: self.database).announceDue(pushing: pushing, now: now)
        return (recorded, announced)
    }

    /// How many due renderings a tick makes: a batch of long Comcode bodies stays well under a second
    /// of the writer's transaction.
    static let renderingBatch = 200

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
