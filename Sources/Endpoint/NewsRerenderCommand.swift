import ArgumentParser
import Foundation
import Logging
import News
import Storage

/// `endpoint news rerender`: renders every article's text again (after a renderer change, or to make
/// at once what the news clock would make a batch at a time after a migration), a batch to a
/// transaction, so a running server keeps serving; articles whose shown text changed are recorded in
/// the change log, so apps fetch them again.
struct NewsRerenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rerender",
        abstract: "Render every article's text again; prints how many were rendered and how many changed.",
        discussion: "Give the same --public-url as endpoint serve: links and images on it are kept site-relative."
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(name: ServerFlags.publicURL.argumentName, help: ServerFlags.publicURL.help)
    var publicURL: String?

    func run() async throws {
        let logger = Logger(label: "endpoint.news")
        let publicURL = self.publicURL ?? ServerFlags.publicURL.environmentValue(ProcessInfo.processInfo.environment) ?? ""
        let (rendered, changed) = try await self.databaseOptions.withDatabase(logger: logger) { database in
            try await self.databaseOptions.migrate(database, logger: logger)
            return try await ArticleWriter(publicURL: publicURL).rerenderAll(database, clock: .system)
        }
        print("Rendered \(rendered) \(rendered == 1 ? "article" : "articles"); \(changed) changed.")
    }
}
