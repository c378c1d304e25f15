public import Auth
public import Contact
import EndpointCore
public import Media
public import Messages
public import News
public import Routes
public import Storage

/// The web console at `/admin`: the pages the people who run the site use, server-rendered, every form
/// working without JavaScript. It answers a ``ConsoleRequest`` decoded by the HTTP layer.
///
/// Who may enter is decided on every request, from the database: a console session is a device session
/// of the member's (``SessionStore``), within the console's own idle and absolute limits
/// (`console_idle_minutes`, `console_session_hours`), so a ban, a password change or logging out
/// everywhere ends it at once on every instance. Every POST must carry the form token derived from the
/// session and must not come from another site; nothing is changed by a GET.
public struct Console: Sendable {
    let database: Database
    let config: ConfigStore
    let accounts: Accounts
    let clock: SiteClock
    let articles: ConsoleArticles
    let members: ConsoleMembers
    let dashboard: ConsoleDashboard
    let inbox: ConsoleInbox
    let push: ConsolePush
    let app: ConsoleFlokiApp
    let settings: ConsoleSettings
    let media: ConsoleMedia
    let tags: ConsoleTags
    let galleries: ConsoleGalleries
    let secondFactor: ConsoleSecondFactor
    /// Whether cookies are marked `Secure` (the site is served over HTTPS).
    let secureCookies: Bool

    /// The account flows the console's pages follow, the API's own.
    public struct Accounts: Sendable {
        public var login: Login
        public var sessions: SessionStore
        public var memberships: Memberships
        public var registration: MemberRegistration
        public var passwordChange: PasswordChange
        public var administration: MemberAdministration
        public var passwordReset: PasswordReset
        public var policies: AccountPolicySource

        public init(
            login: Login, sessions: SessionStore, memberships: Memberships, registration: MemberRegistration, passwordChange: PasswordChange,
            administration: MemberAdministration, passwordReset: PasswordReset, policies: AccountPolicySource
        ) {
            self.login = login
            self.sessions = sessions
            self.memberships = memberships
            self.registration = registration
            self.passwordChange = passwordChange
            self.administration = administration
            self.passwordReset = passwordReset
            self.policies = policies
        }
    }

    public init(
        database: Database, config: ConfigStore, accounts: Accounts, inbox: StaffInbox, clock: SiteClock, publicURL: String, uploads: MediaUploads,
        videos: VideoUploads, shareLinks: ArticleShareLinks,
        readerPageHTML: @escaping @Sendable (_ content: ArticlePageContent, _ messages: MessageCatalog, _ siteName: String) -> String, news: NewsResponder,
        options: [ConfigOption], liveStreams: @escaping @Sendable () -> Int, secureCookies: Bool
    ) {
        self.database = database
        self.config = config
        self.accounts = accounts
        self.clock = clock
        self.articles = ConsoleArticles(
            database: database, config: config, clock: clock, publicURL: publicURL, uploads: uploads, shareLinks: shareLinks, readerPageHTML: readerPageHTML)
        self.members = ConsoleMembers(database: database, accounts: accounts, clock: clock)
        self.dashboard = ConsoleDashboard(database: database, clock: clock, liveStreams: liveStreams)
        self.inbox = ConsoleInbox(database: database, config: config, inbox: inbox, clock: clock)
        self.push = ConsolePush(database: database, login: accounts.login, clock: clock, publicURL: publicURL)
        self.app = ConsoleFlokiApp(database: database, news: news, clock: clock)
        self.settings = ConsoleSettings(database: database, clock: clock, options: options)
        self.media = ConsoleMedia(database: database, clock: clock, uploads: uploads, videos: videos)
        self.tags = ConsoleTags(database: database, clock: clock)
        self.galleries = ConsoleGalleries(database: database, clock: clock, uploads: uploads)
        self.secondFactor = ConsoleSecondFactor(factor: SecondFactor(database: database), login: accounts.login, clock: clock)
        self.secureCookies = secureCookies
    }

    /// The answer to `request`. Refusals are thrown as ``EndpointError``s (a problem page).
    public func answer(_ request: ConsoleRequest) async throws -> ConsoleAnswer {
        var request = request
        if case .asset(let name) = request.route {
            guard request.method == .get, let asset = ConsoleAssets.answer(name) else { throw Refusal.notFound(.consoleNothing) }
            return asset
        }
        let siteName = try await self.config.options().text(.siteName)
        if request.route == .signIn {
            try await request.readForm(.signIn)
            return try await SignInPage(login: self.accounts.login, sessions: self.accounts.sessions, secureCookies: self.secureCookies)
                .answer(request, view: ConsoleView(messages: request.messages, siteName: siteName, staff: nil))
        }
        guard let staff = try await self.signedIn(request) else {
            let ended = ConsoleCookies.cleared(ConsoleCookies.session, secure: self.secureCookies)
            if request.method == .get { return .redirect(to: ConsoleRoute.signIn.path, cookies: [ended]) }
            throw EndpointError(status: 403, message: .consoleSessionEnded)
        }
        request.signedIn(staff.memberID)
        if try await self.mustSetUpSecondFactor(staff, request.route) {
            if request.method == .get { return .redirect(to: ConsoleRoute.secondFactor.target([("required", "1")])) }
            throw EndpointError(status: 403, message: .consoleSecondFactorRequired)
        }
        if Self.isForAdministrators(request.route), !staff.isAdministrator { throw EndpointError(status: 403, message: .consoleAdministratorsOnly) }
        if request.method == .post {
            if request.isCrossSite { throw EndpointError(status: 403, message: .crossSiteRequest) }
            try await request.readForm(Self.formSize(request.route))
            try Self.checkForm(request, token: staff.formToken)
        }
        let view = ConsoleView(messages: request.messages, siteName: siteName, staff: staff)
        switch request.route {
        case .dashboard: return try await self.dashboard.show(view)
        case .signOut, .signOutEverywhere: return try await self.signOut(request, staff, view)
        case .articles, .newArticle, .article, .deleteArticle, .readerPreview, .readerFrame, .preview, .images:
            return try await self.articles.answer(request, staff, view)
        case .media: return try await self.media.answer(request, staff, view)
        case .tags: return try await self.tags.answer(request, staff, view)
        case .galleries, .gallery: return try await self.galleries.answer(request, staff, view)
        case .members, .newMember, .member, .groups: return try await self.members.answer(request, staff, view)
        case .messages, .message: return try await self.inbox.answer(request, staff, view)
        case .push: return try await self.push.answer(request, staff, view)
        case .app: return try await self.app.answer(request, staff, view)
        case .settings: return try await self.settings.answer(request, staff, view)
        case .secondFactor: return try await self.secondFactor.answer(request, staff, view)
        // Resumable uploads speak the tus protocol, answered beside the console (``uploader(cookies:)``).
        case .signIn, .asset, .uploads, .upload: throw Refusal.notFound(.consoleNothing)
        }
    }

