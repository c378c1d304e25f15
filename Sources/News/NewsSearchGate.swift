public import EndpointCore
import Messages
public import SiteStore

/// How many news searches a client network may make (`news_search_per_minute`): searches cannot be
/// kept, so each costs a walk of the articles. `content/news` and the MIT News API count together.
public struct NewsSearchGate: Sendable {
    private let limits: RateLimit

    public init(limits: RateLimit) {
        self.limits = limits
    }

    /// Counts a search from `address`; refused (saying when to come back, with `Retry-After`) past
    /// `perMinute` in a minute.
    public func admit(from address: String, perMinute: Int) async throws {
        let rule = RateLimit.Rule(count: max(1, perMinute), seconds: 60)
        if let wait = try await self.limits.admit("news_search", subject: .address(address), rule: rule, retainSeconds: 120) {
            let minutes = String(max(1, (wait + 59) / 60))
            throw EndpointError(status: 200, message: .newsSearchThrottled, arguments: [minutes], headers: ["Retry-After": String(wait)])
        }
    }
}
