public import Routes

/// The addresses of `content/galleries`, printed here and read by its hook: the galleries are the
/// resource ``resource``, one of them ``resource``/`<name>`; a gallery's Floki feed is
/// ``flokiResource``/`<name>` (as news feeds are `content/news/feed/<category>`); what changed since a
/// token is ``changes``.
public enum GalleryLinks {
    public static let resource = "galleries"
    public static let flokiResource = "feed"
    public static let changes = "changes"

    /// A gallery's feed for the Floki apps (a Gallery tab's `main_url`, a gallery item's `url`):
    /// ending where the clients append their language code.
    public static func flokiFeed(_ name: String) -> SiteRoute {
        SiteRoute.hook("content", "galleries", id: Self.flokiResource + "/" + name, query: RouteQuery([("response_type", "floki"), ("keep_lang", "")]))
    }
}
