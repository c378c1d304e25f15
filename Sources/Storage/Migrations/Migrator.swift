public import Logging
import SQLKit

/// Brings a database's schema up to date with the SQL files in `migrations/`.
///
/// Each pending file runs in its own transaction together with the row that records it in
/// `schema_migrations`, so a failing file leaves the database exactly as it was before that file and
/// running the migrator twice is a no-op. On PostgreSQL an advisory lock makes concurrent server
/// starts take turns.
public struct Migrator: Sendable {
    private let database: Database
    private let files: [MigrationFile]
    private let logger: Logger
    private let clock: SiteClock

    /// A migration that failed; nothing of it was applied.
    public struct Failure: Error, CustomStringConvertible {
        public let file: String
        public let statement: Int
        public let underlying: any Error
        public var description: String {
            "Migration \(self.file) failed at statement \(self.statement) and was rolled back: \(String(reflecting: self.underlying))"
        }
    }

    /// - Parameter clock: what stamps each migration's `applied_at`.
    public init(database: Database, files: [MigrationFile], logger: Logger = Logger(label: "endpoint.migrations"), clock: SiteClock = .system) {
        self.database = database
        self.files = files
        self.logger = logger
        self.clock = clock
    }

    /// Applies every pending migration in order; returns the names of those applied.
    @discardableResult
    public func migrate() async throws -> [String] {
        try await self.database.withConnection { connection in
            try await connection.raw(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    applied_at BIGINT NOT NULL
                )
                """
            ).run()
        }
        var applied: [String] = []
        for file in self.files {
            if try await self.apply(file) {
                applied.append(file.name)
                self.logger.info("applied migration", metadata: ["migration": "\(file.name)"])
            }
        }
        return applied
    }

    /// The versions recorded as applied.
    public func appliedVersions() async throws -> Set<Int> {
        try await self.database.withConnection { connection in
            let rows = try await connection.raw("SELECT version FROM schema_migrations").all()
            return Set(try rows.map { try $0.decode(column: "version", as: Int.self) })
        }
    }

    /// SQLite's page cache while a migration runs, in KiB (the server's connections keep a small
    /// one, ``SQLiteFileSource/pageCacheKiB``): building an index over a large table, such as 0035's
    /// search index, re-read its pages from the file system at every step with the small one and took
    /// several times longer.
    static let sqliteMigrationCacheKiB = 262_144

    /// Sets an SQLite connection's page cache (`cache_size`, in KiB); nothing on PostgreSQL.
    private func setCache(_ kibibytes: Int, on connection: StoreConnection) async throws {
        guard self.database.engine == .sqlite else { return }
        try await connection.raw("PRAGMA cache_size = -\(unsafeRaw: String(kibibytes))").run()
    }

    private func apply(_ file: MigrationFile) async throws -> Bool {
        do {
            return try await self.applyOnce(file)
        } catch let broken as Database.BrokenForeignKeys {
            throw Failure(file: file.name, statement: SQLScript(file.sql).statements.count, underlying: broken)
        }
    }

    private func applyOnce(_ file: MigrationFile) async throws -> Bool {
        try await self.database.transaction(foreignKeysOff: file.needsForeignKeysOff) { connection in
            if self.database.engine == .postgres {
                try await connection.raw("SELECT pg_advisory_xact_lock(7273010)").run()
            }
            let done = try await connection.raw("SELECT 1 AS done FROM schema_migrations WHERE version = \(bind: file.version)").first()
            guard done == nil else { return false }
            try await self.setCache(Self.sqliteMigrationCacheKiB, on: connection)
            for (index, statement) in SQLScript(file.sql).statements.enumerated() {
                do {
                    try await connection.raw(SQLQueryString(statement)).run()
                } catch {
                    try? await self.setCache(SQLiteFileSource.pageCacheKiB, on: connection)
                    throw Failure(file: file.name, statement: index + 1, underlying: error)
                }
            }
            try await self.setCache(SQLiteFileSource.pageCacheKiB, on: connection)
            try await connection.raw(
                """
                INSERT INTO schema_migrations (version, name, applied_at)
                VALUES (\(bind: file.version), \(bind: file.name), \(bind: self.clock.now))
                """
            ).run()
            return true
        }
    }
}
