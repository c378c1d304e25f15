import Foundation
import SQLKit

/// A snapshot of the `config` table (Composr's config options: name → value).
///
/// An immutable snapshot; ``ConfigStore`` keeps the current one for the running server.
public struct ConfigOptions: Sendable {
    private let values: [String: String]

    public init(_ values: [String: String]) {
        self.values = values
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

    /// The option as a whole number, or `fallback` when unset or not a number.
    public func integer(_ name: String, default fallback: Int) -> Int {
        self.values[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? fallback
    }

    /// The option as an on/off switch (Composr stores `1`/`0`), or `fallback` when unset.
    public func flag(_ name: String, default fallback: Bool) -> Bool {
        self.values[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { $0 != 0 } ?? fallback
    }

    /// The option's text, or `fallback` when unset.
    public func string(_ name: String, default fallback: String) -> String {
        self.values[name] ?? fallback
    }

    /// The site's name (option `site_name`), as mails, pages and messages show it.
    public var siteName: String {
        self.string("site_name", default: Self.defaultSiteName)
    }

    /// The site's language code (option `default_language`): the language of answers when nothing
    /// else decides it, and of members who joined without naming one.
    public var defaultLanguage: String {
        self.string("default_language", default: "EN")
    }

    /// The name of a site that has not set `site_name` (Composr's installer default).
    public static let defaultSiteName = "Composr site"

    /// A comma-separated option as its trimmed, non-empty items.
    public func list(_ name: String) -> [String] {
        (self.values[name] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
