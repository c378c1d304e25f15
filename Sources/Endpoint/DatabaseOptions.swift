import ArgumentParser
import Foundation
import Logging
import SiteStore

/// `--database` and `--migrations`, shared by every command that touches the database.
struct DatabaseOptions: ParsableArguments {
    @Option(help: "Database URL: sqlite://PATH or postgres://user:password@host:port/db. Env: ENDPOINT_DATABASE_URL. Default: sqlite://data/endpoint.sqlite")
    var database: String?

    @Option(help: "A folder of migrations (common/, sqlite/, postgresql/) to apply instead of those built into this binary. Env: ENDPOINT_MIGRATIONS.")
    var migrations: String?

    /// The database URL from the flag, else the environment, else the embedded default.
    func databaseURL() throws -> DatabaseURL {
        guard let text = self.database ?? ProcessInfo.processInfo.environment["ENDPOINT_DATABASE_URL"], !text.isEmpty else {
            return .embeddedDefault
        }
        do {
            return try DatabaseURL(parsing: text)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// The migrations to apply to `engine`: from the folder the flag or `ENDPOINT_MIGRATIONS` names,
    /// else those built into the binary (so a copied binary works from any folder).
    func migrationFiles(for engine: DatabaseEngine) throws -> [MigrationFile] {
        guard let folder = self.migrations ?? ProcessInfo.processInfo.environment["ENDPOINT_MIGRATIONS"], !folder.isEmpty else {
            return try MigrationFile.embedded(engine: engine)
        }
        return try MigrationFile.load(from: URL(fileURLWithPath: folder, isDirectory: true), engine: engine)
    }

    /// Runs `body` with the database open, closing it afterwards whether `body` succeeds or not.
    func withDatabase<Result>(
        connectionsPerEventLoop: Int = Database.defaultConnectionsPerEventLoop, logger: Logger, _ body: (Database) async throws -> Result
    ) async throws -> Result {
        try await Database.withOpen(try self.databaseURL(), connectionsPerEventLoop: connectionsPerEventLoop, logger: logger, body)
    }

    /// Applies pending migrations; returns the names of those applied.
    @discardableResult
    func migrate(_ database: Database, logger: Logger) async throws -> [String] {
        let files = try self.migrationFiles(for: database.engine)
        return try await Migrator(database: database, files: files, logger: logger).migrate()
    }
}
