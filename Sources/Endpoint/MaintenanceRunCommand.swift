import ArgumentParser
import EndpointServer
import Logging
import Storage

/// `endpoint maintenance run`: one maintenance sweep now, printing what it removed from each table.
struct MaintenanceRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Sweep once: ended sessions, codes a week past expiry, old rate events, old sent or failed outbox rows."
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    func run() async throws {
        let logger = Logger(label: "endpoint.maintenance")
        let removed = try await self.databaseOptions.withDatabase(logger: logger) { database in
            try await self.databaseOptions.migrate(database, logger: logger)
            return try await Maintenance.sweep(database, config: try await ConfigStore.load(from: database, clock: .system), clock: .system)
        }
        guard let removed else {
            print("Another instance is sweeping right now; nothing was removed.")
            return
        }
        for removed in removed.counts {
            print("\(removed.table)\t\(removed.count) removed")
        }
    }
}
