public import Accounts
public import Media
public import SiteStore

/// What `content/commandr_fs` writes with: the database for one transaction per write, the account
/// rules members are created and changed with, the image rules, the site's public URL (image URLs in
/// answers, and recognising them in articles), and the caches to clear once a write is committed.
public struct CommandrContext: Sendable {
    public let database: Database
    public let registration: MemberRegistration
    public let passwordChange: PasswordChange
    public let policies: AccountPolicySource
    public let media: MediaUploads
    public let publicURL: String
    public let caches: CacheEviction

    public init(
        database: Database, registration: MemberRegistration, passwordChange: PasswordChange, policies: AccountPolicySource,
        media: MediaUploads, publicURL: String, caches: CacheEviction
    ) {
        self.database = database
        self.registration = registration
        self.passwordChange = passwordChange
        self.policies = policies
        self.media = media
        self.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        self.caches = caches
    }
}
