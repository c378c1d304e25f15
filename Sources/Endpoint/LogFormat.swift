import ArgumentParser
import Foundation
import Logging

/// How `serve` writes log lines to standard error: `text` for people (swift-log's stream format),
/// `json` for log collectors (one object per line, see ``JSONLogHandler``).
enum LogFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text
    case json

    /// Makes every logger of the process write in this format from `level` up.
    func bootstrap(level: Logger.Level) {
        LoggingSystem.bootstrap { label in
            switch self {
            case .text:
                var handler = TextLogHandler(stream: StreamLogHandler.standardError(label: label))
                handler.logLevel = level
                return handler
            case .json:
                var handler = JSONLogHandler(label: label) { line in FileHandle.standardError.write(Data(line.utf8)) }
                handler.logLevel = level
                return handler
            }
        }
    }
}
