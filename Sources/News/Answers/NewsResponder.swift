public import EndpointCore
import Galleries
public import Media
public import Messages
public import Routes
public import Storage
public import Text

/// What `content/news` answers for a parsed request: the resource read on one connection, as JSON or
/// as a Floki document, rendered with its caching headers, and kept in the ``NewsAnswerCache``.
public struct NewsResponder: Sendable {
    let database: Database
    let publicURL: String
    let answers: NewsAnswerCache
    let clock: SiteClock
    private let flokiApps = FlokiAppMemo()

    /// - Parameter publicURL: the site's public URL, for `web_url`, image paths and `Link` headers.
    public init(database: Database, publicURL: String, answers: NewsAnswerCache, clock: SiteClock) {
        self.database = database
        self.publicURL = Self.trimmed(publicURL)
        self.answers = answers
        self.clock = clock
    }

    /// The public URL as links are made from it: without a trailing slash.
    static func trimmed(_ publicURL: String) -> String {
        PublicURL.normalised(publicURL)
    }

    /// One request: the resource `id` (`categories`, `articles/<id>`, `feed/all`…) and its parsed
    /// parameters.
    public struct Query: Sendable {
        public var id: String
        public var parameters: NewsParameters
        /// For a Floki document, the language of its footers; nil for JSON.
        public var documentLanguage: MessageCatalog?

        /// The resource `id` names, read once: `articles/some-moniker` is (`articles`, `some-moniker`),
        /// `articles` and `articles/` are (`articles`, nil). Every rule about the resource asks this.
        let resource: (name: String, reference: String?)

        public init(id: String, parameters: NewsParameters, documentLanguage: MessageCatalog?) {
            self.id = id
            self.parameters = parameters
            self.documentLanguage = documentLanguage
            self.resource = Self.resource(id)
        }

        /// A search (`articles?q=`, or Floki's `search`, however the path is spelt): counted per client.
        public var isSearch: Bool {
            guard self.parameters.search != nil, self.resource.reference == nil else { return false }
            return self.resource.name == "articles" || (self.documentLanguage != nil && self.resource.name == "search")
        }

        /// `articles/some-moniker` → (`articles`, `some-moniker`).
        private static func resource(_ id: String) -> (name: String, reference: String?) {
            guard let slash = id.firstIndex(of: "/") else { return (id, nil) }
            let rest = String(id[id.index(after: slash)...])
            return (String(id[..<slash]), rest.isEmpty ? nil : rest)
        }

        var key: NewsAnswerKey {
            NewsAnswerKey(resource: self.id, documentLanguage: self.documentLanguage?.tag, parameters: self.parameters)
        }
    }

    /// The rendered answer; kept answers are valid for `maxAge` seconds at most.
    public func response(to query: Query, maxAge: Int) async throws -> HookResponse {
        // Every answer is kept rendered (a `changes` answer too: one kept while another instance
        // writes ends at the change it read up to, so a client syncing from it misses nothing, it
        // learns the rest at its next sync; searches apart, ``NewsAnswerCache``). Sync and search
        // answers change with every write: shared caches revalidate them every time.
        try await self.kept(
            query.key, revalidated: query.id == "changes" || query.isSearch, document: query.documentLanguage != nil, maxAge: maxAge
        ) { now, connection in
            try await self.answer(query, maxAge: maxAge, now: now, on: connection)
        }
    }

    /// An answer kept rendered under `key`, or read now on one connection and kept until `maxAge`
    /// seconds pass or the clock next changes what is shown, whichever is first (with a `maxAge` of
    /// 0, made every time).
    func kept(
        _ key: NewsAnswerKey, revalidated: Bool, document: Bool, maxAge: Int,
        read: (_ now: Int, StoreConnection) async throws -> NewsAnswers.Answer
    ) async throws -> HookResponse {
        let now = self.clock.now
        let key = maxAge > 0 ? key : nil
        if let key, let cached = self.answers.answer(key, now: now) { return cached }
        // When the next clock change is due matters only to an answer kept.
        let (answer, nextClockChange) = try await self.database.withConnection { connection in
            (try await read(now, connection), key == nil ? nil : try await NewsFeedStore.nextClockChange(after: now, on: connection))
        }
        let caching: CachePolicy =
            revalidated ? .revalidated(lastModified: answer.lastModified) : .shared(maxAge: maxAge, lastModified: answer.lastModified)
        let response = HookResponse(data: answer.data, headers: answer.headers, isCacheable: true, caching: caching, isDocument: document).rendered()
        if let key { self.answers.store(response, as: key, validUntil: min(now + maxAge, nextClockChange ?? .max)) }
        return response
    }

    /// The category list with its counts as of `moment`, kept as ``NewsAnswerCache`` keeps it.
    func categoryList(now: Int, maxAge: Int, on connection: StoreConnection) -> (_ moment: Int) async throws -> [PublishedCategory] {
        { moment in
            try await self.answers.categories(now: now, validUntil: now + maxAge) { try await NewsFeedStore.categories(now: moment, on: connection) }
        }
    }

    /// The Floki application in `languages` (the site's default first), from its definition and the
    /// categories as they are now; kept up to `maxAge` seconds, as news answers are, and rebuilt only
    /// when one of those changed.
    public func flokiApp(languages: [MessageCatalog], maxAge: Int) async throws -> FlokiApp {
        let now = self.clock.now
        return try await self.answers.flokiApp(languages: languages.map(\.languageCode), now: now, validUntil: now + maxAge) {
            let categories = try await self.answers.categories(now: now, validUntil: now + maxAge) {
                try await self.database.withConnection { try await NewsFeedStore.categories(now: now, on: $0) }
            }
            let galleries = try await self.database.withConnection { try await GalleryStore.all(on: $0) }
            let definition = try await self.flokiDefinition(categoryIDs: categories.map(\.category.id), galleries: galleries, now: now, maxAge: maxAge)
            let names = Dictionary(categories.map { ($0.category.id, $0.category.label) }, uniquingKeysWith: { first, _ in first })
            return self.flokiApps.app(definition: definition, categoryNames: names, galleries: galleries, languages: languages, publicURL: self.publicURL)
        }
    }

