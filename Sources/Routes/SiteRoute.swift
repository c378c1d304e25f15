/// Every URL the server answers, as a value: a request's path and query are parsed into one
/// (``init(path:query:)``) before anything else reads them, and every URL the server prints (next
/// pages, Floki's `main_url`s, MIT stories, image versions, article pages, e-mailed links) is printed
/// from one (``target``), so a printed URL always parses back to the route that printed it
/// (`SiteRouteTests` prints and parses every route with random parts).
public enum SiteRoute: Hashable, Sendable {
    /// `/data/endpoint.php` and everything below it, in both of Composr's styles: the path after the
    /// script as sent (still percent-encoded: a malformed escape is the dispatcher's 400 to give) and
    /// the query (`?hook_type=…&hook=…` in the query style).
    case endpoint(pathInfo: String, query: RouteQuery)
    /// `/news`: the newest articles and the categories, as a page (`?category=<ID>` for one category's);
    /// the site's root and Composr's `site` zone (`/`, `/site/`) open it too, so a moved site's home is
    /// no blank page.
    case newsIndex(query: RouteQuery)
    /// `/news/<ID or moniker>`: an article's page (`v`, a digest of its content, in the query of the
    /// URLs Floki clients keep).
    case articlePage(reference: String, query: RouteQuery)
    /// `/news/tag/<moniker>`: a tag's articles, as a page (what an article's tag links open, and what
    /// the apps' `tags_regex` captures from those links).
    case tagPage(moniker: String)
    /// A tag's search on the Composr site this server replaced — `/index.php?page=search&type=results&
    /// content="<tag>"&only_search_meta=1` (what Composr's tag links open), also under the `site` zone
    /// and as `/search/results.htm?…`: redirected for good to the tag's page.
    case composrTagSearch(tag: String)
    /// `/news/shared/<token>`: a draft's page as it was shared, for whoever holds the link
    /// (``ArticleShareLinks`` in News); never indexed.
    case sharedDraft(token: String)
    /// An article's address on the Composr site this server replaced: `/news/view/<ID or moniker>`,
    /// with `.htm` or without, `/index.php?page=news&type=view&id=<ID>`, each also under the `site`
    /// zone (`/site/news/view/…`), a moniker holding its category's (`evenements/cafe-creme`):
    /// redirected for good to the article's page.
    case composrArticle(reference: String)
    /// `/galleries/<name>`: a gallery's page (the galleries inside it, its items a page at a time:
    /// `cursor`).
    case galleryPage(name: String, query: RouteQuery)
    /// A gallery or one of its entries on the Composr site this server replaced —
    /// `/index.php?page=galleries&type=browse&id=<name>`, `…&type=image&id=<ID>`, `…&type=video&id=<ID>`,
    /// and the short forms `/galleries/browse/<name>`, `/galleries/image/<ID>`, `/galleries/video/<ID>`
    /// with `.htm` or without, each also under the `site` zone: redirected for good to the gallery's page.
    case composrGallery(ComposrGalleryAddress)
    /// `/media/<content hash>/<name>.<extension>`: an uploaded image; its version in the query.
    case media(hash: String, file: String, query: RouteQuery)
    /// `/video/<content hash>/<file>`: a file made for an uploaded video (`made-…/hls/master.m3u8`, its
    /// renditions' playlists and segments, `made-…/video.mp4`), by its path below the video's folder.
    case video(hash: String, file: String)
    /// `/uploads`: where resumable uploads (the tus 1.0 protocol) are created and discovered.
    case uploads
    /// `/uploads/<token>`: one resumable upload, its secret token its name.
    case upload(token: String)
    /// `/video/<content hash>`: a video's lasting link (what an article's body links): redirected to
    /// the MP4 of its current make.
    case videoLink(hash: String)
    /// `/apis/news/categories/`: the MIT News apps' categories.
    case mitCategories
    /// `/apis/news/stories/`: the MIT News apps' story lists.
    case mitStories(query: RouteQuery)
    /// `/apis/news/stories/<ID or moniker>`: one story.
    case mitStory(reference: String)
    /// `/floki/v1-app`: the Floki app's version indicator.
    case flokiBeacon
    /// `/floki/v1/appdata`: the Floki app data (no hyphen: Android escapes one in every URL it is given).
    case flokiAppData
    /// `/account/confirm-email`: the page an address confirmation link opens.
    case confirmEmail(query: RouteQuery)
    /// `/account/reset-password`: the page a lost-password link opens.
    case resetPassword(query: RouteQuery)
    /// `/account/style.css`: the pages' style sheet.
    case pageStyleSheet
    /// `/admin…`: a page of the web console.
    case console(ConsoleRoute, query: RouteQuery)
    /// `/healthz`: the process answers.
    case health
    /// `/readyz`: the instance can serve.
    case readiness
    /// `/openapi.json`: the API's description.
    case openAPI

    /// The path of Composr's script, in front of every hook's URL.
    public static let scriptPath = "/data/endpoint.php"

