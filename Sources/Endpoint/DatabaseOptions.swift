import ArgumentParser
import Foundation
import Logging
import Storage

/// `--database` and `--migrations`, shared by every command that touches the database.
struct DatabaseOptions: ParsableArguments {
    @Option(name: ServerFlags.database.argumentName, help: ServerFlags.database.help)
    var database: String?

    @Option(name: ServerFlags.migrations.argumentName, help: ServerFlags.migrations.help)
    var migrations: String?

    /// The database URL from the flag, else the environment, else the embedded default.
    func databaseURL() throws -> DatabaseURL {
        guard let text = self.database ?? ServerFlags.database.environmentValue(ProcessInfo.processInfo.environment), !text.isEmpty else {
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
        guard let folder = self.migrations ?? ServerFlags.migrations.environmentValue(ProcessInfo.processInfo.environment), !folder.isEmpty else {
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
