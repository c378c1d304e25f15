@preconcurrency import AsyncKit
import Foundation
import Logging
import NIOCore
import NIOPosix
import SQLiteKit

/// Opens connections to the SQLite file with the settings a multi-connection server needs.
///
/// sqlite-kit's own source only turns foreign keys on; every connection here also waits for locks
/// (`busy_timeout`) instead of failing at once, and the file runs in WAL mode so readers never block
/// the writer.
///
/// SQLite calls block a thread, and a connection waiting for the write lock blocks its thread for up
/// to the busy timeout. If every thread were taken by such waiters, the connection holding the lock
/// could not run its next statement to release it: a deadlock until the timeout. So the connections
/// get their own thread pool with a thread for each of them (not sqlite-nio's shared two-thread pool).
struct SQLiteFileSource: ConnectionPoolSource {
    /// SQLite's own page cache per connection (`cache_size`), in KiB. The operating system caches the
    /// file anyway; with SQLite's default (2 MiB a connection) a server under a write-heavy mix grew
    /// from 88 to 123 MB over eight minutes before levelling off (`bench/soak.sh`), with 128 KiB it
    /// stayed flat (87.5 → 87.8 MB) at the same throughput within 4%.
    static let pageCacheKiB = 128

    let path: String
    let busyTimeoutMilliseconds: Int
    let threadPool: NIOThreadPool
    private let inner: SQLiteConnectionSource
    private let connections = SQLiteConnections()

    /// - Parameter maximumConnections: how many connections the pool may open; one thread each.
    init(path: String, maximumConnections: Int, busyTimeoutMilliseconds: Int = 5_000) {
        self.path = path
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.threadPool = NIOThreadPool(numberOfThreads: max(1, maximumConnections))
        self.threadPool.start()
        self.inner = SQLiteConnectionSource(
            configuration: .init(storage: .file(path: path), enableForeignKeys: true),
            threadPool: self.threadPool
        )
    }

    func makeConnection(logger: Logger, on eventLoop: any EventLoop) -> EventLoopFuture<PooledSQLiteConnection> {
        let connections = self.connections
        return connections.track(
            self.inner.makeConnection(logger: logger, on: eventLoop).flatMap { connection in
                let pooled = PooledSQLiteConnection(connection, in: connections)
                return connection.query("PRAGMA busy_timeout = \(self.busyTimeoutMilliseconds)")
                    .flatMap { _ in connection.query("PRAGMA journal_mode = WAL") }
                    .flatMap { _ in connection.query("PRAGMA synchronous = NORMAL") }
                    .flatMap { _ in connection.query("PRAGMA cache_size = -\(Self.pageCacheKiB)") }
                    .map { _ in pooled }
                    .flatMapError { error in pooled.close().flatMapThrowing { throw error } }
            }
        )
    }

    /// Stops the connections' threads once every connection is closed, after the pool has shut down.
    ///
    /// The pool cannot close everything itself: a connection it began to open for a request that
    /// another connection served arrives after the pool's shutdown, and the pool then closes it without
    /// waiting. A connection whose close never ran on these threads would be dropped open.
    func shutdown() async throws {
        await self.connections.closeAll()
        try await self.threadPool.shutdownGracefully()
    }

    /// Creates the folder that will hold the file, so a fresh checkout runs without set-up.
    func createParentFolder() throws {
        let folder = URL(fileURLWithPath: self.path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
}

/// A pooled SQLite connection that closes once however often it is asked to. A lease spoiled by its
/// transaction closes its connection before giving it back, and the pool closes every connection it
/// holds when it shuts down, that one included; sqlite-nio's `close()` of a closed connection
/// dereferences its nil handle (every release-build `endpoint migrate` of a fresh file crashed at
/// exit).
final class PooledSQLiteConnection: ConnectionPoolItem, Sendable {
    let connection: SQLiteConnection
    private let connections: SQLiteConnections

    init(_ connection: SQLiteConnection, in connections: SQLiteConnections) {
        self.connection = connection
        self.connections = connections
        connections.add(connection)
    }

    var eventLoop: any EventLoop { self.connection.eventLoop }
    var isClosed: Bool { self.connection.isClosed }

    func close() -> EventLoopFuture<Void> {
        self.connections.close(self.connection) ?? self.eventLoop.makeSucceededVoidFuture()
    }
}
