import Synchronization

/// Whether the caches in front of a database may answer from memory.
///
/// With several instances on one PostgreSQL, a cache is only as good as the announcements that evict
/// it (``CacheAnnouncementListener``): while the listening connection is down an announcement can be
/// missed, so the instance distrusts its caches and reads the database on every request until it is
/// listening again. One instance on SQLite evicts its own caches and always trusts them.
public final class CacheTrust: Sendable {
    private let trusted: Atomic<Bool>

    public init(trusted: Bool = true) {
        self.trusted = Atomic(trusted)
    }

    /// Whether cached values may be used now.
    public var isTrusted: Bool {
        self.trusted.load(ordering: .acquiring)
    }

    /// Caches may answer again (after they were emptied of what might have been missed).
    public func trust() {
        self.trusted.store(true, ordering: .releasing)
    }

    /// Every cache read goes to the database from now on.
    public func distrust() {
        self.trusted.store(false, ordering: .releasing)
    }
}
