import ArgumentParser

/// `endpoint assets …`: what the Composr Mobile SDK's toolkit makes for app projects.
struct AssetsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assets",
        abstract: "App assets for the Composr Mobile SDK's projects.",
        subcommands: [AssetsExportCommand.self]
    )
}
