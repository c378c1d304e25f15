import Foundation
import HTTPTypes
import HummingbirdTesting
import SQLKit
import Storage
import TestSupport
import Testing

/// The database going away: requests that need it fail fast with a 503 envelope and `Retry-After`,
/// nothing is half-written, and the same process carries on once the database is back.
@Suite struct DatabaseOutageTests {
    static let unavailable = "The site is temporarily unavailable, please try again shortly."

    @Test(.enabled(if: TestDatabase.engines.contains(.postgres)))
    func postgresGoingAwayIsAFast503AndTheServerRecoversByItself() async throws {
        let url = try await TestDatabase.freshURL(.postgres)
        try await TestDatabase.withOpen(url) { database in
            let files = try MigrationFile.load(from: TestDatabase.migrationsFolder, engine: .postgres)
            try await Migrator(database: database, files: files, logger: quietLogger).migrate()
        }
        var components = try #require(URLComponents(string: url.connectionString))
        let proxy = try await TestTCPProxy.start(to: try #require(components.host), port: try #require(components.port))
        components.port = proxy.port
        try await TestDatabase.withOpen(.postgres(url: try #require(components.string))) { database in
            try await TestServer.run(sharing: database) { client, services in
                try await AccountFixtures.member("steady", services: services)
                #expect(try await client.login("steady").success == true)

                await proxy.cut()
                let started = ContinuousClock.now
                let login = try await client.login("steady")
                #expect(ContinuousClock.now - started < .seconds(2), "fails fast, never hangs")
                #expect(login.status == .serviceUnavailable)
                #expect(login.headers[.retryAfter] == "5")
                #expect(login.errorDetails == Self.unavailable)
                let french = try await client.login("steady", headers: [.acceptLanguage: "fr"])
                #expect(french.errorDetails == "Le site est momentanément indisponible, veuillez réessayer dans quelques instants.")
                let joined = try await client.join(JoinFixtures.iOSFields("during"))
                #expect(joined.status == .serviceUnavailable)
                #expect(try await client.execute(uri: "/healthz", method: .get) { $0.status } == .serviceUnavailable)
                // The routes outside the endpoint say so too, each in its own form, with Retry-After.
                let image = try await client.envelope("/media/\(String(repeating: "a", count: 64))/photo.jpg")
                #expect(image.status == .serviceUnavailable && image.headers[.retryAfter] == "5" && image.errorDetails == Self.unavailable)
                try await client.execute(uri: "/floki/v1-app", method: .get) { response in
                    #expect(response.status == .serviceUnavailable && response.headers[.retryAfter] == "5")
                    #expect(String(buffer: response.body) == #"{"items":[]}"#)
                }
                try await client.execute(uri: "/news/1", method: .get) { response in
                    #expect(response.status == .serviceUnavailable && response.headers[.retryAfter] == "5")
                    #expect(String(buffer: response.body).contains(Self.unavailable))
                }
                let readiness = try await client.execute(uri: "/readyz", method: .get) { ($0.status, String(buffer: $0.body)) }
                #expect(readiness.0 == .serviceUnavailable)
                #expect(readiness.1.contains(#""database":"failing""#) && readiness.1.contains(#""status":"unavailable""#), "\(readiness.1)")

                proxy.restore()
                var recovered = false
                for _ in 0..<50 where !recovered {
                    recovered = try await client.login("steady").success == true
                    if !recovered { try await Task.sleep(for: .milliseconds(100)) }
                }
                #expect(recovered, "the same process recovers, no restart")
                #expect(try await client.execute(uri: "/healthz", method: .get) { $0.status } == .ok)
                var ready = false
                for _ in 0..<100 where !ready {
                    ready = try await client.execute(uri: "/readyz", method: .get) { $0.status } == .ok
                    if !ready { try await Task.sleep(for: .milliseconds(100)) }
                }
                #expect(ready, "ready again once the cache announcements' listener has reconnected (backing off up to 5 s)")
                #expect(try await services.members.find(login: "during") == nil, "the refused join wrote nothing")
            }
        }
        await proxy.stop()
    }

    @Test func aLockedSQLiteFileIsA503AndTheFileStaysIntact() async throws {
        try await TestDatabase.withMigrated(.sqlite) { database in
            try await TestServer.run(sharing: database) { client, services in
                try await TestDatabase.withOpen(database.url) { other in
                    try await other.withConnection { writer in
                        try await writer.raw("BEGIN EXCLUSIVE").run()
                        let joined = try await client.join(JoinFixtures.iOSFields("blocked"))
                        #expect(joined.status == .serviceUnavailable)
                        #expect(joined.headers[.retryAfter] == "5")
                        #expect(joined.errorDetails == Self.unavailable)
                        try await writer.raw("ROLLBACK").run()
                    }
                }
                #expect(try await services.members.find(login: "blocked") == nil)
                #expect(try await client.join(JoinFixtures.iOSFields("blocked")).success == true)
                let check = try await database.withConnection {
                    try await $0.raw("PRAGMA integrity_check").first()?.decode(column: "integrity_check", as: String.self)
                }
                #expect(check == "ok")
            }
        }
    }

    @Test(.enabled(if: ReadOnlyFile.isPossible, "needs a non-root user or chattr +i (CAP_LINUX_IMMUTABLE)"))
    func aReadOnlySQLiteFileIsA503AndTheFileStaysIntact() async throws {
        try await TestDatabase.withMigrated(.sqlite) { migrated in
            let path = try await migrated.withConnection { try await $0.raw("PRAGMA database_list").first()?.decode(column: "file", as: String.self) }
            let file = try #require(path)
            try ReadOnlyFile.set(file, readOnly: true)
            defer { try? ReadOnlyFile.set(file, readOnly: false) }
            try await TestDatabase.withOpen(.sqlite(path: file)) { readOnly in
                try await TestServer.run(sharing: readOnly) { client, services in
                    let joined = try await client.join(JoinFixtures.iOSFields("nowhere"))
                    #expect(joined.status == .serviceUnavailable)
                    #expect(joined.headers[.retryAfter] == "5")
                    #expect(joined.errorDetails == Self.unavailable)
                    #expect(try await services.members.find(login: "nowhere") == nil, "reading still works")
                }
            }
            try ReadOnlyFile.set(file, readOnly: false)
            let check = try await migrated.withConnection {
                try await $0.raw("PRAGMA integrity_check").first()?.decode(column: "integrity_check", as: String.self)
            }
            #expect(check == "ok")
        }
    }
}

/// Makes a file read-only for this process: by its mode for an ordinary user, with the immutable
/// attribute for root (which file modes do not stop).
enum ReadOnlyFile {
    static let isPossible: Bool = {
        guard geteuid() == 0 else { return true }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("immutable-probe-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: probe, contents: nil) else { return false }
        defer { try? FileManager.default.removeItem(atPath: probe) }
        guard (try? Self.set(probe, readOnly: true)) != nil else { return false }
        try? Self.set(probe, readOnly: false)
        return true
    }()

    static func set(_ path: String, readOnly: Bool) throws {
        if geteuid() != 0 {
            try FileManager.default.setAttributes([.posixPermissions: readOnly ? 0o444 : 0o644], ofItemAtPath: path)
            return
        }
        let chattr = Process()
        chattr.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        chattr.arguments = [readOnly ? "+i" : "-i", path]
        chattr.standardError = FileHandle.nullDevice
        try chattr.run()
        chattr.waitUntilExit()
        guard chattr.terminationStatus == 0 else { throw TestFailure("chattr \(readOnly ? "+i" : "-i") failed") }
    }
}

/// Requests whose framing is broken get a 400 or 413 envelope, never a 500, and nothing of them
/// reaches a hook.
@Suite struct FramingTests {
    static let login = "POST /data/endpoint.php?hook_type=account&hook=login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    static let incomplete = #""error_details":"The request body was cut short or badly framed; send the whole request again.""#

    @Test func aBodyShorterThanItsLengthThenACloseIsA400() async throws {
        try await TestServer.run(framework: .live) { client, _ in
            let port = try #require(client.port)
            let answer = try await RawHTTP.exchange(
                port: port, Self.login + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nusername=a", halfClose: true
            )
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
            #expect(answer.contains(Self.incomplete), "\(answer)")
        }
    }

    @Test func malformedChunkSizesAreA400() async throws {
        try await TestServer.run(framework: .live) { client, _ in
            let port = try #require(client.port)
            let answer = try await RawHTTP.exchange(
                port: port, Self.login + "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nusername=a\r\n0\r\n\r\n"
            )
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
            #expect(answer.contains(Self.incomplete), "\(answer)")
        }
    }

    @Test func anOversizeChunkedBodyIsA413Envelope() async throws {
        try await TestServer.run(framework: .live) { client, _ in
            let port = try #require(client.port)
            let chunk = String(repeating: "a", count: 64 * 1024)
            let chunks = String(repeating: "10000\r\n" + chunk + "\r\n", count: 48)
            let answer = try await RawHTTP.exchange(
                port: port, Self.login + "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks + "0\r\n\r\n"
            )
            #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer.prefix(300))")
            #expect(answer.contains(#""error_details":"The request is too large; the limit is 2097152 bytes.""#))
        }
    }
}
