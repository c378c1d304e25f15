/// The SQL engine behind a ``Database``.
///
/// Queries are written once for both engines; the few places where the dialects must differ
/// (migrations, reading constraint names out of errors) switch on this.
public enum DatabaseEngine: String, Sendable {
    case sqlite
    case postgres

    /// The folder under `migrations/` holding this engine's SQL files.
    public var migrationFolder: String {
        switch self {
        case .sqlite: "sqlite"
        case .postgres: "postgresql"
        }
    }
}
