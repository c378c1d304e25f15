import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresKit
import SQLKit

/// The `SQLDatabase` of one leased PostgreSQL connection: runs each statement as one prepared once on
/// that connection (see ``PreparedStatements``), and refuses a query once the connection has closed
/// rather than handing it to postgres-nio.
///
/// postgres-nio writes each query to its channel without a write promise. While the channel is active
/// its handler is in the pipeline and answers every query, failing them itself when the connection
/// closes later; but a query written after the channel closed and its handler left the pipeline is
/// dropped without an answer, and its caller waits for ever. That happened when PostgreSQL went away
/// while a request held a connection the pool had just handed out (`DatabaseOutageTests`). Checking
/// that the channel is active and writing the query in the same turn of the connection's event loop
/// leaves no such gap: postgres-nio writes at once when called there.
struct OpenPostgresConnection: SQLDatabase {
    let pooled: PooledPostgresConnection
    let base: any SQLDatabase

    init(_ pooled: PooledPostgresConnection, queryLogLevel: Logger.Level) {
        self.pooled = pooled
        self.base = pooled.connection.sql(queryLogLevel: queryLogLevel)
    }

    var logger: Logger { self.base.logger }
    var eventLoop: any EventLoop { self.base.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { self.base.version }
    var dialect: any SQLDialect { self.base.dialect }
    var queryLogLevel: Logger.Level? { self.base.queryLogLevel }

    /// What PostgreSQL answers for a prepared statement whose result columns changed type ("cached plan
    /// must not change result type", feature not supported).
    static let cachedPlanChangedResultType = "0A000"

    /// Runs the statement unnamed (the stores await the other `execute`).
    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        let connection = self.pooled.connection
        let base = self.base
        return connection.eventLoop.flatSubmit {
            guard !connection.isClosed else {
                return connection.eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel)
            }
            return base.execute(sql: query, onRow)
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let (sql, values) = self.serialize(query)
        let key = PostgresBinds(values).map { (PreparedStatements.Key(sql: sql, types: $0.types), $0) }
        guard let (key, binds) = key, let use = self.pooled.statements.withLockedValue({ $0.use(for: key) }) else {
            return try await self.execute(sql: query, onRow).get()
        }
        if let level = self.queryLogLevel {
            self.logger.log(level: level, "Executing prepared query", metadata: ["sql": .string(sql), "name": .string(use.name)])
        }
        let pooled = self.pooled
        do {
            try await withTaskExecutorPreference(pooled.executor) {
                pooled.eventLoop.assertInEventLoop()
                guard !pooled.isClosed else { throw ChannelError.ioOnClosedChannel }
                let identity = SQLPreparedStatement.Identity(name: use.name, sql: sql, types: key.types)
                let rows = try await SQLPreparedStatement.$identity.withValue(identity) {
                    try await pooled.connection.execute(SQLPreparedStatement(bindings: binds.bindings), logger: self.logger)
                }
                for try await row in rows {
                    onRow(PostgresStoreRow(row))
                }
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == Self.cachedPlanChangedResultType {
            // A migration changed a column it returns (another instance may have run it): nothing ran,
            // so the statement runs unprepared now and is prepared afresh next time.
            pooled.statements.withLockedValue { $0.forget(key) }
            return try await self.execute(sql: query, onRow).get()
        } catch {
            pooled.statements.withLockedValue { $0.record(key, succeeded: false) }
            throw error
        }
        if !use.ran {
            pooled.statements.withLockedValue { $0.record(key, succeeded: true) }
        }
    }
}
