import Foundation
import NIOPosix
import TestSupport
import Testing

@testable import Storage

/// A lease spoiled by its transaction (foreign keys turned off, a failed `COMMIT`) closes its
/// connection before giving it back; the pool then holds a closed connection, which it closes again
/// when it shuts down. sqlite-nio's `close()` of a closed connection dereferences its nil handle (a
/// crash of every release-build `endpoint migrate` on a fresh SQLite file, at exit), so the pool's
/// SQLite connections close once however often they are asked to.
@Suite struct SpoiledLeaseTests {
    /// A second close does not reach sqlite-nio: with the connections' threads stopped, one that did
    /// would fail (sqlite-nio runs `close()` on them); here it succeeds without them.
    @Test func aClosedSQLiteConnectionIsNotClosedAgain() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spoiled-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = SQLiteFileSource(path: folder.appendingPathComponent("db.sqlite").path, maximumConnections: 1)
        let connection = try await source.makeConnection(logger: .init(label: "test"), on: MultiThreadedEventLoopGroup.singleton.next()).get()
        try await connection.close().get()
        #expect(connection.isClosed)
        try await source.threadPool.shutdownGracefully()
        try await connection.close().get()
    }

    /// A connection still open when the source shuts down is closed on its threads before they stop:
    /// sqlite-nio asserts in a debug build when a connection is released open (a crash of the suite).
    @Test func theSourceClosesWhatIsStillOpenBeforeItsThreadsStop() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("open-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = SQLiteFileSource(path: folder.appendingPathComponent("db.sqlite").path, maximumConnections: 2)
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let open = try await source.makeConnection(logger: .init(label: "test"), on: loop).get()
        // Opened for a request another connection served: it reaches the pool after its shutdown.
        let arriving = source.makeConnection(logger: .init(label: "test"), on: loop)
        try await source.shutdown()
        #expect(open.isClosed)
        let late = try await arriving.get()
        #expect(late.isClosed, "waited for, then closed")
        try await late.close().get()
    }

    /// The whole path on both engines: a spoiled lease is the last thing the pool holds when it
    /// shuts down, three times over, and the file is usable afterwards.
    @Test(arguments: TestDatabase.engines)
    func aDatabaseShutsDownAfterASpoiledLease(engine: DatabaseEngine) async throws {
        let url = try await TestDatabase.freshURL(engine)
        for _ in 0..<3 {
            try await Database.withOpen(url, connectionsPerEventLoop: 1) { database in
                try await database.transaction(foreignKeysOff: true) { connection in
                    try await connection.raw("CREATE TABLE IF NOT EXISTS spoiled (id INTEGER)").run()
                }
            }
        }
        let rows = try await Database.withOpen(url) { database in
            try await database.withConnection { try await $0.raw("SELECT count(*) AS n FROM spoiled").first()?.decode(column: "n", as: Int.self) }
        }
        #expect(rows == 0, "the file is still usable")
    }
}
