/// What this instance must forget after a committed change, so the next request reads the database:
/// told by the database after each commit on this instance (``Database/whenStale(_:)``: what its
/// stores marked stale), and by the cache announcements of every change committed anywhere
/// (PostgreSQL). Its closures are the caches above the storage kernel, handed in by the composition
/// root.
public struct CacheEviction: Sendable {
    /// A config option changed.
    public var configChanged: @Sendable () -> Void
    /// A group's standing changed: every remembered membership may be wrong.
    public var groupsChanged: @Sendable () -> Void
    /// A member's sessions, password, ban or groups changed.
    public var memberChanged: @Sendable (_ memberID: Int) -> Void
    /// News or a news category may have changed: rendered news answers are stale, live streams have
    /// something to read.
    public var newsChanged: @Sendable () -> Void
    /// A push token moved to another owner or was removed.
    public var tokensChanged: @Sendable () -> Void
    /// An image was deleted: its versions go from this instance's cache.
    public var mediaRemoved: @Sendable (_ contentHash: String) -> Void
    /// Anything may have changed (announcements were missed): every session too.
    public var everythingChanged: @Sendable () -> Void

    public init(
        configChanged: @escaping @Sendable () -> Void,
        groupsChanged: @escaping @Sendable () -> Void,
        memberChanged: @escaping @Sendable (Int) -> Void,
        newsChanged: @escaping @Sendable () -> Void,
        tokensChanged: @escaping @Sendable () -> Void,
        mediaRemoved: @escaping @Sendable (String) -> Void,
        everythingChanged: @escaping @Sendable () -> Void
    ) {
        self.configChanged = configChanged
        self.groupsChanged = groupsChanged
        self.memberChanged = memberChanged
        self.newsChanged = newsChanged
        self.tokensChanged = tokensChanged
        self.mediaRemoved = mediaRemoved
        self.everythingChanged = everythingChanged
    }

    /// Forgets what `announcement` says changed; nil (a reconnection, or a payload this version does
    /// not know) forgets everything.
    public func evict(_ announcement: CacheAnnouncement?) {
        switch announcement {
        case .member(let memberID): self.memberChanged(memberID)
        case .groups: self.groupsChanged()
        case .config: self.configChanged()
        case .news: self.newsChanged()
        case .tokens: self.tokensChanged()
        case .media(let contentHash): self.mediaRemoved(contentHash)
        case nil: self.everythingChanged()
        }
    }
}
