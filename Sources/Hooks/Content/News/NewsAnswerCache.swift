import EndpointCore
import NIOConcurrencyHelpers
import SiteStore

/// Rendered `content/news` answers, kept until the next news change this instance makes, the next
/// time the clock changes what is shown (an `add_date` reached, an expiry passed), or
/// `news_max_age_seconds`, whichever comes first: a change made through another instance is seen
/// after that long at the latest, one made through this instance at the next request.
public final class NewsAnswerCache: Sendable {
    private struct Entry {
        var response: HookResponse
        var validUntil: Int
    }

    private let entries = NIOLockedValueBox<[String: Entry]>([:])
    /// The category list with its counts, which several answers include (counting is the costly part).
    private let categoryList = NIOLockedValueBox<(categories: [PublishedCategory], validUntil: Int)?>(nil)
    private let capacity: Int

    /// - Parameter capacity: answers kept at most; when full, the cache starts afresh (answers are
    ///   cheap to rebuild, and a bounded dictionary needs no bookkeeping per hit).
    public init(capacity: Int = 1024) {
        self.capacity = capacity
    }

    func answer(_ key: String, now: Int) -> HookResponse? {
        self.entries.withLockedValue { entries in
            guard let entry = entries[key] else { return nil }
            guard entry.validUntil > now else {
                entries[key] = nil
                return nil
            }
            return entry.response
        }
    }

    func store(_ response: HookResponse, as key: String, validUntil: Int) {
        self.entries.withLockedValue { entries in
            if entries.count >= self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = Entry(response: response, validUntil: validUntil)
        }
    }

    /// The kept category list, or a fresh one from `load`, kept until `validUntil`.
    func categories(now: Int, validUntil: Int, load: () async throws -> [PublishedCategory]) async throws -> [PublishedCategory] {
        if let kept = self.categoryList.withLockedValue({ $0 }), kept.validUntil > now { return kept.categories }
        let categories = try await load()
        self.categoryList.withLockedValue { $0 = (categories, validUntil) }
        return categories
    }

    /// Forgets every answer (after a news write on this instance).
    public func clear() {
        self.entries.withLockedValue { $0.removeAll(keepingCapacity: true) }
        self.categoryList.withLockedValue { $0 = nil }
    }
}
