import Routes

/// How a tag link on an article's page opens the tag's stories in a Floki app, written together so
/// they agree: the page links each tag to its page (``SiteRoute/tagPage(moniker:)``); the app data's
/// News tabs carry the expression (``pattern``) the iOS client tests every link an article's page
/// follows against, and the address (``feedPath``) it opens with what it captured — the tag's feed,
/// page by page (`_PAGE_` from 1, *Search URL substitution*) — instead of following the link.
enum ArticleTagLink {
    /// What a tag link looks like, its group capturing the tag's moniker as the page printed it (an
    /// ICU regular expression, as the client compiles it).
    static let pattern = #"/news/tag/([^/?#]+)"#

    /// What a Floki feed's reference starts with for a tag's feed: `feed/tag/<moniker>`.
    static let feedPrefix = "tag/"

    /// The tag's feed, `_WORDS_` standing for its moniker and `_PAGE_` for the page (site-relative:
    /// the app data makes it absolute).
    static let feedPath = SiteRoute.hook(
        "content", "news", id: "feed/" + Self.feedPrefix + FlokiOption.wordsPlaceholder,
        query: RouteQuery([
            ("response_type", "floki"), ("page", FlokiOption.pagePlaceholder), ("keep_lang", FlokiOption.languagePlaceholder),
        ])
    ).target
}
