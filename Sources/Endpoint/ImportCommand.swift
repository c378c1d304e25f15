import ArgumentParser

/// `endpoint import …`: another site's content brought over.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring another site's members and content over.",
        subcommands: [ImportComposrCommand.self]
    )
}
