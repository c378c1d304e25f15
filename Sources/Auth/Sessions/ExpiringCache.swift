import NIOConcurrencyHelpers

/// Remembers values for a few seconds, so a busy device does not cost a database read on every
/// request.
///
/// Entries changed through this server instance are forgotten at once by their owners. A change made
/// elsewhere (another instance behind the load balancer, or a direct database edit) is seen here after
/// at most ``lifetimeSeconds``: the price of not reading the database on every request.
final class ExpiringCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry {
        var value: Value
        let cachedAt: Int
    }

    let lifetimeSeconds: Int
    private let capacity: Int
    private let entries = NIOLockedValueBox<[Key: Entry]>([:])

    init(lifetimeSeconds: Int, capacity: Int = 50_000) {
        self.lifetimeSeconds = lifetimeSeconds
        self.capacity = capacity
    }

    /// The value cached under `key`, if cached less than the lifetime ago.
    func value(for key: Key, now: Int) -> Value? {
        self.entries.withLockedValue { entries in
            guard let entry = entries[key] else { return nil }
            guard now - entry.cachedAt < self.lifetimeSeconds else {
                entries[key] = nil
                return nil
            }
            return entry.value
        }
    }

    func store(_ value: Value, for key: Key, now: Int) {
        self.entries.withLockedValue { entries in
            if entries.count >= self.capacity {
                entries = entries.filter { now - $0.value.cachedAt < self.lifetimeSeconds }
                if entries.count >= self.capacity { entries.removeAll(keepingCapacity: true) }
            }
            entries[key] = Entry(value: value, cachedAt: now)
        }
    }

    /// Changes the cached value under `key`, if any, keeping its age.
    func update(_ key: Key, _ change: (inout Value) -> Void) {
        self.entries.withLockedValue { entries in
            if var entry = entries[key] {
                change(&entry.value)
                entries[key] = entry
            }
        }
    }

    /// Forgets every cached value matching `predicate`.
    func forget(where predicate: (Key, Value) -> Bool) {
        self.entries.withLockedValue { entries in
            entries = entries.filter { !predicate($0.key, $0.value.value) }
        }
    }
}
