import Foundation
import SiteStore

/// Everything `endpoint serve` can be told, resolved from flags, then environment, then defaults.
struct ServerSettings: Sendable {
    var hostname = "127.0.0.1"
    var port = 8080
    var database = DatabaseURL.embeddedDefault
    /// Largest accepted request body; larger ones get HTTP 413.
    var maximumBodyBytes = 2 * 1024 * 1024
    /// Apply pending migrations before serving.
    var migrateOnStart = true
    /// The folder holding `common/`, `sqlite/` and `postgresql/` migration files.
    var migrationsFolder = MigrationsFolder.default
    /// Reverse proxies whose `X-Forwarded-For` is believed.
    var trustedProxies: Set<String> = []
}
