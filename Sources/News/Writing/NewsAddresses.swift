package import EndpointCore
import Media
import Messages
import RichText

/// The one rule for every address a writer gives news (an article's image, its external story, its
/// gallery's images; an imported article's or category's image): the allowlist's, by which the
/// body's own links and images are written. An image is `http`, `https` or a path of this site; a
/// link may also be `mailto`; an address on the site's public URL is kept as its path, and nothing
/// else (`javascript:`, `data:`, `//other.example`, `PUBLIC_URL//other.example`) is taken.
package enum NewsAddresses {
    /// `raw` if it may be an image's address (a media library reference such as `media:<id>`, or
    /// what the allowlist takes, which gives an address on the site as its path); nil when not.
    /// Empty stays empty.
    package static func image(_ raw: String, publicURL: String) -> String? {
        guard !raw.isEmpty else { return raw }
        if MediaLinks.reference(raw, publicURL: publicURL) != nil { return raw }
        return HTMLAllowlist(publicURL: publicURL).imageSource(raw)
    }

    /// `raw` as the allowlist writes a link (an address on the site as its path); nil when it is no
    /// address a link may have. Empty stays empty.
    package static func link(_ raw: String, publicURL: String) -> String? {
        guard !raw.isEmpty else { return raw }
        return HTMLAllowlist(publicURL: publicURL).link(raw)?.url
    }

    /// Whether `raw` may be an article's external story: an absolute `http` or `https` address of
    /// printable characters (its length is the writer's limit, ``ArticleFieldCheck``). The faces that
    /// take one (commandr_fs, the console) ask this, each with its own sentence.
    package static func isExternalStory(_ raw: String) -> Bool {
        let lower = raw.lowercased()
        return (lower.hasPrefix("http://") || lower.hasPrefix("https://")) && raw.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F }
    }

    /// Refuses `changes` naming the first field whose address is none; the addresses are stored as
    /// given.
    package static func check(_ changes: NewsArticleChanges, publicURL: String) throws {
        if let image = changes.image, Self.image(image, publicURL: publicURL) == nil { throw Refusal.invalid(.newsBadAddress, "image") }
        if let external = changes.externalURL, Self.link(external, publicURL: publicURL) == nil {
            throw Refusal.invalid(.newsBadAddress, "external_url")
        }
        if let gallery = changes.gallery, case .array(let entries)? = JSONValue(parsing: gallery) {
            for entry in entries {
                guard case .string(let url)? = entry["url"] else { continue }
                guard Self.image(url, publicURL: publicURL) != nil else { throw Refusal.invalid(.newsBadAddress, "gallery") }
            }
        }
    }
}
