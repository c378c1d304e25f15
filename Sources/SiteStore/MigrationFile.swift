public import Foundation

/// One numbered SQL file, named `NNNN_description.sql`, from `migrations/common/` (SQL that runs
/// unchanged on both engines) or `migrations/<engine>/` (where the dialects must differ).
///
/// The number orders migrations across both folders and is what the database records as applied; the
/// description is for people.
public struct MigrationFile: Sendable, Equatable {
    public let version: Int
    public let name: String
    public let sql: String

    /// Why the migrations folder could not be read.
    public struct LoadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Every migration for `engine` under `folder` (the repository's `migrations/`), in order.
    public static func load(from folder: URL, engine: DatabaseEngine) throws -> [MigrationFile] {
        var files: [MigrationFile] = []
        for subfolder in ["common", engine.migrationFolder] {
            let directory = folder.appendingPathComponent(subfolder, isDirectory: true)
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            } catch {
                throw LoadError(description: "Cannot read the migrations folder \(directory.path); set ENDPOINT_MIGRATIONS or --migrations to the project's migrations/ folder.")
            }
            for name in names where name.hasSuffix(".sql") {
                guard let underscore = name.firstIndex(of: "_"), let version = Int(name[..<underscore]) else {
                    throw LoadError(description: "Migration file \(name) must be named NNNN_description.sql")
                }
                let sql = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                files.append(MigrationFile(version: version, name: name, sql: sql))
            }
        }
        files.sort { $0.version < $1.version }
        for (previous, next) in zip(files, files.dropFirst()) where previous.version == next.version {
            throw LoadError(description: "Migrations \(previous.name) and \(next.name) share the number \(next.version)")
        }
        return files
    }
}
