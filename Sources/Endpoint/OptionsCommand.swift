import ArgumentParser
import Hooks
import Messages
import Storage

/// `endpoint options`: the flags of `endpoint serve` and every config option the server declares, as
/// the Markdown tables `docs/configuration.md` holds (a test compares the two), so the documentation
/// is the declarations.
struct OptionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "options",
        abstract: "Print the server's flags and config options (values, defaults, what each does) as Markdown."
    )

    func run() {
        print(Self.flagTable(ServerFlags.all) + "\n" + Self.optionTable(ConfigOption.declared), terminator: "")
    }

    static func flagTable(_ flags: [ServerFlag]) -> String {
        var lines = [
            "## Server flags", "", "Flags of `endpoint serve` win over environment variables, which win over defaults.", "",
            "| Flag | Environment | Default | What it does |", "|---|---|---|---|",
        ]
        for flag in flags {
            lines.append("| `--\(flag.name)` | \(flag.environment.map { "`\($0)`" } ?? "") | \(flag.shownDefault) | \(flag.summary) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func optionTable(_ options: [ConfigOption]) -> String {
        var lines = ["## Config options", "", "| Option | Values | Default | A change applies | What it does |", "|---|---|---|---|---|"]
        for option in options.sorted(by: { $0.name < $1.name }) {
            let shown = option.defaultValue.isEmpty ? "(empty)" : "`\(option.defaultValue)`"
            let applies = option.effect == .atOnce ? "at once" : "at the next start"
            lines.append("| `\(option.name)` | \(Self.values(option.kind)) | \(shown) | \(applies) | \(option.summary) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func values(_ kind: ConfigOption.Kind) -> String {
        switch kind {
        case .flag: "`0` or `1`"
        case .integer(let range): "\(range.lowerBound) to \(range.upperBound)"
        case .timezone: "an IANA timezone name"
        case .language: Languages.bundled.codes.map { "`\($0)`" }.joined(separator: ", ")
        case .text(let maximumLength): "text, up to \(maximumLength) characters"
        case .list(let maximumLength): "comma-separated, up to \(maximumLength) characters"
        }
    }
}
