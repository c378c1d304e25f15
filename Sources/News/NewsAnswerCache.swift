import EndpointCore
import Metrics
import NIOConcurrencyHelpers
public import SiteStore

/// Rendered `content/news` answers, kept until the next news change this instance makes, the next
/// time the clock changes what is shown (an `add_date` reached, an expiry passed), or
/// `news_max_age_seconds`, whichever comes first: a change made through this instance is seen at the
/// next request, one made through another instance on PostgreSQL when its announcement arrives (and
/// after `news_max_age_seconds` at the latest, should the announcement be lost). Nothing is answered
/// from here while the database's ``CacheTrust`` is off.
public final class NewsAnswerCache: Sendable {
    private struct Entry {
        var response: HookResponse
        var validUntil: Int
        var bytes: Int
    }

    private struct Entries {
        var byKey: [NewsAnswerKey: Entry] = [:]
        var bytes = 0
    }

    private let entries = NIOLockedValueBox(Entries())
    /// The category list with its counts, which several answers include (counting is the costly part).
    private let categoryList = KeptValue<[PublishedCategory]>()
    /// Whether a shown article has a gallery (the generated Floki app offers a Gallery tab then).
    private let galleryExists = KeptValue<Bool>()
    /// The Floki app definition an administrator wrote, read (nil: the app is generated).
    private let storedFlokiDefinition = KeptValue<FlokiAppDefinition?>()
    /// The Floki app last made, with the language codes it was made in (the site's default first):
    /// every app start and every `ttl` asks for it.
    private let flokiApp = NIOLockedValueBox<(languages: [String], app: FlokiApp, validUntil: Int)?>(nil)
    private let capacity: Int
    private let byteBudget: Int
    private let trust: CacheTrust
    /// `endpoint_cache_lookups_total{cache="news", result=hit|miss}`.
    private let hits = Counter(label: "endpoint_cache_lookups_total", dimensions: [("cache", "news"), ("result", "hit")])
    private let misses = Counter(label: "endpoint_cache_lookups_total", dimensions: [("cache", "news"), ("result", "miss")])

    /// - Parameters:
    ///   - capacity: answers kept at most;
    ///   - byteBudget: their rendered size and their keys' at most (a client asking for many
    ///     different pages must not make the server hold them all). When either is reached the cache
    ///     starts afresh: answers
    ///     are cheap to rebuild, and a bounded dictionary needs no bookkeeping per hit;
    ///   - trust: whether kept answers may be used now (the database's).
    public init(capacity: Int = 1024, byteBudget: Int = 64 << 20, trust: CacheTrust) {
        self.capacity = capacity
        self.byteBudget = byteBudget
        self.trust = trust
    }

    func answer(_ key: NewsAnswerKey, now: Int) -> HookResponse? {
        let answer: HookResponse? =
            if self.trust.isTrusted {
                self.entries.withLockedValue { entries in
                    guard let entry = entries.byKey[key] else { return nil }
                    guard entry.validUntil > now else {
                        entries.byKey[key] = nil
                        entries.bytes -= entry.bytes
                        return nil
                    }
                    return entry.response
                }
            } else { nil }
        (answer == nil ? self.misses : self.hits).increment()
        return answer
    }

    func store(_ response: HookResponse, as key: NewsAnswerKey, validUntil: Int) {
        // Its serialized bytes, the body the server frames around them once it sends it, and its key.
        let bytes = 2 * (response.rendering?.bytes.count ?? 0) + key.bytes
        self.entries.withLockedValue { entries in
            if entries.byKey.count >= self.capacity || entries.bytes + bytes > self.byteBudget { entries = Entries() }
            if let replaced = entries.byKey.updateValue(Entry(response: response, validUntil: validUntil, bytes: bytes), forKey: key) {
                entries.bytes -= replaced.bytes
            }
            entries.bytes += bytes
        }
    }

    /// The kept category list, or a fresh one from `load`, kept until `validUntil`.
    func categories(now: Int, validUntil: Int, load: () async throws -> [PublishedCategory]) async throws -> [PublishedCategory] {
        try await self.categoryList.value(now: now, validUntil: validUntil, trusted: self.trust.isTrusted, load: load)
    }

    /// Whether a shown article has a gallery, kept, or fresh from `check` and kept until `validUntil`.
    func hasGallery(now: Int, validUntil: Int, check: () async throws -> Bool) async throws -> Bool {
        try await self.galleryExists.value(now: now, validUntil: validUntil, trusted: self.trust.isTrusted, load: check)
    }

    /// The stored Floki app definition, kept, or fresh from `load` and kept until `validUntil`.
    func flokiDefinition(now: Int, validUntil: Int, load: () async throws -> FlokiAppDefinition?) async throws -> FlokiAppDefinition? {
        try await self.storedFlokiDefinition.value(now: now, validUntil: validUntil, trusted: self.trust.isTrusted, load: load)
    }

    /// The Floki app in `languages`, kept, or fresh from `make` and kept until `validUntil`.
    func flokiApp(languages: [String], now: Int, validUntil: Int, make: () async throws -> FlokiApp) async throws -> FlokiApp {
        if self.trust.isTrusted, let kept = self.flokiApp.withLockedValue({ $0 }), kept.validUntil > now, kept.languages == languages {
            return kept.app
        }
        let app = try await make()
        self.flokiApp.withLockedValue { $0 = (languages, app, validUntil) }
        return app
    }

    /// Forgets every answer (after a news write).
    public func clear() {
        self.entries.withLockedValue { $0 = Entries() }
        self.categoryList.forget()
        self.galleryExists.forget()
        self.storedFlokiDefinition.forget()
        self.flokiApp.withLockedValue { $0 = nil }
    }
}
