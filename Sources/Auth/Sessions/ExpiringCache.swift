import Metrics
import NIOConcurrencyHelpers
import Storage

/// Remembers values for a few seconds, so a busy device does not cost a database read on every
/// request.
///
/// Entries changed through this server instance are forgotten at once by their owners; on PostgreSQL a
/// change made anywhere else is announced and evicted at once too (``CacheAnnouncementListener``), and
/// while no announcement can arrive the ``CacheTrust`` is off and nothing is answered from memory. What
/// is left — a direct edit of an SQLite database — is seen here after at most ``lifetimeSeconds``.
///
/// Expired entries are dropped as they are met, and all at once every ``lifetimeSeconds`` (when
/// something is stored), so a cache that sees many keys once each (devices that log in and go away)
/// holds at most two lifetimes' worth of them rather than growing to its capacity.
final class ExpiringCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry {
        var value: Value
        let cachedAt: Int
    }

    private struct Storage {
        var entries: [Key: Entry] = [:]
        var sweptAt = 0
    }

    let lifetimeSeconds: Int
    private let capacity: Int
    private let storage = NIOLockedValueBox(Storage())
    private let trust: CacheTrust
    /// `endpoint_cache_lookups_total{cache=<name>, result=hit|miss}`.
    private let hits: Counter
    private let misses: Counter

    /// - Parameter name: the cache's name in metrics (`sessions`, `memberships`).
    init(name: String, lifetimeSeconds: Int, trust: CacheTrust, capacity: Int = 50_000) {
        self.lifetimeSeconds = lifetimeSeconds
        self.trust = trust
        self.capacity = capacity
        self.hits = Counter(label: "endpoint_cache_lookups_total", dimensions: [("cache", name), ("result", "hit")])
        self.misses = Counter(label: "endpoint_cache_lookups_total", dimensions: [("cache", name), ("result", "miss")])
    }

    /// The value cached under `key`, if cached less than the lifetime ago and caches are trusted.
    func value(for key: Key, now: Int) -> Value? {
        let value: Value? =
            if self.trust.isTrusted {
                self.storage.withLockedValue { storage in
                    guard let entry = storage.entries[key] else { return nil }
                    guard now - entry.cachedAt < self.lifetimeSeconds else {
                        storage.entries[key] = nil
                        return nil
                    }
                    return entry.value
                }
            } else { nil }
        (value == nil ? self.misses : self.hits).increment()
        return value
    }

    func store(_ value: Value, for key: Key, now: Int) {
        self.storage.withLockedValue { storage in
            if now - storage.sweptAt >= self.lifetimeSeconds || storage.entries.count >= self.capacity {
                storage.entries = storage.entries.filter { now - $0.value.cachedAt < self.lifetimeSeconds }
                storage.sweptAt = now
                if storage.entries.count >= self.capacity { storage.entries.removeAll(keepingCapacity: true) }
            }
            storage.entries[key] = Entry(value: value, cachedAt: now)
        }
    }

    /// How many entries are held (expired ones included until they are swept).
    var count: Int {
        self.storage.withLockedValue { $0.entries.count }
    }

    /// Changes the cached value under `key`, if any, keeping its age.
    func update(_ key: Key, _ change: (inout Value) -> Void) {
        self.storage.withLockedValue { storage in
            if var entry = storage.entries[key] {
                change(&entry.value)
                storage.entries[key] = entry
            }
        }
    }

    /// Forgets every cached value matching `predicate`.
    func forget(where predicate: (Key, Value) -> Bool) {
        self.storage.withLockedValue { storage in
            storage.entries = storage.entries.filter { !predicate($0.key, $0.value.value) }
        }
    }
}