    /// A hook's REST-style URL: `/data/endpoint.php/<hookType>/<hook>/<id>` with `query`.
    public static func hook(_ hookType: String, _ hook: String, id: String? = nil, query: RouteQuery = .none) -> SiteRoute {
        let path =
            "/" + hookType + "/" + hook
            + (id.map {
                "/" + $0.split(separator: "/", omittingEmptySubsequences: false).map { FormURLEncoding.encodeSegment(String($0)) }.joined(separator: "/")
            } ?? "")
        return .endpoint(pathInfo: path, query: query)
    }

    /// Whether `path` is the script's or below it: a hook's route.
    public static func isEndpoint(_ path: String) -> Bool {
        path == Self.scriptPath || path.hasPrefix(Self.scriptPath + "/")
    }

    /// The route `path` and `query` (the text after `?`, if any) name; nil when no route has that path.
    public init?(path: String, query: String?) {
        let query = RouteQuery(raw: query)
        if Self.isEndpoint(path) {
            self = .endpoint(pathInfo: String(path.dropFirst(Self.scriptPath.count)), query: query)
            return
        }
        var segments = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { Substring($0) }
        guard segments.first == "" else { return nil }
        segments.removeFirst()
        // A trailing slash names the same resource (`/apis/news/stories/` and `/apis/news/stories`).
        if segments.count > 1, segments.last == "" { segments.removeLast() }
        if let composr = Self.composrArticle(segments, query) ?? Self.composrTagSearch(segments, query) ?? Self.composrGallery(segments, query) {
            self = composr
            return
        }
        if segments.count >= 3, segments[0] == "video", !segments[1].isEmpty {
            let file = segments.dropFirst(2).map { PathSegment.decode($0) }
            // Only a made file's own path: no empty, `.` or `..` segment (only listed files are served).
            guard file.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("/") }) else { return nil }
            self = .video(hash: PathSegment.decode(segments[1]), file: file.joined(separator: "/"))
            return
        }
        if segments.first == Substring(ConsoleRoute.root) {
            guard let console = ConsoleRoute(segments: Array(segments.dropFirst())) else { return nil }
            self = .console(console, query: query)
            return
        }
        switch segments.count {
        case 1:
            switch segments[0] {
            case "", "news", "site": self = .newsIndex(query: query)
            case "healthz": self = .health
            case "readyz": self = .readiness
            case "openapi.json": self = .openAPI
            case "uploads": self = .uploads
            default: return nil
            }
        case 2:
            switch (segments[0], segments[1]) {
            case ("news", let reference) where !reference.isEmpty: self = .articlePage(reference: PathSegment.decode(reference), query: query)
            case ("uploads", let token) where !token.isEmpty: self = .upload(token: PathSegment.decode(token))
            case ("galleries", let name) where !name.isEmpty: self = .galleryPage(name: PathSegment.decode(name), query: query)
            case ("video", let hash) where !hash.isEmpty: self = .videoLink(hash: PathSegment.decode(hash))
            case ("floki", "v1-app"): self = .flokiBeacon
            case ("account", "confirm-email"): self = .confirmEmail(query: query)
            case ("account", "reset-password"): self = .resetPassword(query: query)
            case ("account", "style.css"): self = .pageStyleSheet
            default: return nil
            }
        case 3:
            switch (segments[0], segments[1], segments[2]) {
            case ("media", let hash, let file) where !hash.isEmpty && !file.isEmpty:
                self = .media(hash: PathSegment.decode(hash), file: PathSegment.decode(file), query: query)
            case ("news", "shared", let token) where !token.isEmpty: self = .sharedDraft(token: PathSegment.decode(token))
            case ("news", "tag", let moniker) where !moniker.isEmpty: self = .tagPage(moniker: PathSegment.decode(moniker))
            case ("floki", "v1", "appdata"): self = .flokiAppData
            case ("apis", "news", "categories"): self = .mitCategories
            case ("apis", "news", "stories"): self = .mitStories(query: query)
            default: return nil
            }
        case 4:
            guard segments[0] == "apis", segments[1] == "news", segments[2] == "stories", !segments[3].isEmpty else { return nil }
            self = .mitStory(reference: PathSegment.decode(segments[3]))
        default:
            return nil
        }
    }

    /// The Composr article address `segments` (after the leading slash) and `query` name, if they do.
    private static func composrArticle(_ segments: [Substring], _ query: RouteQuery) -> SiteRoute? {
        let path = segments.first == "site" ? segments.dropFirst() : segments[...]
        if path.count == 1, path.first == "index.php" {
            guard query.first("page") == "news", query.first("type") == "view", let id = query.first("id"), !id.isEmpty else { return nil }
            return .composrArticle(reference: id)
        }
        guard path.count >= 3, path.prefix(2).elementsEqual(["news", "view"]) else { return nil }
        var parts = path.dropFirst(2).map { PathSegment.decode($0) }
        if let last = parts.last, last.hasSuffix(".htm") { parts[parts.count - 1] = String(last.dropLast(4)) }
        guard parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        return .composrArticle(reference: parts.joined(separator: "/"))
    }

    /// The Composr gallery address `segments` and `query` name, if they do.
    private static func composrGallery(_ segments: [Substring], _ query: RouteQuery) -> SiteRoute? {
        let path = segments.first == "site" ? segments.dropFirst() : segments[...]
        if path.elementsEqual(["index.php"]) {
            guard query.first("page") == "galleries" else { return nil }
            return ComposrGalleryAddress(type: query.first("type") ?? "browse", id: query.first("id")).map(SiteRoute.composrGallery)
        }
        guard path.count == 3, path.first == "galleries" else { return nil }
        var id = PathSegment.decode(path[path.index(before: path.endIndex)])
        if id.hasSuffix(".htm") { id = String(id.dropLast(4)) }
        return ComposrGalleryAddress(type: String(path[path.index(after: path.startIndex)]), id: id).map(SiteRoute.composrGallery)
    }

    /// The Composr tag search `segments` and `query` name, if they do: the tag is what `content` holds,
    /// its quotes (Composr's tag links search the tag as a phrase) taken off.
    private static func composrTagSearch(_ segments: [Substring], _ query: RouteQuery) -> SiteRoute? {
        let path = segments.first == "site" ? segments.dropFirst() : segments[...]
        let isSearch =
            path.elementsEqual(["index.php"])
            ? query.first("page") == "search" && query.first("type") == "results"
            : path.elementsEqual(["search", "results.htm"]) || path.elementsEqual(["search", "results"])
        guard isSearch, query.first("only_search_meta") == "1", let content = query.first("content") else { return nil }
        // By scalars: a quote followed by a combining mark is one character with it.
        var tag = content.unicodeScalars[...]
        if tag.count >= 2, tag.first == "\"", tag.last == "\"" { tag = tag.dropFirst().dropLast() }
        return tag.isEmpty ? nil : .composrTagSearch(tag: String(String.UnicodeScalarView(tag)))
    }

    /// The route's path, its segments percent-encoded.
    public var path: String {
        switch self {
        case .endpoint(let pathInfo, _): Self.scriptPath + pathInfo
        case .newsIndex: "/news"
        case .articlePage(let reference, _): "/news/" + FormURLEncoding.encodeSegment(reference)
        case .sharedDraft(let token): "/news/shared/" + FormURLEncoding.encodeSegment(token)
        case .tagPage(let moniker): "/news/tag/" + FormURLEncoding.encodeSegment(moniker)
        case .composrTagSearch: "/search/results.htm"
        case .galleryPage(let name, _): "/galleries/" + FormURLEncoding.encodeSegment(name)
        case .composrGallery(let address): "/galleries/" + address.segments.map(FormURLEncoding.encodeSegment).joined(separator: "/")
        case .composrArticle(let reference):
            "/news/view/"
                + reference.split(separator: "/", omittingEmptySubsequences: false).map { FormURLEncoding.encodeSegment(String($0)) }.joined(separator: "/")
        case .media(let hash, let file, _): "/media/" + FormURLEncoding.encodeSegment(hash) + "/" + FormURLEncoding.encodeSegment(file)
        case .video(let hash, let file):
            "/video/" + FormURLEncoding.encodeSegment(hash) + "/"
                + file.split(separator: "/", omittingEmptySubsequences: false).map { FormURLEncoding.encodeSegment(String($0)) }.joined(separator: "/")
        case .videoLink(let hash): "/video/" + FormURLEncoding.encodeSegment(hash)
        case .uploads: "/uploads"
        case .upload(let token): "/uploads/" + FormURLEncoding.encodeSegment(token)
        case .mitCategories: "/apis/news/categories/"
        case .mitStories: "/apis/news/stories/"
        case .mitStory(let reference): "/apis/news/stories/" + FormURLEncoding.encodeSegment(reference)
        case .flokiBeacon: "/floki/v1-app"
        case .flokiAppData: "/floki/v1/appdata"
        case .confirmEmail: "/account/confirm-email"
        case .resetPassword: "/account/reset-password"
        case .pageStyleSheet: "/account/style.css"
        case .console(let route, _): route.path
        case .health: "/healthz"
        case .readiness: "/readyz"
        case .openAPI: "/openapi.json"
        }
    }

    /// The route's query, if it has one.
    public var query: RouteQuery {
        switch self {
        case .endpoint(_, let query), .newsIndex(let query), .articlePage(_, let query), .galleryPage(_, let query), .media(_, _, let query),
            .mitStories(let query),
            .confirmEmail(let query),
            .resetPassword(let query), .console(_, let query):
            query
        case .composrTagSearch(let tag): RouteQuery([("content", "\"" + tag + "\""), ("only_search_meta", "1")])
        case .composrArticle, .composrGallery, .sharedDraft, .tagPage, .video, .videoLink, .uploads, .upload, .mitCategories, .mitStory, .flokiBeacon,
            .flokiAppData,
            .pageStyleSheet,
            .health,
            .readiness, .openAPI:
            .none
        }
    }

    /// The path and query, as a request names them (what ``init(path:query:)`` reads back).
    public var target: String {
        self.query.raw.map { self.path + "?" + $0 } ?? self.path
    }

    /// The absolute URL on `base`, the site's public URL (without a trailing slash).
    public func url(on base: String) -> String {
        base + self.target
    }
}
