public import Auth
public import Media
public import Storage
import Text

/// What `content/commandr_fs` writes with: the database for one transaction per write, the account
/// rules members are created and changed with, the image rules, the site's public URL (image URLs in
/// answers, and recognising them in articles), the caches to clear once a write is committed, and the
/// site's clock (edit times).
public struct CommandrContext: Sendable {
    public let database: Database
    public let registration: MemberRegistration
    public let passwordChange: PasswordChange
    public let policies: AccountPolicySource
    public let media: MediaUploads
    public let publicURL: String
    public let caches: CacheEviction
    public let clock: SiteClock

    public init(
        database: Database, registration: MemberRegistration, passwordChange: PasswordChange, policies: AccountPolicySource,
        media: MediaUploads, publicURL: String, caches: CacheEviction, clock: SiteClock
    ) {
        self.database = database
        self.registration = registration
        self.passwordChange = passwordChange
        self.policies = policies
        self.media = media
        self.publicURL = PublicURL.normalised(publicURL)
        self.caches = caches
        self.clock = clock
    }
}
