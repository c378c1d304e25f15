import ArgumentParser
import Foundation
import Messages

/// `endpoint strings export`: writes every user-facing message of one language (or all) as iOS,
/// Android or JSON string resources keyed by Composr's IDs, so an app shows the server's sentences
/// offline (what the Composr mobile SDK toolkit's `language` command does for its apps).
struct StringsExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the messages as Localizable.strings/.stringsdict, strings.xml or JSON.",
        discussion: """
            iOS: <tag>.lproj/Localizable.strings and Localizable.stringsdict (plurals). Android:
            values-<tag>/strings.xml (<plurals> where a sentence counts). JSON: <tag>.json in Composr's
            template syntax ({1}, {1|one|many}).
            """
    )

    @Option(help: "The language code or tag (EN, fr, de-AT…); every language when omitted.")
    var language: String?

    @Option(
        help: "ios, android or json.",
        transform: { text in
            guard let format = StringsExport.Format(rawValue: text.lowercased()) else {
                throw ValidationError("The format must be ios, android or json, not ‘\(text)’.")
            }
            return format
        })
    var format: StringsExport.Format

    @Option(help: "The folder to write into (created when missing).")
    var output = "."

    func run() throws {
        let languages = Languages.bundled
        let catalogs: [MessageCatalog]
        if let language {
            guard let catalog = languages.catalog(named: language) else {
                throw CommandFailure("There is no language ‘\(language)’ on this server; it has \(languages.codes.joined(separator: ", ")).")
            }
            catalogs = [catalog]
        } else {
            catalogs = languages.catalogs
        }
        let root = URL(fileURLWithPath: self.output, isDirectory: true)
        for catalog in catalogs {
            for file in StringsExport.files(catalog, format: self.format) {
                let url = root.appending(path: file.path)
                do {
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(file.contents.utf8).write(to: url, options: .atomic)
                } catch {
                    throw CommandFailure("Could not write \(url.path): \(error.localizedDescription)")
                }
                print(url.path)
            }
        }
    }
}
