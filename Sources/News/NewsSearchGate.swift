public import EndpointCore
import Messages
public import SiteStore

/// How many news searches a client network may make (`news_search_per_minute`): an index serves a
/// search at about the cost of a list, but searches vary too much to be answered from kept answers as
/// lists are, so one network searching without pause would still take more than its share.
/// `content/news` and the MIT News API count together.
///
/// Counted in fixed minutes (``RateWindow``, one upsert a search) rather than as one event each:
/// with a limit of hundreds a minute, counting events back through the window cost more than the
/// search itself.
public struct NewsSearchGate: Sendable {
    private let database: Database
    private let clock: UnixClock

    public init(database: Database, clock: UnixClock) {
        self.database = database
        self.clock = clock
    }

    /// Counts a search from `address`; refused (saying when to come back, with `Retry-After`) past
    /// `perMinute` in the current minute.
    public func admit(from address: String, perMinute: Int) async throws {
        let now = self.clock.now
        let grant = try await self.database.transaction { connection in
            try await RateWindow.reserve(
                "news_search", subject: .address(address), count: 1, limit: max(1, perMinute), seconds: 60, now: now, on: connection)
        }
        guard grant.granted == 0 else { return }
        let minutes = String(max(1, (grant.retryAfterSeconds + 59) / 60))
        throw EndpointError(status: 200, message: .newsSearchThrottled, arguments: [minutes], headers: ["Retry-After": String(grant.retryAfterSeconds)])
    }
}
