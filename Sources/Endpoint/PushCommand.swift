import ArgumentParser

/// `endpoint push …`: push notifications from admin scripts.
struct PushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Send push notifications.",
        subcommands: [PushSendCommand.self]
    )
}
