public import Auth
public import Contact
import Foundation
public import Hooks
import Logging
public import Media
public import News
public import Push
public import Storage

/// The live parts of one site, wired once: the composition root of the server.
///
/// Only the application (the standard hooks, the pages) and tests see this whole set; each hook and
/// page is given just the pieces it uses.
public struct Site: Sendable {
    public let database: Database
    /// The live config options (changes apply to the next request).
    public let config: ConfigStore
    public let hasher: PasswordHasher
    public let sessions: SessionStore
    public let memberships: Memberships
    /// The joining and resetting rules and links in force.
    public let policies: AccountPolicySource
    public let login: Login
    public let registration: MemberRegistration
    public let passwordChange: PasswordChange
    /// Staff changing members, whichever face they use.
    public let memberAdministration: MemberAdministration
    public let confirmation: EmailConfirmation
    public let passwordReset: PasswordReset
    public let joining: Joining
    public let pushBroadcast: PushBroadcast
    public let cookies: SessionCookies
    /// Messages to the staff (notified at `ENDPOINT_STAFF_EMAIL`, else every administrator's address),
    /// and the staff's replies.
    public let staffInbox: StaffInbox
    /// The site's public URL (`--public-url`, or the address it listens on): links in answers.
    public let publicURL: String
    /// Rendered `content/news` answers of this instance.
    public let newsAnswers: NewsAnswerCache
    /// The answers of `content/news`.
    public let news: NewsResponder
    /// The count of news searches per client network, which every news API shares.
    public let newsSearches: NewsSearchGate
    /// Every news change, as this instance's live streams receive it.
    public let newsLive: NewsLiveFeed
    /// Where "now" comes from for the news (what is shown, kept answers) and the news clock: the
    /// system's, or a test's.
    public let clock: SiteClock
    /// Push token registrations, remembered so that a repeat costs no query.
    public let pushRegistrations: PushRegistrations
    /// Checking and storing uploaded images.
    public let mediaUploads: MediaUploads
    /// The versions this instance serves of uploaded images.
    public let media: MediaVersions
    /// The media store videos are kept and made in.
    public let mediaStore: MediaStoreFolder
    /// Videos uploaded whole (commandr_fs); ``resumableUploads`` ends in the same rules.
    public let videoUploads: VideoUploads
    /// Drafts' pages shared with people without an account.
    public let shareLinks: ArticleShareLinks
    /// The files made for videos, as served.
    public let videoFiles: VideoFiles
    /// Resumable video uploads (the tus route's rules).
    public let resumableUploads: ResumableVideoUploads
    /// What to forget after a committed change: this instance's writes and every announced change call it.
    public let caches: CacheEviction
    /// What the passing of time does to the news (a background worker's ticks).
    public let newsClock: NewsClock

    /// The site on `database` and its `config`, with `hasher` for passwords; e-mailed links point at
    /// `settings`' public URL; `clock` tells the time.
    public init(
        database: Database, config: ConfigStore, hasher: PasswordHasher, settings: ServerSettings, clock: SiteClock
    ) async throws {
        let options = try await config.options()
        let sessionPolicy = SessionPolicy(options: options)
        let sessions = SessionStore(database: database, policy: sessionPolicy, clock: clock)
        let memberships = Memberships(database: database, clock: clock, cacheSeconds: sessionPolicy.cacheSeconds)
        let policies = AccountPolicySource(config: config, publicURL: settings.linkBaseURL)
        let rateLimit = RateLimit(database: database, clock: clock)
        let mails = AccountMails()
        let login = Login(database: database, config: config, hasher: hasher, sessions: sessions, memberships: memberships, rateLimit: rateLimit)
        let registration = MemberRegistration(hasher: hasher, clock: clock)
        let passwordChange = PasswordChange(database: database, hasher: hasher, sessions: sessions, clock: clock)
        let confirmation = EmailConfirmation(database: database, rateLimit: rateLimit, mails: mails, policies: policies, clock: clock)
        self.database = database
        self.config = config
        self.hasher = hasher
        self.sessions = sessions
        self.memberships = memberships
        self.policies = policies
        self.login = login
        self.registration = registration
        self.passwordChange = passwordChange
        self.memberAdministration = MemberAdministration(policies: policies, passwordChange: passwordChange)
        self.confirmation = confirmation
        self.passwordReset = PasswordReset(
            database: database, rateLimit: rateLimit, passwordChange: passwordChange, mails: mails, policies: policies, clock: clock)
        self.joining = Joining(
            database: database, hasher: hasher, registration: registration, confirmation: confirmation, login: login, policies: policies,
            rateLimit: rateLimit, clock: clock
        )
        self.pushBroadcast = PushBroadcast(database: database, clock: clock) { id in
            try await database.withConnection { try await MemberStore.find(id: id, on: $0) } != nil
        }
        self.cookies = SessionCookies(secure: settings.secureCookies)
        self.staffInbox = StaffInbox(database: database, config: config, staffEmail: settings.staffEmail, clock: clock)
        self.publicURL = settings.linkBaseURL
        self.newsAnswers = NewsAnswerCache(trust: database.cacheTrust)
        self.news = NewsResponder(database: database, publicURL: settings.linkBaseURL, answers: self.newsAnswers, clock: clock)
        self.newsSearches = NewsSearchGate(database: database, clock: clock)
        self.newsLive = try await NewsLiveFeed(
            database: database, publicURL: settings.linkBaseURL, clock: clock,
            backlog: { (try? await config.options().integer(.newsLiveBacklog)) ?? 2_000 }, logger: Logger(label: "endpoint.news.live")
        )
        self.clock = clock
        self.pushRegistrations = PushRegistrations(database: database, config: config, clock: clock)
        let workshop = MediaWorkshop(threads: settings.mediaThreads, maximumPending: settings.mediaQueueLimit)
        self.mediaUploads = MediaUploads(database: database, config: config, workshop: workshop, clock: clock)
        self.media = MediaVersions(
            database: database,
            cache: try MediaCache(
                directory: URL(fileURLWithPath: settings.mediaCacheDirectory, isDirectory: true),
                budgetBytes: options.integer(.mediaCacheMB) * 1_000_000, logger: Logger(label: "endpoint.media"), clock: clock
            ),
            workshop: workshop
        )
        self.mediaStore = MediaStoreFolder(root: URL(fileURLWithPath: settings.mediaStoreDirectory, isDirectory: true))
        self.videoFiles = VideoFiles(database: database, store: self.mediaStore)
        self.videoUploads = VideoUploads(database: database, config: config, folder: self.mediaStore, clock: clock)
        self.shareLinks = ArticleShareLinks(database: database, publicURL: publicURL, clock: clock)
        self.resumableUploads = ResumableVideoUploads(database: database, config: config, folder: self.mediaStore, clock: clock)
        self.caches = .live(
            config: config, memberships: memberships, sessions: sessions, news: self.newsAnswers, live: self.newsLive,
            pushTokens: self.pushRegistrations, media: self.media
        )
        // Whatever face wrote, this instance forgets what the committed writes made stale.
        database.whenStale { [caches = self.caches] stale in
            for announcement in stale { caches.evict(announcement) }
        }
        self.newsClock = NewsClock(
            database: database, config: config, clock: clock, writer: ArticleWriter(publicURL: settings.linkBaseURL))
    }
}
