import ArgumentParser
import EndpointServer
import Foundation
import Logging

/// What `endpoint serve` starts with: the server's settings and how it logs, read from its flags,
/// then the environment, then the defaults (``ServerFlags``).
struct ServeConfiguration: Sendable {
    var settings = ServerSettings()
    var logLevel = Logger.Level.info
    var logFormat = LogFormat.text
    /// `stderr`, `stdout`, `off` or a file's path.
    var accessLog = "stderr"
    /// Nil: the log's own format.
    var accessLogFormat: AccessLogFormat?

    /// The configuration `arguments` (the flags as typed) and `environment` make: every flag of
    /// ``ServerFlags/all`` given is read, else its environment variable. An unknown flag, a flag
    /// without its value, and a value a flag cannot take are refused with a sentence.
    init(arguments: [String], environment: [String: String]) throws {
        var given: [String: [String]] = [:]
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else { throw ValidationError("Unexpected argument \(argument).") }
            let written = argument.dropFirst(2)
            let (name, inline) =
                written.firstIndex(of: "=").map { (String(written[..<$0]), String(written[written.index(after: $0)...])) } ?? (String(written), nil)
            if let flag = ServerFlags.byName[name], flag.form == .toggle, inline == nil {
                given[name, default: []].append("true")
            } else if name.hasPrefix("no-"), let flag = ServerFlags.byName[String(name.dropFirst(3))], flag.form == .toggle, inline == nil {
                given[flag.name, default: []].append("false")
            } else if let flag = ServerFlags.byName[name], flag.apply != nil {
                guard let value = inline ?? remaining.popFirst() else { throw ValidationError("--\(name) needs a value.") }
                given[flag.name, default: []].append(value)
            } else {
                throw ValidationError("Unknown flag --\(name); see endpoint serve --help.")
            }
        }
        for flag in ServerFlags.all {
            guard let apply = flag.apply else { continue }
            let values =
                given[flag.name]
                ?? flag.environmentValue(environment).map { text in
                    flag.form == .list ? text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : [text]
                } ?? []
            for value in values where !(flag.form == .list && value.isEmpty) { try apply(value, &self) }
        }
        try self.settings.checkTogether()
    }
}

extension ServerSettings {
    /// The rules between two settings (each flag checks its own value).
    fileprivate func checkTogether() throws {
        if let port = self.metricsPort, port == self.port { throw ValidationError("The metrics port must differ from the server's port.") }
    }
}
