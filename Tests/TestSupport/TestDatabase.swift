import Foundation
import Logging
import SQLKit
import Storage

/// Fresh, migrated databases for tests: a new SQLite file in a temporary folder, or a new database on
/// the PostgreSQL server named by `ENDPOINT_TEST_POSTGRES_URL` (which `.ci/run` starts).
package enum TestDatabase {
    /// The engines to run engine-parametrised tests on. PostgreSQL is required when `CI` is set, so a
    /// CI run can never silently skip it.
    package static var engines: [DatabaseEngine] {
        if postgresURL != nil || ProcessInfo.processInfo.environment["CI"] != nil {
            return [.sqlite, .postgres]
        }
        return [.sqlite]
    }

    package static var postgresURL: String? {
        ProcessInfo.processInfo.environment["ENDPOINT_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    package static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    package static let migrationsFolder = repositoryRoot.appendingPathComponent("migrations", isDirectory: true)

    /// A URL for a brand-new, empty database on `engine`.
    package static func freshURL(_ engine: DatabaseEngine) async throws -> DatabaseURL {
        let name = "endpoint_test_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))"
        switch engine {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
            return .sqlite(path: folder.appendingPathComponent("endpoint.sqlite").path)
        case .postgres:
            guard let base = postgresURL else {
                throw TestFailure("ENDPOINT_TEST_POSTGRES_URL is not set; PostgreSQL tests need a server (see .ci/run).")
            }
            try await Database.withOpen(.postgres(url: base), connectionsPerEventLoop: 1, logger: quietLogger) { admin in
                try await admin.withConnection { try await $0.raw("CREATE DATABASE \(unsafeRaw: name)").run() }
            }
            guard let slash = base.lastIndex(of: "/") else { throw TestFailure("Malformed ENDPOINT_TEST_POSTGRES_URL") }
            return .postgres(url: base[..<slash] + "/" + name)
        }
    }

    /// Opens a fresh database on `engine`, applies the project's migrations, runs `body`, then closes it.
    package static func withMigrated<Result>(
        _ engine: DatabaseEngine,
        _ body: (Database) async throws -> Result
    ) async throws -> Result {
        try await withFresh(engine) { database in
            let files = try MigrationFile.load(from: migrationsFolder, engine: engine)
            try await Migrator(database: database, files: files, logger: quietLogger).migrate()
            return try await body(database)
        }
    }

    /// Opens a fresh, empty database on `engine`, runs `body`, then closes it.
    package static func withFresh<Result>(
        _ engine: DatabaseEngine,
        _ body: (Database) async throws -> Result
    ) async throws -> Result {
        try await withOpen(try await freshURL(engine), body)
    }

    /// Opens the database at `url`, runs `body`, then closes it.
    package static func withOpen<Result>(_ url: DatabaseURL, _ body: (Database) async throws -> Result) async throws -> Result {
        try await Database.withOpen(url, connectionsPerEventLoop: 2, logger: quietLogger, body)
    }
}

package struct TestFailure: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

extension DatabaseURL {
    /// The URL as given on a command line (with its password, unlike `description`).
    package var connectionString: String {
        switch self {
        case .sqlite(let path): "sqlite://" + path
        case .postgres(let url): url
        }
    }
}

/// A logger for tests that only speaks up about problems.
package let quietLogger: Logger = {
    var logger = Logger(label: "test")
    logger.logLevel = .warning
    return logger
}()
