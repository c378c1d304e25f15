import ArgumentParser

/// `endpoint strings …`: the server's sentences for apps.
struct StringsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strings",
        abstract: "Export the server's messages as app string resources.",
        subcommands: [StringsExportCommand.self]
    )
}
