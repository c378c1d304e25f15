import NIOConcurrencyHelpers
import SQLKit

/// The site's config options as the running server sees them.
///
/// Requests read an in-memory snapshot, reloaded from the database when older than
/// `refreshSeconds`; a committed change applies to this instance at once (``invalidate()``), to other
/// instances on PostgreSQL when its announcement arrives, and otherwise within `refreshSeconds` (read
/// every time while the database's ``CacheTrust`` is off). Options that shape long-lived
/// machinery (hashing parameters, session lifetimes, mail retries) are read once at start instead.
public final class ConfigStore: Sendable {
    private let database: Database
    private let refreshSeconds: Int
    /// Whose intervals say when the snapshot is old.
    private let clock: SiteClock
    private let snapshot: NIOLockedValueBox<(options: ConfigOptions, loadedAt: Duration?)>

    private init(database: Database, options: ConfigOptions, refreshSeconds: Int, clock: SiteClock) {
        self.database = database
        self.refreshSeconds = refreshSeconds
        self.clock = clock
        self.snapshot = NIOLockedValueBox((options, clock.elapsed))
    }

    /// Reads the options once and keeps them for `refreshSeconds` at a time of `clock`.
    public static func load(from database: Database, clock: SiteClock, refreshSeconds: Int = 5) async throws -> ConfigStore {
        ConfigStore(database: database, options: try await ConfigOptions.load(from: database), refreshSeconds: refreshSeconds, clock: clock)
    }

    /// The current options. While the database is unavailable the last snapshot stands (and each
    /// call tries again), so that what only needs the options — wording an error, the site name on a
    /// page — still works.
    public func options() async throws -> ConfigOptions {
        let now = self.clock.elapsed
        let (options, loadedAt) = self.snapshot.withLockedValue { $0 }
        if let loadedAt, now - loadedAt < .seconds(self.refreshSeconds), self.database.cacheTrust.isTrusted { return options }
        do {
            return try await self.reload(now: now)
        } catch is DatabaseUnavailable {
            return options
        }
    }

    /// Writes option `name` (which must exist) on `connection`, inside the caller's transaction;
    /// false when there is no such option. The snapshot is forgotten once the transaction is committed
    /// (the write marks the connection stale for config).
    public static func write(_ name: String, value: String, on connection: StoreConnection) async throws -> Bool {
        connection.markStale(.config)
        return try await connection.raw("UPDATE config SET value = \(bind: value) WHERE name = \(bind: name) RETURNING name").first() != nil
    }

    /// Every option, by name, read on `connection` (what `/etc` lists).
    public static func all(on connection: StoreConnection) async throws -> [(name: String, value: String)] {
        try await connection.raw("SELECT name, value FROM config ORDER BY name").all().map {
            (try $0.decode(column: "name", as: String.self), try $0.decode(column: "value", as: String.self))
        }
    }

    /// The stored value of option `name`, read on `connection`; nil when there is no such option.
    public static func value(_ name: String, on connection: StoreConnection) async throws -> String? {
        try await connection.raw("SELECT value FROM config WHERE name = \(bind: name)").first()?.decode(column: "value", as: String.self)
    }

    /// Makes the next read load the options from the database (after a change was committed).
    public func invalidate() {
        self.snapshot.withLockedValue { $0.loadedAt = nil }
    }

    @discardableResult
    private func reload(now: Duration) async throws -> ConfigOptions {
        let options = try await ConfigOptions.load(from: self.database)
        self.snapshot.withLockedValue { $0 = (options, now) }
        return options
    }
}