    /// The app as its administrator wrote it, or, while they have not, generated from the categories
    /// (`categoryIDs`, in position order), whether any shown article has a gallery and the site's
    /// galleries, in the tab order they gave it.
    private func flokiDefinition(categoryIDs: [Int], galleries: [Gallery], now: Int, maxAge: Int) async throws -> FlokiAppDefinition {
        let choice = try await self.answers.flokiChoice(now: now, validUntil: now + maxAge) {
            try await self.database.withConnection { try await FlokiAppDefinition.Choice.read(on: $0) }
        }
        return try await choice.inForce {
            let hasGallery = try await self.answers.hasGallery(now: now, validUntil: now + maxAge) {
                try await self.database.withConnection { try await FlokiAppDefinition.galleryShown(now: now, on: $0) }
            }
            return .generated(categoryIDs: categoryIDs, hasGallery: hasGallery, galleries: galleries)
        }.definition
    }

    /// The name an article renamed from `reference` (its slug changed) has now, if one was.
    public func articleMoniker(formerly reference: String) async throws -> String? {
        try await self.database.withConnection { connection in
            guard let id = try await ResourceIdentityStore.formerOwner(.news, moniker: reference, on: connection) else { return nil }
            return try await ResourceIdentityStore.find(.news, id: id, on: connection)?.moniker
        }
    }

    /// The ID of the article an address of the Composr site this one replaced names (see
    /// ``NewsStore/articleID(atComposrAddress:on:)``).
    public func articleID(atComposrAddress reference: String) async throws -> Int? {
        try await self.database.withConnection { try await NewsStore.articleID(atComposrAddress: reference, on: $0) }
    }

    /// The news index page's content: the newest shown articles (of `category`, when it names a shown
    /// category by ID or moniker) and the categories with articles.
    public func newsIndex(category: String?, limit: Int = 30) async throws -> NewsIndexContent {
        let now = self.clock.now
        return try await self.database.withConnection { connection in
            let categories = try await NewsFeedStore.categories(now: now, on: connection).filter { $0.articleCount > 0 }
            var chosen: PublishedCategory?
            if let category, category.utf8.count <= 200 { chosen = try await NewsFeedStore.category(category, now: now, on: connection) }
            let articles = try await NewsFeedStore.articles(in: chosen.map { [$0.category.id] }, after: nil, limit: limit, now: now, on: connection)
            return NewsIndexContent(articles: articles, categories: categories, chosen: chosen)
        }
    }

    /// The shown article with this ID or moniker as the article page shows it, or nil; its body's images
    /// at the size of the device class `device` names (the tablet's when it names none).
    public func articlePage(_ reference: String, device: String?) async throws -> ArticlePageContent? {
        let now = self.clock.now
        let json = NewsJSON(publicURL: self.publicURL, device: device.map { DeviceClass(parameter: $0) } ?? .tablet, fields: nil)
        return try await self.database.withConnection { connection in
            guard let published = try await NewsFeedStore.article(reference, now: now, on: connection) else { return nil }
            return try await ArticlePageContent.page(of: published, json: json, on: connection)
        }
    }

    /// The answer for the query's resource, as JSON or as a Floki document.
    private func answer(_ query: Query, maxAge: Int, now: Int, on connection: StoreConnection) async throws -> NewsAnswers.Answer {
        let parameters = query.parameters
        let reader = NewsAnswers(
            connection: connection, parameters: parameters, clock: self.clock,
            json: NewsJSON(publicURL: self.publicURL, device: parameters.device, fields: parameters.fields),
            categoryList: self.categoryList(now: now, maxAge: maxAge, on: connection)
        )
        if let language = query.documentLanguage {
            let feed = FlokiFeed(answers: reader, messages: language)
            switch query.resource {
            case ("feed", let reference?) where reference.hasPrefix(ArticleTagLink.feedPrefix):
                return try await feed.tag(String(reference.dropFirst(ArticleTagLink.feedPrefix.count)))
            case ("feed", let reference?): return try await feed.feed(reference)
            case ("gallery", nil): return try await FlokiGallery(answers: reader).tab()
            case ("gallery", let reference?): return try await FlokiGallery(answers: reader).article(reference)
            case ("search", nil): return try await feed.search()
            case ("video", let hash?): return try await FlokiMovie(json: reader.json).video(hash, on: connection)
            default: throw Refusal.malformed(.newsUnknownResource, TextLength.prefix(query.id, 60))
            }
        }
        switch query.resource {
        case ("categories", nil): return try await reader.categories()
        case ("categories", let reference?): return try await reader.category(reference)
        case ("articles", nil):
            return try await reader.articles {
                SiteRoute.hook("content", "news", id: "articles", query: parameters.nextPageQuery(cursor: $0)).url(on: self.publicURL)
            }
        case ("articles", let reference?): return try await reader.article(reference)
        case ("top", nil): return try await reader.top()
        case ("changes", nil): return try await reader.changes()
        default: throw Refusal.malformed(.newsUnknownResource, TextLength.prefix(query.id, 60))
        }
    }

}
