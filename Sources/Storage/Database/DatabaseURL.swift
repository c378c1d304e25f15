import Foundation

/// Where the site's data lives, parsed from one URL (`ENDPOINT_DATABASE_URL`).
///
/// One setting selects the engine so that switching from the embedded default to a shared PostgreSQL
/// server is a configuration change only.
public enum DatabaseURL: Sendable, Equatable, CustomStringConvertible {
    /// An SQLite file; created, with its folder, on first use.
    case sqlite(path: String)
    /// A PostgreSQL server, as `postgres://user:password@host:port/database`.
    case postgres(url: String)

    /// The embedded default: `./data/endpoint.sqlite`.
    public static let embeddedDefault = DatabaseURL.sqlite(path: "data/endpoint.sqlite")

    /// Why a database URL was refused.
    public struct ParseError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses `sqlite://PATH` (relative: `sqlite://data/x.sqlite`, absolute: `sqlite:///var/x.sqlite`)
    /// or `postgres://…` / `postgresql://…`.
    public init(parsing text: String) throws {
        if text.hasPrefix("sqlite://") {
            let path = String(text.dropFirst("sqlite://".count))
            guard !path.isEmpty else {
                throw ParseError(description: "The SQLite URL names no file: use sqlite://PATH, e.g. sqlite://data/endpoint.sqlite")
            }
            self = .sqlite(path: path)
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            self = .postgres(url: text)
        } else {
            throw ParseError(description: "Unsupported database URL; use sqlite://PATH or postgres://user:password@host:port/database")
        }
    }

    /// The URL with any password hidden, for logs and error messages.
    public var description: String {
        switch self {
        case .sqlite(let path):
            return "sqlite://\(path)"
        case .postgres(let url):
            guard let schemeEnd = url.range(of: "://"),
                let at = url[schemeEnd.upperBound...].lastIndex(of: "@")
            else { return url }
            let credentials = url[schemeEnd.upperBound..<at]
            guard let colon = credentials.firstIndex(of: ":") else { return url }
            return String(url[..<colon]) + ":***" + String(url[at...])
        }
    }
}
