public import EndpointCore
public import Messages
import NIOConcurrencyHelpers
public import Storage

/// How many news searches a client network may make (`news_search_per_minute`) on this instance: an
/// index serves a search at about the cost of a list, but kept answers serve only a search asked
/// before, and one network searching for ever new words without pause would still take more than its
/// share of the instance's processors. `content/news` and the MIT News API count together.
///
/// Counted in memory, in fixed minutes: what the limit guards is this instance's work, so behind a load
/// balancer a network may make the limit on each instance. Counting in the database (one upsert a
/// search, which SQLite serializes with every other write) cost more than the search it guarded:
/// four clients searching waited up to 50 ms in SQLite's busy handler. The counts of one minute
/// go when the next begins, so what is kept is bounded by the networks that searched in a minute;
/// past `networksPerMinute` of them, the rest are counted in the database (``RateWindow``).
public final class NewsSearchGate: Sendable {
    private let database: Database
    private let clock: SiteClock
    /// How many networks a minute are counted in memory (about 100 bytes each).
    private let networksPerMinute: Int
    private let minute = NIOLockedValueBox<(start: Int, counts: [String: Int])>((start: 0, counts: [:]))

    public init(database: Database, clock: SiteClock, networksPerMinute: Int = 100_000) {
        self.database = database
        self.clock = clock
        self.networksPerMinute = networksPerMinute
    }

    /// Counts a search from `address`; refused (saying when to come back, with `Retry-After`) past
    /// `perMinute` in the current minute.
    public func admit(from address: String, perMinute: Int) async throws {
        let now = self.clock.now
        let start = RateWindow.windowStart(now, seconds: 60)
        let network = RateLimit.Subject.address(address).key
        let limit = max(1, perMinute)
        let admitted: Bool? = self.minute.withLockedValue { minute in
            if minute.start != start { minute = (start: start, counts: [:]) }
            let used = minute.counts[network]
            guard used != nil || minute.counts.count < self.networksPerMinute else { return nil }
            guard (used ?? 0) < limit else { return false }
            minute.counts[network] = (used ?? 0) + 1
            return true
        }
        let granted: Bool
        if let admitted {
            granted = admitted
        } else {
            granted =
                try await self.database.transaction { connection in
                    try await RateWindow.reserve(
                        "news_search", subject: .address(address), count: 1, limit: limit, seconds: 60, now: now, on: connection)
                }.granted == 1
        }
        guard !granted else { return }
        let retryAfter = max(1, start + 60 - now)
        throw Refusal.limited(.newsSearchThrottled, seconds: retryAfter)
    }
}
