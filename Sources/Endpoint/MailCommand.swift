import ArgumentParser

/// `endpoint mail …`: looks into the mail outbox (what was sent, what is waiting, what failed).
struct MailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mail",
        abstract: "Inspect the mail outbox.",
        subcommands: [MailListCommand.self, MailShowCommand.self]
    )
}
