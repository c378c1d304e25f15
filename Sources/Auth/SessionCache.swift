import NIOConcurrencyHelpers

/// Remembers recently recognised sessions for a few seconds, so a busy device does not cost a
/// database read on every request.
///
/// Sessions ended through this server instance are forgotten at once. A session ended elsewhere
/// (another instance behind the load balancer, or a direct database change) keeps working here for
/// at most ``lifetimeSeconds``: the price of not reading the database on every request.
final class SessionCache: Sendable {
    private struct Entry {
        var session: DeviceSession
        let cachedAt: Int
    }

    let lifetimeSeconds: Int
    private let capacity: Int
    private let entries = NIOLockedValueBox<[String: Entry]>([:])

    init(lifetimeSeconds: Int, capacity: Int = 50_000) {
        self.lifetimeSeconds = lifetimeSeconds
        self.capacity = capacity
    }

    /// The session cached under `tokenHash`, if cached less than the lifetime ago.
    func session(tokenHash: String, now: Int) -> DeviceSession? {
        self.entries.withLockedValue { entries in
            guard let entry = entries[tokenHash] else { return nil }
            guard now - entry.cachedAt < self.lifetimeSeconds else {
                entries[tokenHash] = nil
                return nil
            }
            return entry.session
        }
    }

    func store(_ session: DeviceSession, tokenHash: String, now: Int) {
        self.entries.withLockedValue { entries in
            if entries.count >= self.capacity {
                entries = entries.filter { now - $0.value.cachedAt < self.lifetimeSeconds }
                if entries.count >= self.capacity { entries.removeAll(keepingCapacity: true) }
            }
            entries[tokenHash] = Entry(session: session, cachedAt: now)
        }
    }

    /// Updates the cached last use of the session under `tokenHash`, keeping its cache age.
    func recordUse(tokenHash: String, at time: Int) {
        self.entries.withLockedValue { entries in
            entries[tokenHash]?.session.lastUsedAt = time
        }
    }

    /// Forgets every cached session matching `predicate` (after revocations).
    func forget(where predicate: (DeviceSession) -> Bool) {
        self.entries.withLockedValue { entries in
            entries = entries.filter { !predicate($0.value.session) }
        }
    }
}
