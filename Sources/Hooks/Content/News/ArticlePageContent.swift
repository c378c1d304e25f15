public import SiteStore

/// What the article page (`GET /news/<id or moniker>`, the page `web_url` and Floki's `share_url`
/// open) shows of a shown article, with the values the news API gives for it; the page escapes all
/// of it except ``bodyHTML``, which ``ArticleBody`` already made of escaped text.
public struct ArticlePageContent: Sendable, Equatable {
    public var title: String
    public var summary: String
    public var author: String
    public var bodyHTML: String
    public var externalURL: String?
    /// The page's own absolute URL (Open Graph `og:url`).
    public var webURL: String
    /// The largest picture for previews (Open Graph `og:image`) and the page.
    public var imageURL: String?
    public var imageCaption: String
    public var publishedAt: Int
    public var updatedAt: Int

    /// The shown article with this ID or moniker, or nil.
    public static func load(_ reference: String, database: Database, publicURL: String) async throws -> ArticlePageContent? {
        let now = UnixTime.now
        guard let published = try await database.withConnection({ try await NewsFeedStore.article(reference, now: now, on: $0) }) else {
            return nil
        }
        let json = NewsJSON(publicURL: publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL, device: .tablet, fields: nil)
        let article = published.article
        let image = json.image(article)
        return ArticlePageContent(
            title: article.title, summary: article.summary, author: article.author,
            bodyHTML: article.externalURL.isEmpty ? ArticleBody.html(article.article) : "",
            externalURL: Self.isWebLink(article.externalURL) ? article.externalURL : nil, webURL: json.webURL(published),
            imageURL: image.map { $0.url(for: .tablet) }, imageCaption: image?.caption ?? "",
            publishedAt: article.addDate, updatedAt: article.updatedAt
        )
    }

    /// Only http(s) links become a link on the page, whatever was written to the database directly.
    private static func isWebLink(_ url: String) -> Bool {
        let lower = url.lowercased()
        return (lower.hasPrefix("http://") || lower.hasPrefix("https://")) && NewsImage.isURL(url)
    }
}
