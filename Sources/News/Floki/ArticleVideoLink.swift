import Media
import Routes

/// How a link to a video inside an article opens the Floki apps' movie controller, written together
/// so they agree: a body links a video by its lasting link (``VideoLinks/link(of:)``); the app data's
/// News tabs carry the expression (``pattern``, ``VideoLinks/linkPattern``) the iOS client tests every
/// link an article's page follows against, and the address (``feedPath``) it opens with what it
/// captured — the video's own feed, `{"items": [a movie item]}` — instead of following the link.
enum ArticleVideoLink {
    static let pattern = VideoLinks.linkPattern

    /// The video's feed, `_WORDS_` standing for its content hash (site-relative: the app data makes
    /// it absolute).
    static let feedPath = SiteRoute.hook(
        "content", "news", id: "video/" + FlokiOption.wordsPlaceholder,
        query: RouteQuery([("response_type", "floki"), ("keep_lang", FlokiOption.languagePlaceholder)])
    ).target
}
