import Logging
import NIOCore
import PostgresKit
import SQLKit

/// The `SQLDatabase` of one leased PostgreSQL connection, which refuses a query once the connection
/// has closed rather than handing it to postgres-nio.
///
/// postgres-nio writes each query to its channel without a write promise. While the channel is active
/// its handler is in the pipeline and answers every query, failing them itself when the connection
/// closes later; but a query written after the channel closed and its handler left the pipeline is
/// dropped without an answer, and its caller waits for ever. That happened when PostgreSQL went away
/// while a request held a connection the pool had just handed out (`DatabaseOutageTests`). Checking
/// that the channel is active and writing the query in the same turn of the connection's event loop
/// leaves no such gap: postgres-kit's future-returning `execute` writes at once when called there.
struct OpenPostgresConnection: SQLDatabase {
    let connection: PostgresConnection
    let base: any SQLDatabase

    init(_ connection: PostgresConnection, queryLogLevel: Logger.Level) {
        self.connection = connection
        self.base = connection.sql(queryLogLevel: queryLogLevel)
    }

    var logger: Logger { self.base.logger }
    var eventLoop: any EventLoop { self.base.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { self.base.version }
    var dialect: any SQLDialect { self.base.dialect }
    var queryLogLevel: Logger.Level? { self.base.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        let connection = self.connection
        let base = self.base
        return connection.eventLoop.flatSubmit {
            guard !connection.isClosed else {
                return connection.eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel)
            }
            return base.execute(sql: query, onRow)
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try await self.execute(sql: query, onRow).get()
    }
}
