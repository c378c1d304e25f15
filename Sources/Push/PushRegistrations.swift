public import Messages
import Metrics
import NIOConcurrencyHelpers
public import Storage

/// Registering devices' push tokens: the one rule the registration hook follows.
///
/// The SDKs register at every app start with a token that is almost always registered already. A
/// token this instance registered (or found registered) to the same owner, last seen within
/// `push_token_refresh_seconds`, is answered from memory — no query at all; anything else goes to
/// ``DeviceTokenRegistrar`` (one read, and a write only when something changed, both shared by the
/// registrations that arrive together), so the last-seen time is refreshed at most once per interval.
///
/// What is remembered is forgotten when it may be wrong: a token moved or removed through another
/// instance is announced on PostgreSQL (``CacheAnnouncement/tokens``), one the push worker found dead
/// is forgotten here (``forget(token:platform:)``), and nothing is answered from memory while the
/// database's ``CacheTrust`` is off.
public final class PushRegistrations: Sendable {
    /// A token is remembered by a 128-bit digest of it (two SipHashes, told apart by a prefix), not its
    /// text: an FCM token is over 150 bytes, and a full memory (`capacity` tokens) would otherwise hold
    /// tens of megabytes. A second token sharing a remembered digest would look registered; among
    /// `capacity` tokens the odds are about 10⁻²⁹.
    private struct Key: Hashable {
        let high: Int
        let low: Int

        init(platform: PushPlatform, token: String) {
            var high = Hasher()
            var low = Hasher()
            high.combine(0)
            low.combine(1)
            high.combine(platform.rawValue)
            high.combine(token)
            low.combine(platform.rawValue)
            low.combine(token)
            self.high = high.finalize()
            self.low = low.finalize()
        }
    }

    private struct Entry {
        let owner: Int?
        let lastSeenAt: Int
    }

    private let database: Database
    private let registrar: DeviceTokenRegistrar
    private let config: ConfigStore
    private let clock: SiteClock
    private let known = NIOLockedValueBox<[Key: Entry]>([:])
    private let capacity: Int
    /// `endpoint_cache_lookups_total{cache="push_tokens", result=hit|miss}`.
    private let hits = Counter(label: "endpoint_cache_lookups_total", dimensions: [("cache", "push_tokens"), ("result", "hit")])
    private let misses = Counter(label: "endpoint_cache_lookups_total", dimensions: [("cache", "push_tokens"), ("result", "miss")])

    /// - Parameter capacity: tokens remembered at most; when reached, memory starts afresh.
    public init(database: Database, config: ConfigStore, clock: SiteClock, capacity: Int = 100_000) {
        self.database = database
        self.registrar = DeviceTokenRegistrar(database: database)
        self.config = config
        self.clock = clock
        self.capacity = capacity
    }

    /// A token not shaped like one of its platform's (``PushTokenShape``).
    public struct MalformedToken: Error, Equatable {
        public let platform: PushPlatform

        public init(platform: PushPlatform) {
            self.platform = platform
        }
    }

    /// Adding the token would pass the client network's or the member's limit on new tokens
    /// (`push_tokens_per_ip_per_hour`, `push_tokens_per_member_per_hour`).
    public struct TooManyNewTokens: Error, Equatable {
        public let retryAfterSeconds: Int

        public init(retryAfterSeconds: Int) {
            self.retryAfterSeconds = retryAfterSeconds
        }
    }

    /// Registers `token` for `owner` (nil: an anonymous device), moving it from any earlier owner;
    /// a token that is new here counts against the limits of the client network `ip` and of `owner`.
    /// Throws ``MalformedToken`` and ``TooManyNewTokens``.
    public func register(_ token: String, platform: PushPlatform, owner: Int?, from ip: String, now: Int? = nil) async throws {
        let now = now ?? self.clock.now
        guard PushTokenShape.isWellFormed(token, for: platform) else { throw MalformedToken(platform: platform) }
        let options = try await self.config.options()
        let refreshSeconds = options.integer(.pushTokenRefreshSeconds)
        let key = Key(platform: platform, token: token)
        if self.database.cacheTrust.isTrusted, let entry = self.known.withLockedValue({ $0[key] }),
            entry.owner == owner, entry.lastSeenAt > now - refreshSeconds
        {
            self.hits.increment()
            return
        }
        self.misses.increment()
        var limits = [DeviceTokenRequest.Limit(.address(ip), perHour: options.integer(.pushTokensPerIPPerHour))]
        if let owner { limits.append(DeviceTokenRequest.Limit(.member(owner), perHour: options.integer(.pushTokensPerMemberPerHour))) }
        let registration = try await self.registrar.register(
            DeviceTokenRequest(token: token, platform: platform, memberID: owner, refreshSeconds: refreshSeconds, limits: limits, now: now)
        )
        if let wait = registration.retryAfterSeconds { throw TooManyNewTokens(retryAfterSeconds: wait) }
        self.known.withLockedValue { known in
            if known.count >= self.capacity { known.removeAll(keepingCapacity: true) }
            known[key] = Entry(owner: owner, lastSeenAt: registration.lastSeenAt)
        }
    }

    /// Forgets `token` (the push service called it dead and it was removed).
    public func forget(token: String, platform: PushPlatform) {
        _ = self.known.withLockedValue { $0.removeValue(forKey: Key(platform: platform, token: token)) }
    }

    /// Whether `token` is remembered, so a repeat could be answered without a query (tests wait for
    /// another instance's announcement to make this false).
    package func remembers(token: String, platform: PushPlatform) -> Bool {
        self.known.withLockedValue { $0[Key(platform: platform, token: token)] != nil }
    }

    /// Forgets every token (one moved or was removed elsewhere, or announcements may have been missed).
    public func forgetAll() {
        self.known.withLockedValue { $0.removeAll() }
    }
}

extension PushRegistrations.MalformedToken: RefusalConvertible {
    /// What a token of the platform looks like.
    public var refusal: Refusal {
        .invalid(self.platform == .ios ? .invalidAPNsToken : .invalidFCMToken)
    }
}

extension PushRegistrations.TooManyNewTokens: RefusalConvertible {
    /// How long until the limit's window ends, with `Retry-After`.
    public var refusal: Refusal {
        .limited(.pushDevicesThrottled, seconds: self.retryAfterSeconds)
    }
}
