import SiteStore

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

    /// What the page shows of `published`, with the links and picture `json` gives it.
    init(_ published: PublishedArticle, json: NewsJSON) {
        let article = published.article
        let image = json.image(article)
        self.title = article.title
        self.summary = article.summary
        self.author = article.author
        self.bodyHTML = article.externalURL.isEmpty ? ArticleBody.html(article.article) : ""
        self.externalURL = Self.isWebLink(article.externalURL) ? article.externalURL : nil
        self.webURL = json.webURL(published)
        self.imageURL = image.map { $0.url(for: .tablet) }
        self.imageCaption = image?.caption ?? ""
        self.publishedAt = article.addDate
        self.updatedAt = article.updatedAt
    }

    /// Only http(s) links become a link on the page, whatever was written to the database directly.
    private static func isWebLink(_ url: String) -> Bool {
        let lower = url.lowercased()
        return (lower.hasPrefix("http://") || lower.hasPrefix("https://")) && NewsImage.isURL(url)
    }
}
