import Routes

/// What the news index page (`/news`, and the site's root) shows: the newest shown articles, each with
/// its page's address and publication time, and the categories that have any, each with the index of
/// its own; the page escapes all of it.
public struct NewsIndexContent: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var title: String
        public var summary: String
        public var path: String
        public var publishedAt: Int
    }

    public struct Category: Sendable, Equatable {
        public var label: String
        public var path: String
        public var articleCount: Int
        public var isChosen: Bool
    }

    public var articles: [Entry]
    public var categories: [Category]
    /// The category shown alone, if one is.
    public var chosen: String?
    /// The tag whose articles are shown, if one is (`/news/tag/<moniker>`).
    public var tag: ArticleTag?

    init(articles: [PublishedArticle], categories: [PublishedCategory], chosen: PublishedCategory?, tag: ArticleTag? = nil) {
        self.articles = articles.map { published in
            Entry(
                title: published.article.title, summary: published.article.shownSummary,
                path: SiteRoute.articlePage(reference: published.moniker, query: .none).target, publishedAt: published.article.addDate)
        }
        self.categories = categories.map { category in
            Category(
                label: category.category.label, path: SiteRoute.newsIndex(query: RouteQuery([("category", String(category.category.id))])).target,
                articleCount: category.articleCount, isChosen: category.category.id == chosen?.category.id)
        }
        self.chosen = chosen?.category.label
        self.tag = tag
    }
}
