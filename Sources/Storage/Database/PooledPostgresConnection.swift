import AsyncKit
import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresKit

/// A pooled PostgreSQL connection with the names of the statements prepared on it, which live as long
/// as it does, and an executor on its event loop.
final class PooledPostgresConnection: ConnectionPoolItem, Sendable {
    let connection: PostgresConnection
    let statements = NIOLockedValueBox(PreparedStatements())
    let executor: EventLoopTaskExecutor

    init(_ connection: PostgresConnection) {
        self.connection = connection
        self.executor = EventLoopTaskExecutor(connection.eventLoop)
    }

    var eventLoop: any EventLoop { self.connection.eventLoop }
    var isClosed: Bool { self.connection.isClosed }
    func close() -> EventLoopFuture<Void> { self.connection.close() }
}

/// postgres-kit's connection source, with an empty set of prepared statements for each connection.
struct PooledPostgresSource: ConnectionPoolSource {
    let base: PostgresConnectionSource

    func makeConnection(logger: Logger, on eventLoop: any EventLoop) -> EventLoopFuture<PooledPostgresConnection> {
        self.base.makeConnection(logger: logger, on: eventLoop).map(PooledPostgresConnection.init)
    }
}
