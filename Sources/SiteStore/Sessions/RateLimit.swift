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
        try await self.wait(action, limits: [(subject, rule)], now: now)
    }

    /// Seconds until every subject may do `action` again under its rule (the longest wait), or nil when
    /// all may now; one query however many limits apply (a login checks three).
    public func wait(_ action: String, limits: [(subject: Subject, rule: Rule)], now: Int = UnixTime.now) async throws -> Int? {
        guard !limits.isEmpty else { return nil }
        // The `count`-th latest event inside each rule's window, if there is one: its subject must wait
        // until that event leaves the window.
        let probes: [SQLQueryString] = limits.enumerated().map { index, limit in
            """
            SELECT \(literal: index) AS rule, (SELECT happened_at FROM rate_events
                WHERE action = \(bind: action) AND subject = \(bind: limit.subject.key) AND happened_at > \(bind: now - limit.rule.seconds)
                ORDER BY happened_at DESC LIMIT 1 OFFSET \(literal: limit.rule.count - 1)) AS happened_at
            """
        }
        let rows = try await self.database.withConnection { connection in
            try await connection.raw(probes.joined(separator: " UNION ALL ")).all()
        }
        var wait: Int?
        for row in rows {
            guard let happenedAt = try row.decode(column: "happened_at", as: Int?.self) else { continue }
            let rule = limits[try row.decode(column: "rule", as: Int.self)].rule
            wait = max(wait ?? 0, max(1, happenedAt + rule.seconds - now))
        }
        return wait
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
