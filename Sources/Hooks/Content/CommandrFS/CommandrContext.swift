public import Accounts
public import Auth
public import SiteStore

/// What `content/commandr_fs` writes with: the database for one transaction per write, the account
/// rules members are created and changed with, and the caches to clear once a write is committed.
public struct CommandrContext: Sendable {
    public let database: Database
    public let registration: MemberRegistration
    public let passwordChange: PasswordChange
    public let policies: AccountPolicySource
    public let caches: CacheEviction

    public init(
        database: Database, registration: MemberRegistration, passwordChange: PasswordChange, policies: AccountPolicySource, caches: CacheEviction
    ) {
        self.database = database
        self.registration = registration
        self.passwordChange = passwordChange
        self.policies = policies
        self.caches = caches
    }
}

/// What this instance must forget after a committed change, so the next request reads the database.
public struct CacheEviction: Sendable {
    /// A config option changed.
    public var configChanged: @Sendable () -> Void
    /// A group's standing changed: every remembered membership may be wrong.
    public var groupsChanged: @Sendable () -> Void
    /// A member's sessions, password, ban or groups changed.
    public var memberChanged: @Sendable (_ memberID: Int) -> Void
    /// News or a news category may have changed: rendered news answers are stale.
    public var newsChanged: @Sendable () -> Void

    public init(
        configChanged: @escaping @Sendable () -> Void,
        groupsChanged: @escaping @Sendable () -> Void,
        memberChanged: @escaping @Sendable (Int) -> Void,
        newsChanged: @escaping @Sendable () -> Void
    ) {
        self.configChanged = configChanged
        self.groupsChanged = groupsChanged
        self.memberChanged = memberChanged
        self.newsChanged = newsChanged
    }

    /// The live config snapshot, memberships, sessions and news answers.
    public static func live(config: ConfigStore, memberships: Memberships, sessions: SessionStore, news: NewsAnswerCache) -> Self {
        Self(
            configChanged: { config.invalidate() },
            groupsChanged: { memberships.forgetAll() },
            memberChanged: { memberID in
                sessions.forgetCached(memberID: memberID)
                memberships.forget(memberID: memberID)
            },
            newsChanged: { news.clear() }
        )
    }
}
