import Foundation

/// Finds the `migrations/` folder: `ENDPOINT_MIGRATIONS` if set, else `./migrations` (a checkout),
/// else `../share/endpoint/migrations` next to the executable (an installed or Docker build).
enum MigrationsFolder {
    static var `default`: URL {
        if let configured = ProcessInfo.processInfo.environment["ENDPOINT_MIGRATIONS"], !configured.isEmpty {
            return URL(fileURLWithPath: configured, isDirectory: true)
        }
        let local = URL(fileURLWithPath: "migrations", isDirectory: true)
        if FileManager.default.fileExists(atPath: local.path) { return local }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return executable.deletingLastPathComponent()
            .appendingPathComponent("../share/endpoint/migrations", isDirectory: true).standardizedFileURL
    }
}
