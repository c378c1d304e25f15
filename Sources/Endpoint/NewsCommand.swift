import ArgumentParser

/// `endpoint news …`: the news, from the command line.
struct NewsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "news",
        abstract: "News articles.",
        subcommands: [NewsRenderCommand.self, NewsRerenderCommand.self]
    )
}
