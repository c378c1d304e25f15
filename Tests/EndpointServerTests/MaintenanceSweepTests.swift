import EndpointServer
import News
import SQLKit
import Storage
import TestSupport
import Testing

/// The maintenance sweep, every feature's part as the server lists them (default retention: sessions
/// idle 120 days), removes exactly what nothing reads again, on both engines.
@Suite struct MaintenanceSweepTests {
    static let now = 1_000_000_000
    static let day = 86_400
    static let steps = Maintenance.steps(ConfigOptions([:]))

    @Test(arguments: TestDatabase.engines)
    func removesEndedRowsAndKeepsLiveOnes(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let now = Self.now
            let day = Self.day
            try await database.withConnection { connection in
                for (id, lastUsed, expires, revoked) in [
                    ("live", now - day, now + day, nil), ("revoked", now - day, now + day, now - 1),
                    ("expired", now - day, now, nil), ("idle", now - 121 * day, now + day, nil),
                ] as [(String, Int, Int, Int?)] {
                    try await connection.raw(
                        """
                        INSERT INTO device_sessions (id, member_id, token_hash, created_at, last_used_at, expires_at, revoked_at, user_agent, ip)
                        VALUES (\(bind: id), 1, \(bind: "hash-" + id), \(bind: now - 200 * day), \(bind: lastUsed), \(bind: expires), \(bind: revoked), '', '')
                        """
                    ).run()
                }
                for (id, expires, used) in [
                    ("open", now + 60, nil), ("used", now + 60, now - 5), ("expired", now - 1, nil),
                    ("used long ago", now - 8 * day, now - 9 * day), ("expired long ago", now - 8 * day, nil),
                ] as [(String, Int, Int?)] {
                    try await connection.raw(
                        """
                        INSERT INTO account_codes (id, member_id, purpose, code_hash, created_at, expires_at, used_at)
                        VALUES (\(bind: id), 1, 'reset', \(bind: "code-" + id), \(bind: now - 100), \(bind: expires), \(bind: used))
                        """
                    ).run()
                }
                for happened in [now - 60, now - 2 * day] {
                    try await connection.raw("INSERT INTO rate_events (action, subject, happened_at) VALUES ('join', 'ip', \(bind: happened))").run()
                }
                for (status, created) in [("sent", now - 31 * day), ("failed", now - 31 * day), ("queued", now - 31 * day), ("sent", now - day)] {
                    try await connection.raw(
                        """
                        INSERT INTO mail_outbox (message_id, recipient, subject, text_body, html_body, created_at, status, next_attempt_at)
                        VALUES ('m', 'a@example.com', 's', 't', 'h', \(bind: created), \(bind: status), \(bind: created))
                        """
                    ).run()
                    try await connection.raw(
                        """
                        INSERT INTO push_outbox (platform, token, payload, created_at, status, next_attempt_at)
                        VALUES ('android', 't', '{}', \(bind: created), \(bind: status), \(bind: created))
                        """
                    ).run()
                }
                for (token, lastSeen) in [("seen-yesterday", now - day), ("silent-for-271-days", now - 271 * day)] {
                    try await connection.raw(
                        """
                        INSERT INTO device_tokens (token, platform, member_id, created_at, last_seen_at)
                        VALUES (\(bind: token), 'android', NULL, \(bind: now - 400 * day), \(bind: lastSeen))
                        """
                    ).run()
                }
                for (name, confirmed, joined) in [
                    ("pending-8-days", false, now - 8 * day), ("pending-1-day", false, now - day), ("confirmed", true, now - 30 * day),
                ] {
                    try await connection.raw(
                        """
                        INSERT INTO members (username, email, password_hash, validated, email_confirmed, banned, join_time, last_visit_time, primary_group_id)
                        VALUES (\(bind: name), \(bind: name + "@example.com"), '', \(bind: true), \(bind: confirmed), \(bind: false), \(bind: joined), \(bind: joined), 4)
                        """
                    ).run()
                }
                try await connection.raw("DELETE FROM news_changes").run()
                for (id, changed) in [(1, now - 91 * day), (2, now - 89 * day)] {
                    try await connection.raw(
                        """
                        INSERT INTO news_changes (resource_type, resource_id, changed_at) VALUES ('news', \(bind: id), \(bind: changed))
                        """
                    ).run()
                }
                for (id, changed) in [(1, now - 91 * day), (2, now - 89 * day)] {
                    try await connection.raw(
                        """
                        INSERT INTO gallery_changes (subject, subject_id, gallery_name, changed_at) VALUES ('item', \(bind: id), 'trips', \(bind: changed))
                        """
                    ).run()
                }
            }

            try await database.withConnection { connection in
                for (key, expires) in [("expired", now - 1), ("waiting", now + 60)] {
                    try await connection.raw(
                        """
                        INSERT INTO video_uploads (key, member_id, length, name, created_at, expires_at)
                        VALUES (\(bind: key), 1, 100, 'clip', \(bind: now - day), \(bind: expires))
                        """
                    ).run()
                    try await connection.raw(
                        """
                        INSERT INTO news_share_links (key, member_id, title, page_html, created_at, expires_at)
                        VALUES (\(bind: key), 1, 'Draft', '<p>Draft</p>', \(bind: now - day), \(bind: expires))
                        """
                    ).run()
                }
            }

            let removed = try #require(try await MaintenanceSweep(database: database, steps: Self.steps).run(now: now))
            #expect(removed.counts.map(\.count) == [3, 2, 1, 2, 2, 1, 1, 1, 1, 1, 1])

            func column(_ sql: SQLQueryString, _ name: String) async throws -> [String] {
                try await database.withConnection { try await $0.raw(sql).all().map { try $0.decode(column: name, as: String.self) } }.sorted()
            }
            #expect(try await column("SELECT id FROM device_sessions", "id") == ["live"])
            #expect(try await column("SELECT id FROM account_codes", "id") == ["expired", "open", "used"], "a week past expiry, not before")
            #expect(try await column("SELECT status FROM mail_outbox", "status") == ["queued", "sent"], "a queued row is never swept")
            #expect(try await column("SELECT status FROM push_outbox", "status") == ["queued", "sent"])
            #expect(try await column("SELECT CAST(resource_id AS TEXT) AS id FROM news_changes", "id") == ["2"], "news changes 90 days")
            #expect(try await column("SELECT CAST(subject_id AS TEXT) AS id FROM gallery_changes", "id") == ["2"], "gallery changes 90 days")
            #expect(try await column("SELECT token FROM device_tokens", "token") == ["seen-yesterday"], "tokens unseen for 270 days")
            #expect(try await column("SELECT username FROM members", "username") == ["Guest", "confirmed", "pending-1-day"], "unconfirmed after 7 days")
            #expect(try await column("SELECT key FROM video_uploads", "key") == ["waiting"], "uploads past their expiry")
            #expect(try await column("SELECT key FROM news_share_links", "key") == ["waiting"], "share links past their expiry")
            let state = try await database.withConnection { try await NewsChangeLog.state(on: $0) }
            #expect(state.sweptThrough > 0 && state.latest == state.sweptThrough + 1, "older sync tokens are answered with a reset")
            #expect(try await MaintenanceSweep(database: database, steps: Self.steps).run(now: now)?.counts.map(\.count) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        }
    }

    /// Several instances on one PostgreSQL: while one sweeps, the others skip instead of repeating it.
    @Test(.enabled(if: TestDatabase.engines.contains(.postgres)))
    func onPostgreSQLOneInstanceSweepsAtATime() async throws {
        try await TestDatabase.withMigrated(.postgres) { database in
            try await TestDatabase.withOpen(database.url) { other in
                try await other.transaction { holder in
                    try await holder.raw("SELECT pg_advisory_xact_lock(\(bind: MaintenanceSweep.advisoryLockKey))").run()
                    #expect(try await MaintenanceSweep(database: database, steps: Self.steps).run(now: Self.now) == nil)
                }
            }
            #expect(try await MaintenanceSweep(database: database, steps: Self.steps).run(now: Self.now) != nil, "the lock ends with its transaction")
        }
    }
}
