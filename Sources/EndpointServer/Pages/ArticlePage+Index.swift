import Foundation
import Hummingbird
import Messages
import News
import Routes
import Storage

extension ArticlePage {
    /// `GET /news` (and the site's root, `/site/`): the newest shown articles, of one category with
    /// `?category=<ID or moniker>`, and the categories that have any, so a moved site's home and its
    /// old zone are a page of its news, not a blank 404.
    func index(category: String?, _ request: Request) async throws -> Response {
        let messages = await self.languages.catalog(for: request)
        let options = try await self.config.options()
        let content = try await self.news.newsIndex(category: category)
        let dates = DateWording(catalog: messages, timeZone: .gmt)
        let context: [String: Any] = [
            "language": messages.tag, "site": options.siteName, "title": content.chosen ?? messages.text(.news),
            "categories_title": messages.text(.newsCategories), "none": content.articles.isEmpty ? messages.text(.newsNoneYet) : false,
            "all": ["path": SiteRoute.newsIndex(query: .none).target, "label": messages.text(.news), "current": content.chosen == nil],
            "articles": content.articles.map { ["title": $0.title, "summary": $0.summary, "path": $0.path, "date": dates.date($0.publishedAt)] },
            "categories": content.categories.map { ["label": $0.label, "path": $0.path, "count": $0.articleCount, "current": $0.isChosen] },
        ]
        return self.response(
            .ok, context, messages: messages, cacheControl: "public, max-age=\(options.integer(.newsMaxAgeSeconds)), stale-while-revalidate=300",
            template: PageTemplate.newsIndex)
    }
}
