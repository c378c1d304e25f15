public import EndpointCore
import NIOConcurrencyHelpers
public import Storage

/// Rendered `content/news` answers, kept until the next news change this instance makes, the next
/// time the clock changes what is shown (an `add_date` reached, an expiry passed), or
/// `news_max_age_seconds`, whichever comes first: a change made through this instance is seen at the
/// next request, one made through another instance on PostgreSQL when its announcement arrives (and
/// after `news_max_age_seconds` at the latest, should the announcement be lost). Nothing is answered
/// from here while the database's ``CacheTrust`` is off.
///
/// Searches are kept apart from the other answers, with a budget of their own: their keys are as
/// many as the words clients type, and a client searching for ever new words must not push out the
/// lists every app reads (a full share starts afresh).
public final class NewsAnswerCache: Sendable {
    /// Every answer but searches: `endpoint_cache_lookups_total{cache="news"}`.
    private let lists: KeptAnswers
    /// Searches (``NewsAnswerKey/isSearch``): `endpoint_cache_lookups_total{cache="news_search"}`.
    private let searches: KeptAnswers
    /// The category list with its counts, which several answers include (counting is the costly part).
    private let categoryList = KeptValue<[PublishedCategory]>()
    /// Whether a shown article has a gallery (the generated Floki app offers a Gallery tab then).
    private let galleryExists = KeptValue<Bool>()
    /// What an administrator chose for the Floki app (a definition written whole, a tab order), read.
    private let flokiChoice = KeptValue<FlokiAppDefinition.Choice>()
    /// The Floki app last made, with the language codes it was made in (the site's default first):
    /// every app start and every `ttl` asks for it.
    private let flokiApp = NIOLockedValueBox<(languages: [String], app: FlokiApp, validUntil: Int)?>(nil)
    private let trust: CacheTrust

    /// - Parameters:
    ///   - capacity: answers kept at most, searches aside;
    ///   - byteBudget: their rendered size and their keys' at most (a client asking for many
    ///     different pages must not make the server hold them all);
    ///   - searchCapacity, searchByteBudget: the same for searches;
    ///   - trust: whether kept answers may be used now (the database's).
    public init(capacity: Int = 1024, byteBudget: Int = 64 << 20, searchCapacity: Int = 512, searchByteBudget: Int = 16 << 20, trust: CacheTrust) {
        self.lists = KeptAnswers(name: "news", capacity: capacity, byteBudget: byteBudget)
        self.searches = KeptAnswers(name: "news_search", capacity: searchCapacity, byteBudget: searchByteBudget)
        self.trust = trust
    }

    private func share(_ key: NewsAnswerKey) -> KeptAnswers {
        key.isSearch ? self.searches : self.lists
    }

    func answer(_ key: NewsAnswerKey, now: Int) -> HookResponse? {
        guard self.trust.isTrusted else {
            self.share(key).miss()
            return nil
        }
        return self.share(key).answer(key, now: now)
    }

    func store(_ response: HookResponse, as key: NewsAnswerKey, validUntil: Int) {
        self.share(key).store(response, as: key, validUntil: validUntil)
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
    func flokiChoice(now: Int, validUntil: Int, load: () async throws -> FlokiAppDefinition.Choice) async throws -> FlokiAppDefinition.Choice {
        try await self.flokiChoice.value(now: now, validUntil: validUntil, trusted: self.trust.isTrusted, load: load)
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
        self.lists.clear()
        self.searches.clear()
        self.categoryList.forget()
        self.galleryExists.forget()
        self.flokiChoice.forget()
        self.flokiApp.withLockedValue { $0 = nil }
    }
}
