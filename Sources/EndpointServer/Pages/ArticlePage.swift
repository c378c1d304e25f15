import Foundation
import HTTPTypes
import Hooks
import Hummingbird
import Messages
import Mustache
import News
import Routes
import Storage

/// `GET /news/<id or moniker>`: a shown article as a small web page, what `web_url` and Floki's
/// `share_url` open and what shared links preview (Open Graph title, description, image). The same
/// layout, style sheet and strict `Content-Security-Policy` as the account pages, with images allowed
/// from this site and over HTTPS; every value is escaped by the template. Unknown or hidden articles
/// are a 404 page; while the database is unavailable, a 503 page says so (``FailureAnswers``). The
/// reference opens however a client percent-encoded it (``SiteRoute``).
struct ArticlePage: Sendable {
    let news: NewsResponder
    let shareLinks: ArticleShareLinks
    let config: ConfigStore
    let languages: LanguageNegotiation

    /// The page of the article `reference` names (a 404 page when none is shown). `device` is the `d`
    /// a Floki client appends to every URL it opens: the body's images come at that device's size
    /// (a browser, which sends none, gets the tablet's, and picks from each image's `srcset`).
    func show(_ reference: String, device: String?, _ request: Request) async throws -> Response {
        let messages = await self.languages.catalog(for: request)
        let options = try await self.config.options()
        var context: [String: Any] = ["language": messages.tag, "site": options.siteName]
        guard reference.utf8.count <= 200, let article = try await self.news.articlePage(reference, device: device) else {
            // An article whose slug was changed: its old address leads to it for good.
            if reference.utf8.count <= 200, let moniker = try await self.news.articleMoniker(formerly: reference) {
                return Response(
                    status: .movedPermanently,
                    headers: [.location: SiteRoute.articlePage(reference: moniker, query: .none).target, .cacheControl: "public, max-age=86400"])
            }
            return self.notFound(context, messages: messages)
        }
        Self.show(article, in: &context, messages: messages)
        let maxAge = options.integer(.newsMaxAgeSeconds)
        var response = Self.response(.ok, context, messages: messages, cacheControl: "public, max-age=\(maxAge), stale-while-revalidate=300")
        response.headers[.lastModified] = HTTPDate.format(article.updatedAt)
        return response
    }

    /// The page of a draft as `article` shows it, for its preview and its share link: the reader's page
    /// with no address of its own (no canonical link, no `og:url`) and asking not to be indexed.
    static func draftHTML(_ article: ArticlePageContent, messages: MessageCatalog, siteName: String) -> String {
        var context: [String: Any] = ["language": messages.tag, "site": siteName, "draft": true]
        Self.show(article, in: &context, messages: messages)
        return PageTemplate.article.render(context)
    }

