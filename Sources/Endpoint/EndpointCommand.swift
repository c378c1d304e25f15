import ArgumentParser

/// The `endpoint` command-line tool: runs the server and administers its database.
@main
struct EndpointCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "endpoint",
        abstract: "A Composr-compatible mobile API server (/data/endpoint.php).",
        subcommands: [
            ServeCommand.self, MigrateCommand.self, MemberCommand.self, MailCommand.self, PushCommand.self, StringsCommand.self,
            MaintenanceCommand.self, OptionsCommand.self, MediaCommand.self, NewsCommand.self, AssetsCommand.self, ImportCommand.self,
            RenderChildCommand.self,
        ]
    )
}
