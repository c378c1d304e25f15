public import Routes
public import Text

/// Where an image and its versions are served, and how administrators name an image elsewhere (an
/// article's `image`, a gallery entry's `url`): `media:<id>`, or the URL its upload answered.
///
/// Paths are site-relative (`/media/<content hash>/<name>.<extension>`, a version's query after it), so
/// they stay right when the public URL changes; answers make them absolute. The hash makes every URL
/// immutable: other bytes are another image with other URLs.
public enum MediaLinks {
    /// The route of the image's `version`, with `extra` query fields after the version's (an article
    /// page's `gallery`).
    public static func route(of image: MediaRecord, _ version: MediaVersion = .original, extra: [(name: String, value: String)] = []) -> SiteRoute {
        let format = MediaFormat(rawValue: image.mediaType) ?? .jpeg
        return .media(
            hash: image.contentHash, file: Moniker.base(for: image.name) + "." + format.fileExtension, query: RouteQuery(version.queryPairs + extra))
    }

    /// The image's site-relative URL, `version`'s query after it.
    public static func path(of image: MediaRecord, _ version: MediaVersion = .original) -> String {
        Self.route(of: image, version).target
    }

    /// The route of this site's uploaded image that `stored` (its URL, absolute on `publicURL` or
    /// site-relative, as written in an article) names, with `query` instead of the one it had; nil for
    /// anything else.
    public static func route(ofStored stored: String, publicURL: String, query: RouteQuery) -> SiteRoute? {
        guard case .media(let hash, let file, _)? = Self.route(stored, publicURL: publicURL), Self.isContentHash(hash) else { return nil }
        return .media(hash: hash, file: file, query: query)
    }

    /// The route `text` (a URL on `publicURL`, or site-relative) names, its query left out.
    private static func route(_ text: String, publicURL: String) -> SiteRoute? {
        var path = Substring(text)
        if !publicURL.isEmpty, path.hasPrefix(publicURL + "/") { path = path.dropFirst(publicURL.count) }
        guard path.hasPrefix("/") else { return nil }
        return SiteRoute(path: String(path.prefix { $0 != "?" }), query: nil)
    }

    /// An image named by an administrator.
    public enum Reference: Equatable, Sendable {
        case id(Int)
        case contentHash(String)
    }

    /// The image `text` names: `media:<id>`, or an image path or URL of this site (`publicURL`);
    /// nil for anything else (an external image, which stays as it is).
    public static func reference(_ text: String, publicURL: String) -> Reference? {
        if text.hasPrefix("media:") {
            return Int(text.dropFirst("media:".count)).map(Reference.id)
        }
        guard case .media(let hash, _, _)? = Self.route(text, publicURL: publicURL), Self.isContentHash(hash) else { return nil }
        return .contentHash(hash)
    }

    /// Whether `text` has the shape of a content hash: 64 lower-case hex digits.
    public static func isContentHash(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
