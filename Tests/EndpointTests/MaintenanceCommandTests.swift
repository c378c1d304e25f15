import AsyncHTTPClient
import Foundation
import TestSupport
import Testing

/// `endpoint maintenance run` as an operator runs it: one sweep, and what it removed, table by table.
@Suite struct MaintenanceCommandTests {
    /// A migrated SQLite file holding a revoked session and a mail sent 40 days ago.
    private static func databaseWithEndedRows() async throws -> (url: String, folder: URL, path: String) {
        let (database, folder) = EndpointProcess.freshDatabase()
        #expect(try EndpointProcess.run(["migrate"], database: database).status == 0)
        let now = Int(Date().timeIntervalSince1970)
        let path = String(database.dropFirst("sqlite://".count))
        try await TestDatabase.withOpen(.sqlite(path: path)) { opened in
            try await opened.withConnection { connection in
                try await connection.raw(
                    """
                    INSERT INTO device_sessions (id, member_id, token_hash, created_at, last_used_at, expires_at, revoked_at, user_agent, ip)
                    VALUES ('gone', 1, 'h', \(bind: now - 60), \(bind: now - 60), \(bind: now + 3600), \(bind: now - 30), '', '')
                    """
                ).run()
                try await connection.raw(
                    """
                    INSERT INTO mail_outbox (message_id, recipient, subject, text_body, html_body, created_at, status, next_attempt_at)
                    VALUES ('m', 'a@example.com', 's', 't', 'h', \(bind: now - 40 * 86_400), 'sent', 0)
                    """
                ).run()
            }
        }
        return (database, folder, path)
    }

    @Test func aSweepFromTheCommandLineSaysWhatItRemoved() async throws {
        let (database, folder, _) = try await Self.databaseWithEndedRows()
        defer { try? FileManager.default.removeItem(at: folder) }

        let first = try EndpointProcess.run(["maintenance", "run"], database: database)
        #expect(first.status == 0, "\(first.errors)")
        #expect(
            first.output
                == "device_sessions\t1 removed\naccount_codes\t0 removed\nrate_events\t0 removed\nmail_outbox\t1 removed\npush_outbox\t0 removed\ndevice_tokens\t0 removed\nmembers\t0 removed\nnews_changes\t0 removed\ngallery_changes\t0 removed\nvideo_uploads\t0 removed\nnews_share_links\t0 removed\n"
        )
        #expect(try EndpointProcess.run(["maintenance", "run"], database: database).output.contains("mail_outbox\t0 removed"))
    }

    @Test func theServerSweepsWhenItStarts() async throws {
        let (database, folder, path) = try await Self.databaseWithEndedRows()
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let server = try await EndpointProcess.serve(port: try await EndpointProcess.freePort(), database: database, client: client)
        defer { _ = EndpointProcess.stop(server) }
        var remaining = -1
        for _ in 0..<50 where remaining != 0 {
            remaining = try await TestDatabase.withOpen(.sqlite(path: path)) { opened in
                try await opened.withConnection {
                    try await $0.raw("SELECT (SELECT count(*) FROM device_sessions) + (SELECT count(*) FROM mail_outbox) AS n").first()?
                        .decode(column: "n", as: Int.self) ?? -1
                }
            }
            if remaining != 0 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(remaining == 0, "the revoked session and the old mail are gone")
    }
}
