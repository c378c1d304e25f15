import ArgumentParser
import EndpointServer

/// One flag of `endpoint serve` (or of every database command), declared once: its long name, its
/// environment variable, its default as shown, what it does, and how its text sets what the server
/// starts with. Its `--help` text, the lookup of its environment variable, its row in
/// `docs/configuration.md` (`endpoint options`) and its reading all come from here.
struct ServerFlag: Sendable {
    /// How the flag is written.
    enum Form: Sendable {
        /// `--name VALUE` or `--name=VALUE`.
        case value
        /// `--name` or `--no-name` (its text is `true` or `false`).
        case toggle
        /// `--name VALUE`, repeatable; comma-separated in the environment.
        case list
    }

    let name: String
    let environment: String?
    let shownDefault: String
    let summary: String
    let form: Form
    /// Reads the flag's text into `configuration`, refusing a value it cannot take with a sentence for
    /// the operator. Nil for a flag another part of the command reads (the database's).
    let apply: (@Sendable (String, inout ServeConfiguration) throws -> Void)?

    init(
        _ name: String, environment: String?, default shownDefault: String, _ summary: String, form: Form = .value,
        apply: (@Sendable (String, inout ServeConfiguration) throws -> Void)? = nil
    ) {
        self.name = name
        self.environment = environment
        self.shownDefault = shownDefault
        self.summary = summary
        self.form = form
        self.apply = apply
    }

    var argumentName: NameSpecification { .customLong(self.name) }

    var help: ArgumentHelp {
        ArgumentHelp(self.helpText)
    }

    /// What it does, its environment variable and its default, as `--help` says it.
    var helpText: String {
        self.summary + (self.environment.map { " Env: \($0)." } ?? "") + " Default: \(self.shownDefault)."
    }

    /// The value of the flag's environment variable, nil when unset or empty.
    func environmentValue(_ environment: [String: String]) -> String? {
        self.environment.flatMap { environment[$0] }.flatMap { $0.isEmpty ? nil : $0 }
    }
}

extension ServerFlag {
    /// A flag setting a number of `settings` within `range`; `what` names it in the refusal ("The
    /// drain must be between 0 and 300 seconds.").
    static func integer(
        _ name: String, environment: String, default shownDefault: String? = nil, _ summary: String,
        _ keyPath: any WritableKeyPath<ServerSettings, Int> & Sendable, in range: ClosedRange<Int>, what: String, unit: String = ""
    ) -> ServerFlag {
        ServerFlag(name, environment: environment, default: shownDefault ?? String(ServerSettings()[keyPath: keyPath]), summary) { text, configuration in
            configuration.settings[keyPath: keyPath] = try Self.number(text, in: range, what: what, unit: unit)
        }
    }

    /// A flag setting a positive number of `settings`.
    static func positive(
        _ name: String, environment: String, default shownDefault: String? = nil, _ summary: String,
        _ keyPath: any WritableKeyPath<ServerSettings, Int> & Sendable, what: String
    ) -> ServerFlag {
        ServerFlag(name, environment: environment, default: shownDefault ?? String(ServerSettings()[keyPath: keyPath]), summary) { text, configuration in
            guard let value = Int(text), value > 0 else { throw ValidationError("\(what) must be a positive number, not \(text).") }
            configuration.settings[keyPath: keyPath] = value
        }
    }

    /// A flag setting a text of `settings`.
    static func text(
        _ name: String, environment: String, default shownDefault: String, _ summary: String,
        _ keyPath: any WritableKeyPath<ServerSettings, String> & Sendable
    ) -> ServerFlag {
        ServerFlag(name, environment: environment, default: shownDefault, summary) { text, configuration in configuration.settings[keyPath: keyPath] = text }
    }

    /// A flag setting a text of `settings` that is absent by default.
    static func optionalText(
        _ name: String, environment: String, default shownDefault: String, _ summary: String,
        _ keyPath: any WritableKeyPath<ServerSettings, String?> & Sendable
    ) -> ServerFlag {
        ServerFlag(name, environment: environment, default: shownDefault, summary) { text, configuration in configuration.settings[keyPath: keyPath] = text }
    }

    /// `text` as a whole number within `range`.
    static func number(_ text: String, in range: ClosedRange<Int>, what: String, unit: String = "") throws -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw ValidationError("\(what) must be between \(range.lowerBound) and \(range.upperBound)\(unit).")
        }
        return value
    }
}
