import Auth
import Console
import EndpointCore
import Galleries
import HTTPTypes
import Hooks
import Hummingbird
import Media
import News
import Routes
import Storage

/// Answers every ``SiteRoute``: the request's path and query are parsed once into the route, and the
/// route's case picks its handler (the hooks' dispatcher, the pages, images, the Floki and MIT News
/// APIs, the probes). A path no route has, or a method its route does not answer, goes on to the
/// router, which has nothing more: a 404. Failures are thrown to ``FailureAnswers``.
struct SiteRoutes: RouterMiddleware {
    typealias Context = EndpointRequestContext

    let dispatcher: EndpointDispatcher
    let probes: Probes
    let accountPages: AccountPages
    let articlePage: ArticlePage
    let galleryPage: GalleryPage
    let floki: FlokiAppRoutes
    let media: MediaRoute
    let video: VideoRoute
    let tus: TusRoute
    let consoleTus: TusRoute
    let mitNews: MITNewsRoutes
    let console: ConsolePages

    /// The handlers of every route for `site`, as `settings` configure them, with the hooks of `registry`.
    init(
        site: Site, settings: ServerSettings, registry: HookRegistry, languages: LanguageNegotiation, clientAddress: ClientAddress, drain: Drain
    ) {
        let database = site.database
        let uploads = UploadGate(maximum: settings.concurrentLargeUploads)
        let maximumUploadBytes: @Sendable () async -> Int = { [config = site.config] in
            // The live image limit, and room for a form's boundaries and fields around it.
            ((try? await config.options().integer(.mediaMaxBytes)) ?? 0) + 1_000_000
        }
        self.dispatcher = EndpointDispatcher(
            registry: registry,
            recognizer: CallerRecognizer(sessions: site.sessions),
            languages: languages,
            maximumBodyBytes: settings.maximumBodyBytes,
            maximumUploadBytes: maximumUploadBytes,
            uploads: uploads,
            clientAddress: clientAddress,
            crossSite: CrossSiteCheck(publicAuthority: settings.publicAuthority)
        )
        self.probes = Probes(
            database: database,
            requiredMigrations: settings.requiredMigrations ?? Set(((try? MigrationFile.embedded(engine: database.engine)) ?? []).map(\.version)),
            listens: database.engine == .postgres,
            instance: settings.instanceIdentity,
            drain: drain
        )
        self.accountPages = AccountPages(
            confirmation: site.confirmation, passwordReset: site.passwordReset, policies: site.policies,
            languages: languages, clientAddress: clientAddress, secureCookies: settings.secureCookies
        )
        self.articlePage = ArticlePage(news: site.news, shareLinks: site.shareLinks, config: site.config, languages: languages)
        // The page's images and videos are this site's, linked site-relative (its policy allows 'self').
        self.galleryPage = GalleryPage(answers: GalleryAnswers(publicURL: ""), database: database, config: site.config, languages: languages)
        self.floki = FlokiAppRoutes(news: site.news, config: site.config, languages: languages, publicURL: site.publicURL)
        self.media = MediaRoute(media: site.media)
        self.video = VideoRoute(files: site.videoFiles)
        self.mitNews = MITNewsRoutes(
            news: site.news, config: site.config, languages: languages, searches: site.newsSearches, clientAddress: clientAddress)
        self.console = ConsolePages(
            console: Console(
                database: database, config: site.config,
                accounts: Console.Accounts(
                    login: site.login, sessions: site.sessions, memberships: site.memberships, registration: site.registration,
                    passwordChange: site.passwordChange, administration: site.memberAdministration, passwordReset: site.passwordReset,
                    policies: site.policies),
                inbox: site.staffInbox, clock: site.clock,
                publicURL: site.publicURL, uploads: site.mediaUploads, videos: site.videoUploads,
                shareLinks: site.shareLinks, readerPageHTML: { ArticlePage.draftHTML($0, messages: $1, siteName: $2) }, news: site.news,
                options: ConfigOption.declared,
                liveStreams: { [live = site.newsLive] in live.streamCount },
                secureCookies: settings.secureCookies
            ),
            languages: languages, clientAddress: clientAddress, crossSite: CrossSiteCheck(publicAuthority: settings.publicAuthority),
            uploads: uploads, maximumUploadBytes: maximumUploadBytes
        )
        func tus(_ door: TusRoute.Door) -> TusRoute {
            TusRoute(
                door: door, uploads: site.resumableUploads, config: site.config, crossSite: CrossSiteCheck(publicAuthority: settings.publicAuthority),
                gate: uploads, clientAddress: clientAddress)
        }
        self.tus = tus(.api(CallerRecognizer(sessions: site.sessions), site.memberships))
        self.consoleTus = tus(.console(self.console.console))
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let route = SiteRoute(path: request.uri.path, query: request.uri.query),
            let response = try await self.answer(route, request, context)
        else { return try await next(request, context) }
        return response
    }

