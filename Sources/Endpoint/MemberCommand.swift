import ArgumentParser

/// `endpoint member …`: account administration from the shell.
struct MemberCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "member",
        abstract: "Manage member accounts.",
        subcommands: [
            MemberAddCommand.self, MemberPasswordCommand.self, MemberSessionsCommand.self, MemberGrantAdminCommand.self, MemberRevokeAdminCommand.self,
        ]
    )
}
