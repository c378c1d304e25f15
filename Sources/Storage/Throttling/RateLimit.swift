import Foundation
import SQLKit

/// Counts actions per ``Subject`` (a client's network, an account) in the database and says when one
/// more would exceed a limit, so every server instance enforces the same limits.
///
/// Checking and counting are one step (``reserve(_:limits:retainSeconds:now:)``): in one transaction,
/// with the subjects locked on PostgreSQL (SQLite has one writer at a time), so concurrent requests on
/// any number of instances can never together pass a limit; an action that turns out not to count (a
/// login that succeeded) gives its reservation back.
///
/// Used for failed logins (`Auth`'s `LoginThrottle`), joining, password-reset requests, wrong e-mail
/// codes, contact messages and searches.
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

    /// Counted actions that can be given back, all of one reservation.
    public struct Reservation: Sendable, Equatable {
        let id: String
    }

    /// What a reservation came to.
    public enum Admission: Sendable, Equatable {
        /// Counted for every subject.
        case admitted(Reservation)
        /// Not counted: a subject must wait this many seconds.
        case limited(seconds: Int)
    }

    private let database: Database
    /// The site's clock: "now", unless a caller working at one time says.
    private let clock: SiteClock

    public init(database: Database, clock: SiteClock) {
        self.database = database
        self.clock = clock
    }

    /// "Now" on the limits' clock, for a caller reserving on its own connection.
    public var now: Int { self.clock.now }

    /// Counts one `action` for each subject of `limits` when every one of them has room under its rule,
    /// in one step no concurrent request can slip into; otherwise counts nothing and says how long the
    /// longest-waiting subject must wait. Events older than `retainSeconds` of that action are
    /// forgotten on the way.
    public func reserve(
        _ action: String, limits: [(subject: Subject, rule: Rule)], retainSeconds: Int = 86_400, now: Int? = nil
    ) async throws -> Admission {
        let now = now ?? self.clock.now
        return try await self.database.transaction { try await Self.reserve(action, limits: limits, retainSeconds: retainSeconds, now: now, on: $0) }
    }

    /// ``reserve(_:limits:retainSeconds:now:)`` on `connection`, which must be in a transaction (the
    /// caller's unit of work: a login reads its member in the same one).
    public static func reserve(
        _ action: String, limits: [(subject: Subject, rule: Rule)], retainSeconds: Int = 86_400, now: Int, on connection: StoreConnection
    ) async throws -> Admission {
        let reservation = Reservation(id: UUID().uuidString.lowercased())
        if connection.isPostgres {
            for key in Set(limits.map { action + "\n" + $0.subject.key }).sorted() {
                try await connection.raw("SELECT pg_advisory_xact_lock(hashtext(\(bind: key)))").run()
            }
        }
        if let wait = try await Self.wait(action, limits: limits, now: now, on: connection) { return .limited(seconds: wait) }
        for subject in Set(limits.map(\.subject)) {
            try await connection.raw(
                """
                INSERT INTO rate_events (action, subject, happened_at, reservation)
                VALUES (\(bind: action), \(bind: subject.key), \(bind: now), \(bind: reservation.id))
                """
            ).run()
        }
        try await connection.raw(
            "DELETE FROM rate_events WHERE action = \(bind: action) AND happened_at <= \(bind: now - retainSeconds)"
        ).run()
        return .admitted(reservation)
    }

    /// ``reserve(_:limits:retainSeconds:now:)`` for one subject: nil when counted, else the seconds to
    /// wait.
    public func admit(_ action: String, subject: Subject, rule: Rule, retainSeconds: Int = 86_400, now: Int? = nil) async throws -> Int? {
        guard case .limited(let seconds) = try await self.reserve(action, limits: [(subject, rule)], retainSeconds: retainSeconds, now: now) else {
            return nil
        }
        return seconds
    }

    /// Gives back what `reservation` counted (the action turned out not to count).
    public func release(_ reservation: Reservation) async throws {
        try await self.database.withConnection { try await Self.release(reservation, on: $0) }
    }

    /// Gives back what `reservation` counted, on `connection`.
    public static func release(_ reservation: Reservation, on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM rate_events WHERE reservation = \(bind: reservation.id)").run()
    }

    /// Seconds until every subject may do `action` again under its rule (the longest wait), or nil when
    /// all may now; one query however many limits apply (a login checks three).
    static func wait(_ action: String, limits: [(subject: Subject, rule: Rule)], now: Int, on connection: StoreConnection) async throws -> Int? {
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
        var wait: Int?
        for row in try await connection.raw(probes.joined(separator: " UNION ALL ")).all() {
            guard let happenedAt = try row.decode(column: "happened_at", as: Int?.self) else { continue }
            let rule = limits[try row.decode(column: "rule", as: Int.self)].rule
            wait = max(wait ?? 0, max(1, happenedAt + rule.seconds - now))
        }
        return wait
    }

    /// Forgets every counted `action` of `subject` (e.g. a login's failures once it succeeded).
    public func forget(_ action: String, subject: Subject) async throws {
        try await self.database.withConnection { try await Self.forget(action, subject: subject, on: $0) }
    }

    /// Forgets every counted `action` of `subject`, on `connection`.
    public static func forget(_ action: String, subject: Subject, on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM rate_events WHERE action = \(bind: action) AND subject = \(bind: subject.key)").run()
    }
}
