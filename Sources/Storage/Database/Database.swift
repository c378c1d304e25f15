@preconcurrency import AsyncKit
public import Logging
import Metrics
import NIOConcurrencyHelpers
public import NIOCore
public import NIOPosix
import PostgresKit
import SQLKit
import SQLiteKit
import Synchronization

/// The site's database: a connection pool for one engine, lent out one connection at a time.
///
/// Hooks and stores never see the pool or the driver; they get an `SQLDatabase` bound to one
/// connection for the length of a closure, which is what a transaction needs and what keeps the
/// SQL identical on SQLite and PostgreSQL.
public final class Database: Sendable {
    /// Which engine this is, for the few dialect-specific decisions.
    public let engine: DatabaseEngine
    /// The URL it was opened from (password hidden when printed).
    public let url: DatabaseURL
    private let pool: Pool
    private let logger: Logger
    private let isShutDown = NIOLockedValueBox(false)
    /// Set once ``shutdown()`` began: no lease starts after it.
    private let isShuttingDown = Atomic<Bool>(false)
    /// Leases started and not finished (a connection being requested, made or used), which
    /// ``shutdown()`` waits for: the pool's threads must not stop under a connection being opened.
    private let leasesInProgress = Atomic<Int>(0)
    /// Whether the last use of the database worked, so that an outage and the recovery are each
    /// logged once rather than once per request.
    private let isAvailable = Atomic<Bool>(true)
    /// Connections lent out right now (for the metrics).
    private let lent = Synchronization.Atomic<Int>(0)
    /// Connections lent since the pool opened: what a use case costs in units of work.
    private let lendings = Synchronization.Atomic<Int>(0)
    /// `endpoint_database_lendings_total`, made on first use (after the metrics system is bootstrapped).
    private static let lendingsCounter = Counter(label: "endpoint_database_lendings_total")
    /// Whether caches in front of this database may answer (see ``CacheTrust``).
    public let cacheTrust = CacheTrust()
    /// Told what committed writes made stale (``whenStale(_:)``).
    private let staleHandler = NIOLockedValueBox<(@Sendable ([CacheAnnouncement]) -> Void)?>(nil)

    private enum Pool: @unchecked Sendable {
        case sqlite(EventLoopGroupConnectionPool<SQLiteFileSource>)
        case postgres(EventLoopGroupConnectionPool<PooledPostgresSource>)
    }

    /// Pooled connections per NIO event loop unless told otherwise (`--database-connections`): the
    /// size `bench/pool.sh` measured best on both engines (docs/operations.md, "Database connections").
    public static let defaultConnectionsPerEventLoop = 4

    /// Opens a pool for `url`. No connection is made until the first query.
    ///
    /// - Parameters:
    ///   - url: where the data lives.
    ///   - connectionsPerEventLoop: pool size per NIO event loop.
    ///   - logger: receives driver logs; queries are logged at trace level only.
    public init(
        url: DatabaseURL,
        connectionsPerEventLoop: Int = Database.defaultConnectionsPerEventLoop,
        logger: Logger = Logger(label: "endpoint.database"),
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) throws {
        self.url = url
        self.logger = logger
        switch url {
        case .sqlite(let path):
            let loops = Array(eventLoopGroup.makeIterator()).count
            let source = SQLiteFileSource(path: path, maximumConnections: loops * connectionsPerEventLoop)
            try source.createParentFolder()
            self.engine = .sqlite
            self.pool = .sqlite(
                EventLoopGroupConnectionPool(
                    source: source, maxConnectionsPerEventLoop: connectionsPerEventLoop, logger: logger, on: eventLoopGroup
                ))
        case .postgres(let text):
            var configuration = try SQLPostgresConfiguration(url: text)
            // A server that does not answer is reported within seconds (503), not after the driver's
            // default ten.
            configuration.coreConfiguration.options.connectTimeout = .seconds(2)
            self.engine = .postgres
            self.pool = .postgres(
                EventLoopGroupConnectionPool(
                    source: PooledPostgresSource(base: PostgresConnectionSource(sqlConfiguration: configuration)),
                    maxConnectionsPerEventLoop: connectionsPerEventLoop, requestTimeout: .seconds(3), logger: logger, on: eventLoopGroup
                ))
        }
    }

    /// The settings of the pooled PostgreSQL connections (nil on SQLite), for a connection of its own
    /// such as the cache announcements' listener.
    var postgresConfiguration: PostgresConnection.Configuration? {
        guard case .postgres(let pool) = self.pool else { return nil }
        return pool.source.base.sqlConfiguration.coreConfiguration
    }

