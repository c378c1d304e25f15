import NIOConcurrencyHelpers
import News
import SQLKit
import TestSupport
import Testing

@testable import Storage

/// What PostgreSQL announces when cached data changes, and the listener that hears it.
@Suite struct CacheAnnouncementTests {
    @Test func payloadsAreReadStrictly() {
        #expect(CacheAnnouncement(payload: "member:42") == .member(42))
        #expect(CacheAnnouncement(payload: "groups") == .groups)
        #expect(CacheAnnouncement(payload: "config") == .config)
        #expect(CacheAnnouncement(payload: "news") == .news)
        #expect(CacheAnnouncement(payload: "tokens") == .tokens)
        for unknown in ["member:", "member:x", "member:42 ", "Groups", "", "sessions"] {
            #expect(CacheAnnouncement(payload: unknown) == nil, "\(unknown)")
        }
    }

    /// Every change a cache depends on is announced at commit, once per payload, and nothing else is:
    /// recording a visit, a session's or a push token's use, or a rolled-back change.
    @Test(.enabled(if: TestDatabase.engines.contains(.postgres)))
    func theTriggersAnnounceWhatCachesDependOn() async throws {
        try await TestDatabase.withMigrated(.postgres) { database in
            try await Self.listening(to: database) { heard in
                let alice = try await database.withConnection { connection in
                    try await connection.raw(
                        """
                        INSERT INTO members (username, email, join_time, last_visit_time, primary_group_id) VALUES ('alice', 'a@example.com', 0, 0, 4)
                        RETURNING id
                        """
                    ).first()!.decode(column: "id", as: Int.self)
                }
                try await database.withConnection { connection in
                    try await connection.raw(
                        """
                        INSERT INTO device_sessions (id, member_id, token_hash, created_at, last_used_at, expires_at) VALUES ('s', \(bind: alice), 'h', 0, 0, 9999999999)
                        """
                    ).run()
                    try await connection.raw("UPDATE members SET last_visit_time = 5 WHERE id = \(bind: alice)").run()
                    try await connection.raw("UPDATE device_sessions SET last_used_at = 5 WHERE id = 's'").run()
                }
                try await database.transaction { connection in
                    try await connection.raw("UPDATE device_sessions SET revoked_at = 6 WHERE id = 's'").run()
                    try await connection.raw("UPDATE members SET banned = TRUE WHERE id = \(bind: alice)").run()
                }
                _ = try? await database.transaction { connection in
                    try await connection.raw("UPDATE config SET value = 'x' WHERE name = 'site_name'").run()
                    throw CancellationError()
                }
                try await database.withConnection { connection in
                    try await connection.raw("INSERT INTO group_members (group_id, member_id) VALUES (2, \(bind: alice))").run()
                    try await connection.raw("UPDATE groups SET is_super_moderator = TRUE WHERE id = 3").run()
                    try await connection.raw("UPDATE config SET value = 'Club' WHERE name = 'site_name'").run()
                    try await connection.raw("INSERT INTO device_tokens (token, platform, created_at, last_seen_at) VALUES ('t', 'ios', 0, 0)").run()
                    try await connection.raw("UPDATE device_tokens SET last_seen_at = 5").run()
                    try await connection.raw("UPDATE device_tokens SET member_id = \(bind: alice)").run()
                    try await connection.raw("DELETE FROM device_tokens").run()
                    try await FlokiAppStore.save("{}", by: alice, at: UnixTime.now, on: connection)
                    try await connection.raw("NOTIFY endpoint_cache, 'done'").run()
                }
                let announcements = try await heard.until { $0.count > 1 && $0.last == .some(nil) }
                #expect(Array(announcements.dropFirst()) == [.member(alice), .member(alice), .groups, .config, .tokens, .tokens, .news, nil])
            }
        }
    }

    /// A killed listening connection: caches are distrusted at once, then everything is forgotten and
    /// trusted again once a new connection listens.
    @Test(.enabled(if: TestDatabase.engines.contains(.postgres)))
    func aKilledConnectionIsDistrustedThenReplaced() async throws {
        try await TestDatabase.withMigrated(.postgres) { database in
            try await Self.listening(to: database) { heard in
                #expect(database.cacheTrust.isTrusted)
                try await database.withConnection { connection in
                    try await connection.raw(
                        """
                        SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'
                        """
                    ).run()
                }
                var sawDistrust = false
                for _ in 0..<200 where !sawDistrust {
                    sawDistrust = !database.cacheTrust.isTrusted
                    try await Task.sleep(for: .milliseconds(1))
                }
                #expect(sawDistrust, "distrusted as soon as the connection was lost")
                #expect(try await heard.until { $0.count >= 2 } == [nil, nil], "everything forgotten at each connection")
                for _ in 0..<500 where !database.cacheTrust.isTrusted { try await Task.sleep(for: .milliseconds(10)) }
                #expect(database.cacheTrust.isTrusted)
            }
        }
    }

    /// Runs a listener on `database` until `body` returns; `body` starts once it listens and sees all
    /// it handed over (first the `nil` — "forget everything" — of its connection).
    private static func listening(to database: Database, _ body: (Heard) async throws -> Void) async throws {
        let listener = try #require(CacheAnnouncementListener(database: database, logger: quietLogger))
        let heard = Heard()
        let task = Task { await listener.run { heard.append($0) } }
        defer { task.cancel() }
        _ = try await heard.until { !$0.isEmpty }
        #expect(database.cacheTrust.isTrusted)
        try await body(heard)
    }
}

/// What a listener handed over, in order.
private final class Heard: Sendable {
    private let announcements = NIOLockedValueBox<[CacheAnnouncement?]>([])

    func append(_ announcement: CacheAnnouncement?) {
        self.announcements.withLockedValue { $0.append(announcement) }
    }

    /// Waits (up to 5 s) until `done` holds for what was heard; returns it.
    func until(_ done: ([CacheAnnouncement?]) -> Bool) async throws -> [CacheAnnouncement?] {
        for _ in 0..<500 {
            let now = self.announcements.withLockedValue { $0 }
            if done(now) { return now }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw TestFailure("not heard: \(self.announcements.withLockedValue { $0 })")
    }
}
