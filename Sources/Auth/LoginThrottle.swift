public import SiteStore
import SQLKit

/// Counts failed logins in the database (so every server instance sees the same counts) and says when
/// a login must be refused without even checking the password.
///
/// Three scopes: the (username, IP) pair catches guessing one account from one place; the username
/// alone catches a distributed attack on one account; the IP alone catches one place trying many
/// accounts. Other accounts and other IPs are unaffected by a scope's block.
public struct LoginThrottle: Sendable {
    /// At most `failures` failures within `seconds`.
    public struct Rule: Sendable, Equatable {
        public var failures: Int
        public var seconds: Int

        public init(failures: Int, seconds: Int) {
            self.failures = failures
            self.seconds = seconds
        }
    }

    /// The three scopes' rules.
    public struct Limits: Sendable, Equatable {
        public var usernameAndIP = Rule(failures: 5, seconds: 15 * 60)
        public var username = Rule(failures: 50, seconds: 60 * 60)
        public var ip = Rule(failures: 100, seconds: 15 * 60)

        public init() {}

        /// The limits from the `login_throttle_*` config options.
        public init(options: ConfigOptions) {
            func rule(_ scope: String, _ fallback: Rule) -> Rule {
                Rule(
                    failures: max(1, options.integer("login_throttle_\(scope)_failures", default: fallback.failures)),
                    seconds: max(1, options.integer("login_throttle_\(scope)_minutes", default: fallback.seconds / 60)) * 60
                )
            }
            let defaults = Limits()
            self.usernameAndIP = rule("user_ip", defaults.usernameAndIP)
            self.username = rule("user", defaults.username)
            self.ip = rule("ip", defaults.ip)
        }
    }

    /// Whether a login may proceed.
    public enum Decision: Sendable, Equatable {
        case allowed
        /// Refused until a failure leaves the window, in this many seconds.
        case blocked(retryAfterSeconds: Int)
    }

    private let database: Database
    private let config: ConfigStore

    /// Limits from the live `login_throttle_*` options of `config`.
    public init(database: Database, config: ConfigStore) {
        self.database = database
        self.config = config
    }

    /// The limits in force now.
    public func limits() async throws -> Limits {
        Limits(options: try await self.config.options())
    }

    /// Whether `username` may try to log in from `ip` now.
    public func check(username: String, ip: String, now: Int = UnixTime.now) async throws -> Decision {
        let key = Self.key(username)
        let limits = try await self.limits()
        return try await self.database.withConnection { connection in
            let scopes: [(Rule, SQLQueryString)] = [
                (limits.usernameAndIP, "username_key = \(bind: key) AND ip = \(bind: ip)"),
                (limits.username, "username_key = \(bind: key)"),
                (limits.ip, "ip = \(bind: ip)"),
            ]
            var wait = 0
            for (rule, condition) in scopes {
                let row = try await connection.raw("""
                    SELECT failed_at FROM login_failures WHERE \(condition) AND failed_at > \(bind: now - rule.seconds)
                    ORDER BY failed_at DESC LIMIT 1 OFFSET \(literal: rule.failures - 1)
                    """).first()
                if let failedAt = try row?.decode(column: "failed_at", as: Int.self) {
                    wait = max(wait, failedAt + rule.seconds - now)
                }
            }
            return wait > 0 ? .blocked(retryAfterSeconds: wait) : .allowed
        }
    }

    /// Counts a failed attempt, and forgets failures too old to matter to any scope.
    public func recordFailure(username: String, ip: String, now: Int = UnixTime.now) async throws {
        let limits = try await self.limits()
        let oldest = now - max(limits.usernameAndIP.seconds, limits.username.seconds, limits.ip.seconds)
        try await self.database.withConnection { connection in
            try await connection.raw(
                "INSERT INTO login_failures (username_key, ip, failed_at) VALUES (\(bind: Self.key(username)), \(bind: ip), \(bind: now))"
            ).run()
            try await connection.raw("DELETE FROM login_failures WHERE failed_at <= \(bind: oldest)").run()
        }
    }

    /// Forgets the (username, IP) failures after a successful login.
    public func clear(username: String, ip: String) async throws {
        try await self.database.withConnection { connection in
            try await connection.raw(
                "DELETE FROM login_failures WHERE username_key = \(bind: Self.key(username)) AND ip = \(bind: ip)"
            ).run()
        }
    }

    private static func key(_ username: String) -> String {
        String(username.lowercased().prefix(255))
    }
}
