import Foundation
import Hummingbird
import Messages
import News
import Routes
import Storage
import Text

extension ArticlePage {
    /// `GET /news` (and the site's root, `/site/`): the newest shown articles, of one category with
    /// `?category=<ID or moniker>`, and the categories that have any, so a moved site's home and its
    /// old zone are a page of its news, not a blank 404.
    func index(category: String?, _ request: Request) async throws -> Response {
        try await self.index(try await self.news.newsIndex(category: category), request)
    }

    /// `GET /news/tag/<moniker>`: the tag's newest shown articles, as the index shows a category's
    /// (the 404 page for a tag the site does not have).
    func tag(_ moniker: String, _ request: Request) async throws -> Response {
        guard let content = try await self.news.tagIndex(moniker) else {
            let messages = await self.languages.catalog(for: request)
            let options = try await self.config.options()
            return Self.response(
                .notFound,
                [
                    "language": messages.tag, "site": options.siteName, "title": messages.text(.pageProblemTitle),
                    "error": messages.text(.newsUnknownTag, TextLength.prefix(moniker, 60)),
                ],
                messages: messages, cacheControl: "no-store")
        }
        return try await self.index(content, request)
    }

    /// A tag search on the Composr site this server replaced: a permanent redirect to the tag's page,
    /// or the tag's 404 page when the site has no such tag.
    func redirect(fromComposrTag label: String, _ request: Request) async throws -> Response {
        guard let moniker = try await self.news.tagMoniker(labelled: label) else { return try await self.tag(label, request) }
        return Response(
            status: .movedPermanently, headers: [.location: SiteRoute.tagPage(moniker: moniker).target, .cacheControl: "public, max-age=86400"])
    }

    private func index(_ content: NewsIndexContent, _ request: Request) async throws -> Response {
        let messages = await self.languages.catalog(for: request)
        let options = try await self.config.options()
        let title = content.tag.map { messages.text(.newsTagged, $0.label) } ?? content.chosen ?? messages.text(.news)
        let dates = DateWording(catalog: messages, timeZone: .gmt)
        let context: [String: Any] = [
            "language": messages.tag, "site": options.siteName, "title": title,
            "categories_title": messages.text(.newsCategories), "none": content.articles.isEmpty ? messages.text(.newsNoneYet) : false,
            "all": ["path": SiteRoute.newsIndex(query: .none).target, "label": messages.text(.news), "current": content.chosen == nil && content.tag == nil],
            "articles": content.articles.map { ["title": $0.title, "summary": $0.summary, "path": $0.path, "date": dates.date($0.publishedAt)] },
            "categories": content.categories.map { ["label": $0.label, "path": $0.path, "count": $0.articleCount, "current": $0.isChosen] },
        ]
        return Self.response(
            .ok, context, messages: messages, cacheControl: "public, max-age=\(options.integer(.newsMaxAgeSeconds)), stale-while-revalidate=300",
            template: PageTemplate.newsIndex)
    }
}
