public import Auth
public import Media
public import Storage
import Text

/// What `content/commandr_fs` writes with: the database for one transaction per write, the account
/// rules members are created and changed with, the image rules, the site's public URL (image URLs in
/// answers, and recognising them in articles) and the site's clock (edit times). What a write makes
/// stale its stores mark; the database has it forgotten once the write is committed.
public struct CommandrContext: Sendable {
    public let database: Database
    public let registration: MemberRegistration
    public let memberAdministration: MemberAdministration
    public let policies: AccountPolicySource
    public let media: MediaUploads
    public let videos: VideoUploads
    public let publicURL: String
    public let clock: SiteClock

    public init(
        database: Database, registration: MemberRegistration, memberAdministration: MemberAdministration, policies: AccountPolicySource,
        media: MediaUploads, videos: VideoUploads, publicURL: String, clock: SiteClock
    ) {
        self.database = database
        self.registration = registration
        self.memberAdministration = memberAdministration
        self.policies = policies
        self.media = media
        self.videos = videos
        self.publicURL = PublicURL.normalised(publicURL)
        self.clock = clock
    }
}
