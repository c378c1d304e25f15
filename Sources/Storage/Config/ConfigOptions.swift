import Foundation
import SQLKit

/// A snapshot of the `config` table (Composr's config options: name → value).
///
/// An immutable snapshot; ``ConfigStore`` keeps the current one for the running server.
public struct ConfigOptions: Sendable {
    private let values: [String: String]
    /// The values that are whole numbers, read once per snapshot: trimming them through Foundation's
    /// character sets at every read was 4% of the time of a repeated push registration.
    private let numbers: [String: Int]

    public init(_ values: [String: String]) {
        self.values = values
        self.numbers = values.compactMapValues { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// Reads every option.
    public static func load(from database: Database) async throws -> ConfigOptions {
        try await database.withConnection { connection in
            let rows = try await connection.raw("SELECT name, value FROM config").all()
            var values: [String: String] = [:]
            for row in rows {
                values[try row.decode(column: "name", as: String.self)] = try row.decode(column: "value", as: String.self)
            }
            return ConfigOptions(values)
        }
    }

    /// The text stored for option `name`, unchecked (what was written, for tests and tools); readers
    /// ask with a declaration instead.
    public func stored(_ name: String) -> String? {
        self.values[name]
    }

    /// An `.integer` option's value, brought within its range; its default when unset or not a number.
    public func integer(_ option: ConfigOption) -> Int {
        let fallback = Int(option.defaultValue) ?? 0
        let value = self.numbers[option.name] ?? fallback
        guard case .integer(let range) = option.kind else { return value }
        return min(max(value, range.lowerBound), range.upperBound)
    }

    /// A `.flag` option's value (Composr stores `1`/`0`); its default when unset or not a number.
    public func flag(_ option: ConfigOption) -> Bool {
        (self.numbers[option.name] ?? Int(option.defaultValue) ?? 0) != 0
    }

    /// A text, timezone or language option's value; its default when unset.
    public func text(_ option: ConfigOption) -> String {
        self.values[option.name] ?? option.defaultValue
    }

    /// A `.list` option's trimmed, non-empty items.
    public func list(_ option: ConfigOption) -> [String] {
        self.text(option).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The site's name (option `site_name`), as mails, pages and messages show it.
    public var siteName: String {
        self.text(.siteName)
    }

    /// The site's language code (option `default_language`): the language of answers when nothing
    /// else decides it, and of members who joined without naming one.
    public var defaultLanguage: String {
        self.text(.defaultLanguage)
    }
}