    private func answer(_ route: SiteRoute, _ request: Request, _ context: Context) async throws -> Response? {
        if case .endpoint(let pathInfo, let query) = route {
            return try await self.dispatcher.answer(request, context: context, pathInfo: pathInfo, query: query)
        }
        if case .media(let hash, _, let query) = route {
            guard request.method == .get || request.method == .head else { return nil }
            return try await self.media.serve(hash: hash, query: query, request, context: context)
        }
        if case .video(let hash, let file) = route {
            guard request.method == .get || request.method == .head else { return nil }
            return try await self.video.serve(hash: hash, file: file, request, context: context)
        }
        if case .videoLink(let hash) = route {
            guard request.method == .get else { return nil }
            return try await self.video.redirect(hash: hash)
        }
        if case .uploads = route { return try await self.tus.answer(upload: nil, request, context: context) }
        if case .upload(let token) = route { return try await self.tus.answer(upload: token, request, context: context) }
        if case .console(.uploads, _) = route { return try await self.consoleTus.answer(upload: nil, request, context: context) }
        if case .console(.upload(let token), _) = route { return try await self.consoleTus.answer(upload: token, request, context: context) }
        if case .confirmEmail = route { return try await self.accountPages.answer(route, request, context) }
        if case .resetPassword = route { return try await self.accountPages.answer(route, request, context) }
        if case .console(let page, let query) = route { return try await self.console.answer(page, query: query, request, context) }
        guard request.method == .get else { return nil }
        switch route {
        case .newsIndex(let query): return try await self.articlePage.index(category: query.first("category"), request)
        case .articlePage(let reference, let query): return try await self.articlePage.show(reference, device: query.first("d"), request)
        case .composrArticle(let reference): return try await self.articlePage.redirect(fromComposr: reference, request)
        case .sharedDraft(let token): return try await self.articlePage.shared(token, request)
        case .tagPage(let moniker): return try await self.articlePage.tag(moniker, request)
        case .composrTagSearch(let tag): return try await self.articlePage.redirect(fromComposrTag: tag, request)
        case .galleryPage(let name, let query): return try await self.galleryPage.show(name, cursor: query.first("cursor"), request)
        case .composrGallery(let address): return try await self.galleryPage.redirect(fromComposr: address, request)
        case .mitCategories, .mitStories, .mitStory: return try await self.mitNews.answer(route, request, context)
        case .flokiBeacon: return try await self.floki.beacon(request)
        case .flokiAppData: return try await self.floki.appData(request)
        case .pageStyleSheet: return AccountPages.styleSheet()
        case .health: return await self.probes.health()
        case .readiness: return await self.probes.readiness(request, context)
        case .openAPI: return OpenAPIDescription.response()
        case .endpoint, .media, .video, .videoLink, .uploads, .upload, .confirmEmail, .resetPassword, .console: return nil
        }
    }
}
