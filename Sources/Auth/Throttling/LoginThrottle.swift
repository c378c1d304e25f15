public import SiteStore

/// Counts failed logins (through ``RateLimit``, in the database, so every server instance sees the
/// same counts) and says when a login must be refused without even checking the password.
///
/// Three scopes: the (username, network) pair catches guessing one account from one place; the username
/// alone catches a distributed attack on one account; the network alone (the IPv4 address, the IPv6
/// /64) catches one place trying many accounts. Other accounts and other networks are unaffected by a
/// scope's block.
public struct LoginThrottle: Sendable {
    /// The three scopes' rules.
    public struct Limits: Sendable, Equatable {
        public var usernameAndIP = RateLimit.Rule(count: 5, seconds: 15 * 60)
        public var username = RateLimit.Rule(count: 50, seconds: 60 * 60)
        /// Generous, because thousands of members may share one carrier-grade NAT address (README,
        /// "Limits per network").
        public var ip = RateLimit.Rule(count: 500, seconds: 15 * 60)

        public init() {}

        /// The limits from the `login_throttle_*` config options.
        public init(options: ConfigOptions) {
            func rule(_ scope: String, _ fallback: RateLimit.Rule) -> RateLimit.Rule {
                RateLimit.Rule(
                    count: options.integer("login_throttle_\(scope)_failures", default: fallback.count),
                    seconds: max(1, options.integer("login_throttle_\(scope)_minutes", default: fallback.seconds / 60)) * 60
                )
            }
            let defaults = Limits()
            self.usernameAndIP = rule("user_ip", defaults.usernameAndIP)
            self.username = rule("user", defaults.username)
            self.ip = rule("ip", defaults.ip)
        }

        /// The longest window, which failures must be remembered for.
        var longestSeconds: Int { max(self.usernameAndIP.seconds, self.username.seconds, self.ip.seconds) }
    }

    /// Whether a login may proceed.
    public enum Decision: Sendable, Equatable {
        case allowed
        /// Refused until a failure leaves the window, in this many seconds.
        case blocked(retryAfterSeconds: Int)
    }

    private let rateLimit: RateLimit
    private let config: ConfigStore
    private static let action = "login_failure"

    /// Limits from the live `login_throttle_*` options of `config`.
    public init(rateLimit: RateLimit, config: ConfigStore) {
        self.rateLimit = rateLimit
        self.config = config
    }

    /// The limits in force now.
    public func limits() async throws -> Limits {
        Limits(options: try await self.config.options())
    }

    /// Whether `username` may try to log in from `ip` now.
    public func check(username: String, ip: String, now: Int = UnixTime.now) async throws -> Decision {
        let limits = try await self.limits()
        let wait = try await self.rateLimit.wait(Self.action, limits: Self.scopes(username: username, ip: ip, limits: limits), now: now)
        return wait.map { .blocked(retryAfterSeconds: $0) } ?? .allowed
    }

    /// Counts a failed attempt in every scope.
    public func recordFailure(username: String, ip: String, now: Int = UnixTime.now) async throws {
        let limits = try await self.limits()
        for (subject, _) in Self.scopes(username: username, ip: ip, limits: limits) {
            try await self.rateLimit.record(Self.action, subject: subject, retainSeconds: max(86_400, limits.longestSeconds), now: now)
        }
    }

    /// Forgets the (username, IP) failures after a successful login.
    public func clear(username: String, ip: String) async throws {
        try await self.rateLimit.forget(Self.action, subject: Self.scopes(username: username, ip: ip, limits: Limits())[0].subject)
    }

    /// The subject each scope counts under, with its rule; the (username, network) pair first.
    private static func scopes(username: String, ip: String, limits: Limits) -> [(subject: RateLimit.Subject, rule: RateLimit.Rule)] {
        [(.login(username, at: ip), limits.usernameAndIP), (.login(username), limits.username), (.address(ip), limits.ip)]
    }
}
