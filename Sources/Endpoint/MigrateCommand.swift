import ArgumentParser
import Logging
import Storage

/// `endpoint migrate`: applies pending migrations and says which.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply pending database migrations (each in its own transaction; a no-op when up to date)."
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    func run() async throws {
        let logger = Logger(label: "endpoint.migrate")
        try await self.databaseOptions.withDatabase(logger: logger) { database in
            let applied = try await self.databaseOptions.migrate(database, logger: logger)
            print(applied.isEmpty ? "Database \(database.url) is up to date." : "Applied: \(applied.joined(separator: ", "))")
        }
    }
}
