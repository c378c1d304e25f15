import ArgumentParser

/// One flag of `endpoint serve` (or of every database command), declared once: its long name, its
/// environment variable, its default as shown and what it does. Its `--help` text, the lookup of its
/// environment variable and its row in `docs/configuration.md` (`endpoint options`) come from here.
struct ServerFlag: Sendable {
    let name: String
    let environment: String?
    let shownDefault: String
    let summary: String

    init(_ name: String, environment: String?, default shownDefault: String, _ summary: String) {
        self.name = name
        self.environment = environment
        self.shownDefault = shownDefault
        self.summary = summary
    }

    var argumentName: NameSpecification { .customLong(self.name) }

    var help: ArgumentHelp {
        ArgumentHelp(self.summary + (self.environment.map { " Env: \($0)." } ?? "") + " Default: \(self.shownDefault).")
    }

    /// The value of the flag's environment variable, nil when unset or empty.
    func environmentValue(_ environment: [String: String]) -> String? {
        self.environment.flatMap { environment[$0] }.flatMap { $0.isEmpty ? nil : $0 }
    }
}
