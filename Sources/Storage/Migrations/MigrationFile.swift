public import Foundation

/// One numbered SQL file, named `NNNN_description.sql`, from `migrations/common/` (SQL that runs
/// unchanged on both engines) or `migrations/<engine>/` (where the dialects must differ).
///
/// The number orders migrations across both folders and is what the database records as applied; the
/// description is for people. The repository's `migrations/` folder is embedded in the binary at build
/// time (see `embedded-data.txt`), so a copied binary migrates without it; a folder on disk can still
/// replace it (`--migrations`, `ENDPOINT_MIGRATIONS`).
public struct MigrationFile: Sendable, Equatable {
    public let version: Int
    public let name: String
    public let sql: String

    /// The line that makes an SQLite migration run with foreign keys off (needed to rebuild a table
    /// others refer to: with them on, renaming or dropping it rewrites or cascades into those tables);
    /// the migration must leave no broken reference, which is checked before it commits.
    public static let foreignKeysOffDirective = "-- migrate: foreign keys off"

    /// Whether the file asks to run with foreign keys off (``foreignKeysOffDirective`` on a line of its own).
    public var needsForeignKeysOff: Bool {
        self.sql.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == Self.foreignKeysOffDirective }
    }

    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }

    /// Why the migrations could not be read.
    public struct LoadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Every migration for `engine` built into this binary, in order.
    public static func embedded(engine: DatabaseEngine) throws -> [MigrationFile] {
        var files: [(name: String, sql: String)] = []
        for subfolder in Self.subfolders(engine) {
            let prefix = "migrations/\(subfolder)/"
            for path in EmbeddedData.files.keys where path.hasPrefix(prefix) && !path.dropFirst(prefix.count).contains("/") {
                files.append((String(path.dropFirst(prefix.count)), EmbeddedData.text(path) ?? ""))
            }
        }
        return try Self.ordered(files)
    }

    /// Every migration for `engine` under `folder` (a copy of the repository's `migrations/`), in order.
    public static func load(from folder: URL, engine: DatabaseEngine) throws -> [MigrationFile] {
        var files: [(name: String, sql: String)] = []
        for subfolder in Self.subfolders(engine) {
            let directory = folder.appendingPathComponent(subfolder, isDirectory: true)
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            } catch {
                throw LoadError(description: "Cannot read the migrations folder \(directory.path).")
            }
            for name in names {
                files.append((name, try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)))
            }
        }
        return try Self.ordered(files)
    }

    private static func subfolders(_ engine: DatabaseEngine) -> [String] {
        ["common", engine.migrationFolder]
    }

    /// The `.sql` files among `files`, checked for their names and sorted by number.
    private static func ordered(_ files: [(name: String, sql: String)]) throws -> [MigrationFile] {
        var migrations: [MigrationFile] = []
        for (name, sql) in files where name.hasSuffix(".sql") {
            guard let underscore = name.firstIndex(of: "_"), let version = Int(name[..<underscore]) else {
                throw LoadError(description: "Migration file \(name) must be named NNNN_description.sql")
            }
            migrations.append(MigrationFile(version: version, name: name, sql: sql))
        }
        migrations.sort { $0.version < $1.version }
        for (previous, next) in zip(migrations, migrations.dropFirst()) where previous.version == next.version {
            throw LoadError(description: "Migrations \(previous.name) and \(next.name) share the number \(next.version)")
        }
        return migrations
    }
}
