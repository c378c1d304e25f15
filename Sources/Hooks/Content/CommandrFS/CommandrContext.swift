public import Accounts
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
