import Routes

/// How an article's page links its gallery images and how a Floki app opens the gallery from there,
/// written together so they agree: each image links to its full version with the article named
/// (`?gallery=<article ID>`, which the image route ignores, so a browser shows the image), and the
/// app data's Gallery tab carries the expression (``pattern``) the iOS client tests every link the
/// page's web view follows against, and the address (``feedPath``) it opens with what it captured —
/// the article's gallery feed — instead of following the link.
enum ArticleGalleryLink {
    /// The query of a gallery image's link on the page of article `articleID`.
    static func pairs(articleID: Int) -> [(name: String, value: String)] {
        [("gallery", String(articleID))]
    }

    /// What a link with ``pairs(articleID:)`` looks like, its group capturing the article's ID (an ICU
    /// regular expression, as the client compiles it).
    static let pattern = #"/media/[0-9a-f]{64}/[^?#]+\?(?:[^#]*&)?gallery=([0-9]+)"#

    /// The article's gallery feed, `_WORDS_` standing for its ID (site-relative: the app data makes it
    /// absolute).
    static let feedPath = SiteRoute.hook(
        "content", "news", id: "gallery/" + FlokiOption.wordsPlaceholder,
        query: RouteQuery([("response_type", "floki"), ("keep_lang", FlokiOption.languagePlaceholder)])
    ).target
}
