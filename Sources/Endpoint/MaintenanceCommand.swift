import ArgumentParser
import Storage

/// `endpoint maintenance …`: the database upkeep the server also does by itself.
struct MaintenanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "maintenance",
        abstract: "Database upkeep.",
        subcommands: [MaintenanceRunCommand.self]
    )
}
