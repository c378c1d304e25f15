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
    private let snapshot: NIOLockedValueBox<(options: ConfigOptions, loadedAt: Int)>

    private init(database: Database, options: ConfigOptions, refreshSeconds: Int, now: Int) {
        self.database = database
        self.refreshSeconds = refreshSeconds
        self.snapshot = NIOLockedValueBox((options, now))
    }

    /// Reads the options once and keeps them for `refreshSeconds` at a time.
    public static func load(from database: Database, refreshSeconds: Int = 5) async throws -> ConfigStore {
        ConfigStore(database: database, options: try await ConfigOptions.load(from: database), refreshSeconds: refreshSeconds, now: UnixTime.now)
    }

    /// The current options. While the database is unavailable the last snapshot stands (and each
    /// call tries again), so that what only needs the options — wording an error, the site name on a
    /// page — still works.
    public func options(now: Int = UnixTime.now) async throws -> ConfigOptions {
        let (options, loadedAt) = self.snapshot.withLockedValue { $0 }
        if now - loadedAt < self.refreshSeconds, self.database.cacheTrust.isTrusted { return options }
        do {
            return try await self.reload(now: now)
        } catch is DatabaseUnavailable {
            return options
        }
    }

    /// Writes option `name` (which must exist) on `connection`, inside the caller's transaction;
    /// false when there is no such option. Call ``invalidate()`` once the transaction is committed.
    public static func write(_ name: String, value: String, on connection: StoreConnection) async throws -> Bool {
        try await connection.raw("UPDATE config SET value = \(bind: value) WHERE name = \(bind: name) RETURNING name").first() != nil
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
        self.snapshot.withLockedValue { $0.loadedAt = 0 }
    }

    @discardableResult
    private func reload(now: Int) async throws -> ConfigOptions {
        let options = try await ConfigOptions.load(from: self.database)
        self.snapshot.withLockedValue { $0 = (options, now) }
        return options
    }
}
