import ArgumentParser
import Foundation
import News
import RichText

/// `endpoint news render FILE`: shows what an article's text renders to, as the server renders it
/// (the allowlist, a quote's "said" in `--language`, page links), without a database: images of the
/// media library are not looked up (a `media:<id>` image is listed as dropped). `--repeat` times it.
struct NewsRenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Print the HTML a text renders to as an article's body (what was left out to standard error).",
        discussion: "FILE - reads standard input. --repeat N renders it N times and prints the median and longest time to standard error."
    )

    @Argument(help: "The text, or - for standard input.")
    var file: String

    @Option(help: "text, markdown or comcode.")
    var format: String = "comcode"

    @Option(name: ServerFlags.publicURL.argumentName, help: ServerFlags.publicURL.help)
    var publicURL: String?

    @Option(help: "The site's language (a quote's \"said\").")
    var language: String = "EN"

    @Option(help: "Render it this many times and print how long it took.")
    var `repeat`: Int = 1

    func run() async throws {
        guard let format = TextFormat(rawValue: self.format) else { throw ValidationError("--format is text, markdown or comcode, not \(self.format).") }
        guard (1...10_000).contains(self.repeat) else { throw ValidationError("--repeat is from 1 to 10000.") }
        let data = self.file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: self.file)
        guard let data else { throw CommandFailure("Cannot read \(self.file).") }
        let text = String(decoding: data, as: UTF8.self)
        let publicURL = self.publicURL ?? ServerFlags.publicURL.environmentValue(ProcessInfo.processInfo.environment) ?? ""
        let renderer = ArticleRendering.renderer(publicURL: publicURL, language: self.language)
        var times: [Duration] = []
        var rendered: RenderedText?
        do {
            for _ in 0..<self.repeat {
                let clock = ContinuousClock()
                let start = clock.now
                rendered = try renderer.render(text, format: format)
                times.append(clock.now - start)
            }
        } catch TextRefused.tooDeep(let maximum) {
            throw CommandFailure("The text nests its markup more than \(maximum) levels deep.")
        } catch TextRefused.tooManyTableCells(let maximum) {
            throw CommandFailure("The text's tables have more than \(maximum) cells in all.")
        } catch {
            throw CommandFailure("The text could not be rendered.")
        }
        guard let rendered else { return }
        print(rendered.html)
        if !rendered.dropped.isEmpty { FileHandle.standardError.write(Data("Dropped: \(rendered.dropped.joined(separator: ", "))\n".utf8)) }
        if self.repeat > 1 {
            let sorted = times.sorted()
            let line =
                "Rendered \(text.unicodeScalars.count) characters \(self.repeat) times: median \(Self.milliseconds(sorted[sorted.count / 2])) ms, longest \(Self.milliseconds(sorted[sorted.count - 1])) ms\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }

    private static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.2f", Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15)
    }
}
