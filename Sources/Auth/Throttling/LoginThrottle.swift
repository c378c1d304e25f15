public import Storage

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
        public var usernameAndIP: RateLimit.Rule
        public var username: RateLimit.Rule
        /// Generous, because thousands of members may share one carrier-grade NAT address (docs/operations.md,
        /// "Limits per network").
        public var ip: RateLimit.Rule

        /// The declared defaults.
        public init() {
            self.init(options: ConfigOptions([:]))
        }

        /// The limits from the `login_throttle_*` config options.
        public init(options: ConfigOptions) {
            func rule(_ failures: ConfigOption, _ minutes: ConfigOption) -> RateLimit.Rule {
                RateLimit.Rule(count: options.integer(failures), seconds: options.integer(minutes) * 60)
            }
            self.usernameAndIP = rule(.loginThrottleUserIPFailures, .loginThrottleUserIPMinutes)
            self.username = rule(.loginThrottleUserFailures, .loginThrottleUserMinutes)
            self.ip = rule(.loginThrottleIPFailures, .loginThrottleIPMinutes)
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

    /// Counts a failed attempt of `username` from `ip` in every scope before the password is checked,
    /// unless a scope is at its limit (then nothing is counted and the login is refused without a
    /// check): so concurrent attempts cannot all pass a limit that each alone would have met. An
    /// attempt that turns out not to be a failure gives its reservation back (``release(_:)``).
    /// `connection` must be in a transaction; `limits` are read before it (``limits()`` may borrow a
    /// connection of its own, which a caller holding one must never wait for).
    func reserve(username: String, ip: String, limits: Limits, on connection: StoreConnection) async throws -> RateLimit.Admission {
        try await RateLimit.reserve(
            Self.action, limits: Self.scopes(username: username, ip: ip, limits: limits), retainSeconds: max(86_400, limits.longestSeconds),
            now: self.rateLimit.now, on: connection
        )
    }

    /// The attempt was no failure: the password was right, or never checked (the hashing pool was full).
    func release(_ reservation: RateLimit.Reservation) async throws {
        try await self.rateLimit.release(reservation)
    }

    /// A successful login: gives back its reservation and forgets the (username, IP) failures, on
    /// `connection`.
    func succeeded(_ reservation: RateLimit.Reservation, username: String, ip: String, on connection: StoreConnection) async throws {
        try await RateLimit.release(reservation, on: connection)
        try await RateLimit.forget(Self.action, subject: Self.scopes(username: username, ip: ip, limits: Limits())[0].subject, on: connection)
    }

    /// Forgets `name`'s failures from everywhere (its password was just reset by the member, who
    /// proved it is theirs): a member whose account strangers hammered can log in at once.
    public static func forgive(_ name: String, in rateLimit: RateLimit) async throws {
        try await rateLimit.forget(Self.action, subject: .login(name))
    }

    /// The subject each scope counts under, with its rule; the (username, network) pair first.
    private static func scopes(username: String, ip: String, limits: Limits) -> [(subject: RateLimit.Subject, rule: RateLimit.Rule)] {
        [(.login(username, at: ip), limits.usernameAndIP), (.login(username), limits.username), (.address(ip), limits.ip)]
    }
}