    /// Whether only administrators may open `route` (its page and its posts): editors have the
    /// dashboard, the articles and the media library.
    static func isForAdministrators(_ route: ConsoleRoute) -> Bool {
        switch route {
        case .dashboard, .signIn, .signOut, .signOutEverywhere, .secondFactor, .articles, .newArticle, .article, .deleteArticle, .readerPreview,
            .readerFrame, .preview, .images, .media, .tags, .galleries, .gallery,
            .asset,
            .uploads, .upload:
            false
        case .members, .newMember, .member, .groups, .messages, .message, .push, .app, .settings:
            true
        }
    }

    /// Whether `staff` must set up two-factor sign-in before opening `route`: an administrator
    /// without one when `console_require_second_factor` is on (signing out and the setup itself open).
    private func mustSetUpSecondFactor(_ staff: ConsoleStaff, _ route: ConsoleRoute) async throws -> Bool {
        guard staff.isAdministrator, ![.secondFactor, .signOut, .signOutEverywhere].contains(route),
            try await self.config.options().flag(.consoleRequireSecondFactor)
        else { return false }
        return try await self.database.withConnection { !(try await SecondFactor(database: self.database).isOn(for: staff.memberID, on: $0)) }
    }

    /// How large a form posted to `route` may be.
    static func formSize(_ route: ConsoleRoute) -> ConsoleRequest.FormSize {
        switch route {
        case .images, .media, .gallery: .upload
        case .article, .newArticle, .preview, .app: .article
        case .signIn: .signIn
        default: .form
        }
    }

    /// The member whose live console session `cookies` name, if they may upload to the media library
    /// (every member of the console's staff may): the console's resumable uploads ask.
    public func uploader(cookies: [String: String]) async throws -> Int? {
        try await self.signedIn(cookies: cookies)?.memberID
    }

    /// The member whose live console session the request's cookie names, if they may use the console.
    private func signedIn(_ request: ConsoleRequest) async throws -> ConsoleStaff? {
        try await self.signedIn(cookies: request.cookies)
    }

    private func signedIn(cookies: [String: String]) async throws -> ConsoleStaff? {
        guard let (memberID, token) = ConsoleCookies.session(in: cookies) else { return nil }
        let options = try await self.config.options()
        let limits = SessionLimits(
            idleSeconds: options.integer(.consoleIdleMinutes) * 60, maximumSeconds: options.integer(.consoleSessionHours) * 3600,
            origin: ConsoleStaff.sessionOrigin)
        guard let session = try await self.accounts.sessions.authenticate(memberID: memberID, token: token, limits: limits),
            let permissions = try await self.accounts.memberships.permissions(of: memberID), let role = ConsoleAccess.role(permissions)
        else { return nil }
        return ConsoleStaff(memberID: memberID, username: permissions.membership.username, role: role, sessionToken: token, sessionID: session.id)
    }

    /// Refuses a form another site sent, or one without this session's token.
    static func checkForm(_ request: ConsoleRequest, token: String) throws {
        if request.isCrossSite { throw EndpointError(status: 403, message: .crossSiteRequest) }
        guard FormToken.matches(request.form["form_token"], token) else { throw EndpointError(status: 403, message: .consoleFormNotChecked) }
    }

    /// Ends this browser's console session, or every session of the member's (the apps' too).
    private func signOut(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> ConsoleAnswer {
        guard request.method == .post else { return .redirect(to: ConsoleRoute.dashboard.path) }
        if request.route == .signOutEverywhere, !ConsoleConfirmation.isConfirmed(request) {
            let label = view.messages.text(.consoleLogOutEverywhere)
            return ConsoleConfirmation(
                action: ConsoleRoute.signOutEverywhere.path, fields: [], question: view.messages.text(.consoleConfirmLogOutEverywhere),
                confirmLabel: label, back: ConsoleRoute.dashboard.path
            ).page(view, title: label, section: .dashboard)
        }
        if request.route == .signOutEverywhere {
            try await self.members.endEverySession(of: staff)
        } else {
            try await self.accounts.sessions.revoke(sessionID: staff.sessionID, memberID: staff.memberID)
        }
        return .redirect(to: ConsoleRoute.signIn.target([("done", "1")]), cookies: [ConsoleCookies.cleared(ConsoleCookies.session, secure: self.secureCookies)])
    }
}