    /// `GET /news/shared/<token>`: the draft page shared under `token`, as it was shared; the 404 page
    /// once the link expired or was revoked. Never stored, indexed, or sent on as a referrer.
    func shared(_ token: String, _ request: Request) async throws -> Response {
        guard let html = try await self.shareLinks.page(token: token) else {
            let messages = await self.languages.catalog(for: request)
            let context: [String: Any] = [
                "language": messages.tag, "site": try await self.config.options().siteName, "title": messages.text(.pageProblemTitle),
                "error": messages.text(.newsNoSuchShareLink), "draft": true,
            ]
            return Self.draftResponse(Self.response(.notFound, context, messages: messages, cacheControl: "no-store"))
        }
        var headers = Self.headers(cacheControl: "no-store", framing: .none)
        headers[.contentType] = "text/html; charset=utf-8"
        return Self.draftResponse(Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html))))
    }

    /// A draft's page as served: not indexed, no referrer sent from it.
    private static func draftResponse(_ response: Response) -> Response {
        var response = response
        response.headers[Self.robotsTag] = "noindex, nofollow, noarchive"
        response.headers[.referrerPolicy] = "no-referrer"
        return response
    }

    static let robotsTag = HTTPField.Name("X-Robots-Tag")!

    /// Fills `context` with what the page shows of `article`.
    private static func show(_ article: ArticlePageContent, in context: inout [String: Any], messages: MessageCatalog) {
        let date = DateWording(catalog: messages, timeZone: .gmt).date(article.publishedAt)
        context["title"] = article.title
        context["headTitle"] = article.shareTitle
        var shown: [String: Any] = [
            "summary": article.summary, "url": article.webURL, "shareTitle": article.shareTitle, "description": article.shareDescription,
            "body": article.bodyHTML, "caption": article.imageCaption, "credit": article.imageCredit, "alt": article.imageAlt,
            "byline": article.author.isEmpty ? date : messages.text(.newsFooter, article.author, date),
        ]
        if let video = article.video {
            shown["video"] = [
                "hls": video.hls, "mp4": video.mp4, "poster": video.poster ?? "", "width": video.width, "height": video.height,
                "caption": video.caption, "credit": video.credit,
            ]
        } else if let image = article.imageURL {
            shown["image"] = image
        }
        if let sources = article.imageSources { shown["sources"] = sources }
        if let shareImage = article.shareImageURL { shown["shareImage"] = shareImage }
        if let external = article.externalURL { shown["external"] = external }
        if !article.tags.isEmpty {
            shown["tags_title"] = messages.text(.tags)
            shown["tags"] = article.tags.map { ["label": $0.label, "path": $0.path] }
        }
        if !article.gallery.isEmpty {
            shown["gallery"] = article.gallery.map { figure -> [String: Any] in
                ["source": figure.source, "link": figure.link, "caption": figure.caption, "credit": figure.credit, "alt": figure.alt]
            }
            shown["gallery_title"] = messages.text(.gallery)
        }
        context["article"] = shown
    }

    /// A link to an article on the Composr site this server replaced: a permanent redirect to the
    /// article's page here (which answers for itself whether it is shown), or the 404 page.
    func redirect(fromComposr reference: String, _ request: Request) async throws -> Response {
        guard reference.utf8.count <= 200, let id = try await self.news.articleID(atComposrAddress: reference) else {
            let messages = await self.languages.catalog(for: request)
            let options = try await self.config.options()
            return self.notFound(["language": messages.tag, "site": options.siteName], messages: messages)
        }
        return Response(
            status: .movedPermanently,
            headers: [.location: SiteRoute.articlePage(reference: String(id), query: .none).target, .cacheControl: "public, max-age=86400"])
    }

    private func notFound(_ context: [String: Any], messages: MessageCatalog) -> Response {
        var context = context
        context["title"] = messages.text(.pageProblemTitle)
        context["error"] = messages.text(.newsUnknownArticle)
        return Self.response(.notFound, context, messages: messages, cacheControl: "no-store")
    }

    static func response(
        _ status: HTTPResponse.Status, _ context: [String: Any], messages: MessageCatalog, cacheControl: String,
        template: MustacheTemplate = PageTemplate.article
    ) -> Response {
        var headers = Self.headers(cacheControl: cacheControl, framing: .none)
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.contentLanguage] = messages.tag
        headers[.vary] = "Accept-Language"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: template.render(context))))
    }

    /// Who may show the page in a frame: nobody, or this site's own pages (the console's preview).
    enum Framing {
        case none, sameOrigin
    }

    /// The headers every article page is served with: images and video from this site and over HTTPS,
    /// nothing else loaded, no script.
    static func headers(cacheControl: String, framing: Framing) -> HTTPFields {
        let ancestors = framing == .none ? "'none'" : "'self'"
        return [
            .cacheControl: cacheControl,
            .contentSecurityPolicy:
                "default-src 'none'; style-src 'self'; img-src 'self' https: data:; media-src 'self' https:; frame-ancestors \(ancestors); base-uri 'none'; form-action 'none'",
            .xContentTypeOptions: "nosniff",
            .xFrameOptions: framing == .none ? "DENY" : "SAMEORIGIN",
            .referrerPolicy: "strict-origin-when-cross-origin",
        ]
    }
}
