import ArgumentParser

/// `endpoint media …`: uploaded images from the command line.
struct MediaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media",
        abstract: "Uploaded images.",
        subcommands: [MediaAddCommand.self]
    )
}
