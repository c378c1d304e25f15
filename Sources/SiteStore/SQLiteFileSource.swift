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
struct SQLiteFileSource: ConnectionPoolSource {
    let path: String
    let busyTimeoutMilliseconds: Int
    private let inner: SQLiteConnectionSource

    init(path: String, busyTimeoutMilliseconds: Int = 5_000) {
        self.path = path
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.inner = SQLiteConnectionSource(
            configuration: .init(storage: .file(path: path), enableForeignKeys: true)
        )
    }

    func makeConnection(logger: Logger, on eventLoop: any EventLoop) -> EventLoopFuture<SQLiteConnection> {
        self.inner.makeConnection(logger: logger, on: eventLoop).flatMap { connection in
            connection.query("PRAGMA busy_timeout = \(self.busyTimeoutMilliseconds)")
                .flatMap { _ in connection.query("PRAGMA journal_mode = WAL") }
                .flatMap { _ in connection.query("PRAGMA synchronous = NORMAL") }
                .map { _ in connection }
                .flatMapErrorThrowing { error in
                    _ = connection.close()
                    throw error
                }
        }
    }

    /// Creates the folder that will hold the file, so a fresh checkout runs without set-up.
    func createParentFolder() throws {
        let folder = URL(fileURLWithPath: self.path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
}
