public import SiteStore

/// Where an image and its versions are served, and how administrators name an image elsewhere (an
/// article's `image`, a gallery entry's `url`): `media:<id>`, or the URL its upload answered.
///
/// Paths are site-relative (`/media/<content hash>/<name>.<extension>`, a version's query after it), so
/// they stay right when the public URL changes; answers make them absolute. The hash makes every URL
/// immutable: other bytes are another image with other URLs.
public enum MediaLinks {
    /// The first path segment images are served under.
    public static let folder = "media"

    /// The image's path, `version`'s query after it.
    public static func path(of image: MediaRecord, _ version: MediaVersion = .original) -> String {
        let format = MediaFormat(rawValue: image.mediaType) ?? .jpeg
        let path = "/\(Self.folder)/\(image.contentHash)/\(Moniker.base(for: image.name)).\(format.fileExtension)"
        return version.query.map { path + "?" + $0 } ?? path
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
        var path = Substring(text)
        if !publicURL.isEmpty, path.hasPrefix(publicURL + "/") { path = path.dropFirst(publicURL.count) }
        let beforeQuery = path.prefix { $0 != "?" }
        let segments = beforeQuery.split(separator: "/", omittingEmptySubsequences: false)
        guard path.hasPrefix("/"), segments.count == 4, segments[1] == Self.folder, Self.isContentHash(segments[2]) else { return nil }
        return .contentHash(String(segments[2]))
    }

    /// Whether `text` has the shape of a content hash: 64 lower-case hex digits.
    public static func isContentHash(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
