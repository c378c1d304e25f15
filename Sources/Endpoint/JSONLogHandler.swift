import Foundation
import Logging

/// Writes each log entry as one JSON object on one line: `time` (ISO 8601, UTC, milliseconds), `level`,
/// `label`, `message`, and every metadata key at the top level as a string (the logger's own, then the
/// entry's). Keys are sorted, so lines compare and grep the same way every time.
struct JSONLogHandler: LogHandler {
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    let label: String
    /// Receives each finished line, newline included, in one piece (so lines from several threads
    /// never interleave on a pipe).
    let write: @Sendable (String) -> Void

    init(label: String, write: @escaping @Sendable (String) -> Void) {
        self.label = label
        self.write = write
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { self.metadata[key] }
        set { self.metadata[key] = newValue }
    }

    func log(
        level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String, file: String, function: String, line: UInt
    ) {
        var object: [String: String] = [:]
        for (key, value) in self.metadata.merging(metadata ?? [:], uniquingKeysWith: { $1 }) { object[key] = Self.text(value) }
        object["time"] = Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        object["level"] = level.rawValue
        object["label"] = self.label
        object["message"] = message.description
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        self.write(String(decoding: data, as: UTF8.self) + "\n")
    }

    private static func text(_ value: Logger.Metadata.Value) -> String {
        switch value {
        case .string(let text): text
        case .stringConvertible(let convertible): convertible.description
        case .array, .dictionary: value.description
        }
    }
}