    /// Opens a pool for `url`, runs `body` with it and closes it afterwards, whether `body` succeeds or
    /// not (for commands and tests that use a database for one job).
    public static func withOpen<Result>(
        _ url: DatabaseURL,
        connectionsPerEventLoop: Int = Database.defaultConnectionsPerEventLoop,
        logger: Logger = Logger(label: "endpoint.database"),
        _ body: (Database) async throws -> Result
    ) async throws -> Result {
        let database = try Database(url: url, connectionsPerEventLoop: connectionsPerEventLoop, logger: logger)
        do {
            let result = try await body(database)
            await database.shutdown()
            return result
        } catch {
            await database.shutdown()
            throw error
        }
    }

    /// How many pooled connections are lent out right now.
    public var connectionsInUse: Int {
        self.lent.load(ordering: .relaxed)
    }

    /// How many times a pooled connection was lent since the pool opened (a flow borrows one per unit
    /// of work: `endpoint_database_lendings_total`).
    public var connectionsLent: Int {
        self.lendings.load(ordering: .relaxed)
    }

    /// Runs `body` with one pooled connection, returned to the pool afterwards.
    ///
    /// A database that cannot be used right now (see ``DatabaseUnavailable``) throws
    /// ``DatabaseUnavailable`` whatever the driver said; other errors pass through unchanged.
    ///
    /// What its writes made stale is handed over when `body` ends, thrown or not: outside a
    /// transaction each statement commits on its own.
    public func withConnection<Result>(_ body: (StoreConnection) async throws -> Result) async throws -> Result {
        let marks = StaleMarks()
        defer { self.handOver(marks) }
        return try await self.withLease { try await body(StoreConnection($0.sql, marks: marks)) }
    }

    /// Has `handler` told, after each commit, what the committed writes made stale (the composition
    /// root's cache eviction: this instance forgets at once whatever face wrote). One handler; a later
    /// one replaces it.
    public func whenStale(_ handler: @escaping @Sendable ([CacheAnnouncement]) -> Void) {
        self.staleHandler.withLockedValue { $0 = handler }
    }

    /// Hands `marks` to the handler, if there are any.
    private func handOver(_ marks: StaleMarks) {
        let stale = marks.take()
        guard !stale.isEmpty, let handler = self.staleHandler.withLockedValue({ $0 }) else { return }
        handler(stale)
    }

    /// A leased connection: its SQL, and whether it must be closed rather than lent again.
    private final class Lease {
        let sql: any SQLDatabase
        var isSpoiled = false

        init(_ sql: any SQLDatabase) {
            self.sql = sql
        }
    }

    /// ``withConnection(_:)`` with the lease itself, so a transaction can spoil its connection.
    private func withLease<Result>(_ body: (Lease) async throws -> Result) async throws -> Result {
        self.leasesInProgress.add(1, ordering: .sequentiallyConsistent)
        defer { self.leasesInProgress.subtract(1, ordering: .sequentiallyConsistent) }
        do {
            if self.isShuttingDown.load(ordering: .sequentiallyConsistent) { throw ConnectionPoolError.shutdown }
            let result: Result
            switch self.pool {
            case .sqlite(let pool):
                result = try await Self.lease(pool, logger: self.logger, lent: self.lent, lendings: self.lendings, body) {
                    Lease($0.connection.sql(queryLogLevel: .trace))
                }
            case .postgres(let pool):
                result = try await Self.lease(pool, logger: self.logger, lent: self.lent, lendings: self.lendings, body) {
                    Lease(OpenPostgresConnection($0, queryLogLevel: .trace))
                }
            }
            if !self.isAvailable.load(ordering: .relaxed), self.isAvailable.exchange(true, ordering: .relaxed) == false {
                self.logger.notice("database available again")
            }
            return result
        } catch {
            guard let unavailable = DatabaseUnavailable.recognize(error) else { throw error }
            if self.isAvailable.exchange(false, ordering: .relaxed) {
                self.logger.error("database unavailable; answering 503 until it is back", metadata: ["error": "\(unavailable)"])
            }
            throw unavailable
        }
    }

