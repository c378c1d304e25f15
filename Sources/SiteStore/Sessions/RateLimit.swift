import SQLKit

/// Counts actions per ``Subject`` (a client's network, an account) in the database and says when one
/// more would exceed a limit, so every server instance enforces the same limits.
///
/// Used for failed logins (`Auth`'s `LoginThrottle`), joining, password-reset requests, wrong e-mail codes and
/// contact messages.
public struct RateLimit: Sendable {
    /// At most `count` actions per `seconds`.
    public struct Rule: Sendable, Equatable {
        public var count: Int
        public var seconds: Int

        public init(count: Int, seconds: Int) {
            self.count = max(1, count)
            self.seconds = max(1, seconds)
        }

        /// `count` per hour.
        public static func perHour(_ count: Int) -> Rule { Rule(count: count, seconds: 3600) }
    }

    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Seconds until `subject` may do `action` again under `rule`, or nil when it may now.
    public func wait(_ action: String, subject: Subject, rule: Rule, now: Int = UnixTime.now) async throws -> Int? {
        try await self.database.withConnection { connection in
            let row = try await connection.raw("""
                SELECT happened_at FROM rate_events
                WHERE action = \(bind: action) AND subject = \(bind: subject.key) AND happened_at > \(bind: now - rule.seconds)
                ORDER BY happened_at DESC LIMIT 1 OFFSET \(literal: rule.count - 1)
                """).first()
            guard let happenedAt = try row?.decode(column: "happened_at", as: Int.self) else { return nil }
            return max(1, happenedAt + rule.seconds - now)
        }
    }

    /// Counts one `action` by `subject`, and forgets that action's events older than `retainSeconds`.
    public func record(_ action: String, subject: Subject, retainSeconds: Int = 86_400, now: Int = UnixTime.now) async throws {
        try await self.database.withConnection { connection in
            try await connection.raw(
                "INSERT INTO rate_events (action, subject, happened_at) VALUES (\(bind: action), \(bind: subject.key), \(bind: now))"
            ).run()
            try await connection.raw(
                "DELETE FROM rate_events WHERE action = \(bind: action) AND happened_at <= \(bind: now - retainSeconds)"
            ).run()
        }
    }

    /// Forgets every counted `action` of `subject` (e.g. a login's failures once it succeeded).
    public func forget(_ action: String, subject: Subject) async throws {
        try await self.database.withConnection { connection in
            try await connection.raw("DELETE FROM rate_events WHERE action = \(bind: action) AND subject = \(bind: subject.key)").run()
        }
    }
}