    /// Runs `body` inside a transaction on one connection: committed when `body` returns, rolled back
    /// when it throws (the error is rethrown). What its writes made stale is handed over after the
    /// `COMMIT`, and forgotten on a rollback. On SQLite the write lock is taken up front
    /// (`BEGIN IMMEDIATE`) so two writers queue instead of failing to upgrade their locks.
    ///
    /// A `COMMIT` that fails leaves the connection's transaction in an unknown state: it is rolled back
    /// and the connection closed, so the pool never lends out a connection with a transaction open.
    ///
    /// - Parameter foreignKeysOff: on SQLite, runs with foreign keys off (a table others refer to can
    ///   then be rebuilt) and refuses to commit when `PRAGMA foreign_key_check` finds a broken
    ///   reference; ignored on PostgreSQL.
    public func transaction<Result>(foreignKeysOff: Bool = false, _ body: (StoreConnection) async throws -> Result) async throws -> Result {
        let pausesForeignKeys = foreignKeysOff && self.engine == .sqlite
        let marks = StaleMarks()
        let result = try await self.withLease { lease in
            let connection = lease.sql
            if pausesForeignKeys {
                // Foreign keys come back on with a fresh connection: this one is not lent again.
                lease.isSpoiled = true
                try await connection.raw("PRAGMA foreign_keys = OFF").run()
            }
            try await connection.raw(self.engine == .sqlite ? "BEGIN IMMEDIATE" : "BEGIN").run()
            let result: Result
            do {
                result = try await body(StoreConnection(connection, marks: marks))
                if pausesForeignKeys, try await connection.raw("PRAGMA foreign_key_check").first() != nil { throw BrokenForeignKeys() }
            } catch {
                try? await connection.raw("ROLLBACK").run()
                throw error
            }
            do {
                try await connection.raw("COMMIT").run()
            } catch {
                try? await connection.raw("ROLLBACK").run()
                lease.isSpoiled = true
                throw error
            }
            return result
        }
        self.handOver(marks)
        return result
    }

    /// A transaction run with foreign keys off left a reference to a row that is not there.
    public struct BrokenForeignKeys: Error, CustomStringConvertible {
        public var description: String { "it leaves a reference to a row that is not there (PRAGMA foreign_key_check)" }
    }

    /// Whether the database answers a trivial query (for `/healthz`).
    public func isReachable() async -> Bool {
        do {
            return try await self.withConnection { try await $0.raw("SELECT 1 AS one").first() != nil }
        } catch {
            self.logger.warning("database health check failed", metadata: ["error": "\(String(reflecting: error))"])
            return false
        }
    }

    /// Closes every pooled connection, after the server has stopped. Later calls do nothing.
    public func shutdown() async {
        let alreadyShutDown = self.isShutDown.withLockedValue { done in
            defer { done = true }
            return done
        }
        guard !alreadyShutDown else { return }
        // Leases under way finish first (a few seconds at most): a connection being opened while the
        // SQLite threads stop would be dropped unclosed.
        self.isShuttingDown.store(true, ordering: .sequentiallyConsistent)
        let deadline = ContinuousClock.now + .seconds(5)
        while self.leasesInProgress.load(ordering: .sequentiallyConsistent) > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        do {
            switch self.pool {
            case .sqlite(let pool):
                try await pool.shutdownAsync()
                try await pool.source.shutdown()
            case .postgres(let pool):
                try await pool.shutdownAsync()
            }
        } catch {
            self.logger.warning("database pool shutdown failed", metadata: ["error": "\(error)"])
        }
    }

    private static func lease<Source: ConnectionPoolSource, Result>(
        _ pool: EventLoopGroupConnectionPool<Source>,
        logger: Logger,
        lent: borrowing Synchronization.Atomic<Int>,
        lendings: borrowing Synchronization.Atomic<Int>,
        _ body: (Lease) async throws -> Result,
        lease: (Source.Connection) -> Lease
    ) async throws -> Result {
        // The connection is handed from the event loop that lends it to this task through a lock, not
        // only through the future: ThreadSanitizer cannot see the order the Swift runtime gives a
        // continuation resumed before its task awaits it (scripts/tsan-suppressions.txt), and would
        // report this task's first use of the connection as a race with the event loop's last.
        let handoff = NIOLock()
        let connection = try await pool.requestConnection(logger: logger).map { lent in handoff.withLock { lent } }.get()
        handoff.withLock {}
        lent.add(1, ordering: .relaxed)
        lendings.add(1, ordering: .relaxed)
        Self.lendingsCounter.increment()
        let leased = lease(connection)
        defer {
            lent.subtract(1, ordering: .relaxed)
            pool.releaseConnection(connection, logger: logger)
        }
        do {
            let result = try await body(leased)
            if leased.isSpoiled { try? await connection.close().get() }
            return result
        } catch {
            if leased.isSpoiled { try? await connection.close().get() }
            throw error
        }
    }
}
