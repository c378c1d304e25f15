package import EndpointCore
package import Media
import Messages
package import Storage
import Text

/// Articles' images that name uploaded ones (`media:<id>`, or the URL the upload answered): written
/// with the image's path, size, caption and credit (unless the write gives its own) and the versions
/// the server makes as `variants`, so the news API reads them like any declared image. Which articles
/// show which images (their own, their gallery's, their body's) is recorded, so an image in use is not
/// deleted.
package enum ArticleImages {
    /// The versions of `image` as an article's `variants` (name → `{url, width, height}`).
    package static func variants(of image: MediaRecord) -> JSONValue {
        .object(
            MediaVersion.all.compactMap { version in
                guard let name = Self.name(of: version) else { return nil }
                let size = version.size(ofWidth: image.width, height: image.height)
                return (name, ["url": .string(MediaLinks.path(of: image, version)), "width": .int(size.width), "height": .int(size.height)])
            })
    }

    /// Rewrites `changes.image` when it names an uploaded image; when it replaces one with an external
    /// image, the versions and size of the one it replaces are dropped (unless the write gives others).
    package static func expandImage(_ changes: inout NewsArticleChanges, current: JSONValue, publicURL: String, on connection: StoreConnection) async throws {
        guard let text = changes.image else { return }
        guard let image = try await Self.image(named: text, publicURL: publicURL, on: connection) else {
            if case .string(let old)? = current["image"], MediaLinks.reference(old, publicURL: publicURL) != nil {
                changes.imageVariants = changes.imageVariants ?? "{}"
                changes.imageWidth = changes.imageWidth ?? .some(nil)
                changes.imageHeight = changes.imageHeight ?? .some(nil)
            }
            return
        }
        changes.image = MediaLinks.path(of: image)
        changes.imageWidth = .some(image.width)
        changes.imageHeight = .some(image.height)
        if changes.imageCaption == nil, !image.caption.isEmpty { changes.imageCaption = image.caption }
        if changes.imageCredit == nil, !image.credit.isEmpty { changes.imageCredit = image.credit }
        changes.imageVariants = Self.variants(of: image).serialized
    }

    /// The changes' social image as kept: the library's image it names (`media:<id>`, or its URL) as
    /// its path, a web address as written; anything else is refused.
    package static func expandSocialImage(_ changes: inout NewsArticleChanges, publicURL: String, on connection: StoreConnection) async throws {
        guard let text = changes.socialImage?.trimmingWhitespace, !text.isEmpty else { return }
        if let image = try await Self.image(named: text, publicURL: publicURL, on: connection) {
            changes.socialImage = MediaLinks.path(of: image)
        } else {
            guard NewsAddresses.isExternalStory(text) else { throw Refusal.invalid(.invalidProperty, "social_image") }
            changes.socialImage = text
        }
    }

    /// `gallery` with each entry whose `url` names an uploaded image rewritten the same way.
    package static func expandGallery(_ gallery: JSONValue, publicURL: String, on connection: StoreConnection) async throws -> JSONValue {
        guard case .array(let entries) = gallery else { return gallery }
        var expanded: [JSONValue] = []
        for entry in entries {
            guard case .object(var pairs) = entry, case .string(let url)? = entry["url"],
                let image = try await Self.image(named: url, publicURL: publicURL, on: connection)
            else {
                expanded.append(entry)
                continue
            }
            // The library's path, size and versions always; its caption and credit unless the entry gives its own.
            let fromLibrary = ["url", "width", "height", "variants"]
            pairs.removeAll { fromLibrary.contains($0.key) }
            for (key, value) in Self.entry(of: image) where fromLibrary.contains(key) || entry[key] == nil { pairs.append((key, value)) }
            expanded.append(.object(pairs))
        }
        return .array(expanded)
    }

    /// `image` as a gallery entry is stored (its path, size, caption, credit and versions); the body's
    /// images are kept so too.
    static func entry(of image: MediaRecord) -> [(key: String, value: JSONValue)] {
        [
            ("url", .string(MediaLinks.path(of: image))), ("width", .int(image.width)), ("height", .int(image.height)),
            ("variants", Self.variants(of: image)), ("caption", .string(image.caption)), ("credit", .string(image.credit)),
        ]
    }

    /// Records which uploaded images `article` shows now: its own, its gallery's and its body's
    /// (`replacing` those it showed before; a new article showed none).
    static func link(_ article: NewsArticle, publicURL: String, replacing: Bool, on connection: StoreConnection) async throws {
        var urls = [article.image]
        for stored in [article.gallery, article.bodyImages] {
            guard case .array(let entries)? = JSONValue(parsing: stored) else { continue }
            urls += entries.compactMap { if case .string(let url)? = $0["url"] { url } else { nil } }
        }
        var shown: Set<Int> = []
        for url in urls {
            if let image = try await Self.image(named: url, publicURL: publicURL, on: connection) { shown.insert(image.id) }
        }
        try await MediaStore.setImages(ofArticle: article.id, to: shown, replacing: replacing, on: connection)
    }

    /// The uploaded image `text` names, or nil: an external image, or a reference to none (a body's
    /// image the library does not hold is left out of the body, not refused).
    static func knownImage(named text: String, publicURL: String, on connection: StoreConnection) async throws -> MediaRecord? {
        do {
            return try await Self.image(named: text, publicURL: publicURL, on: connection)
        } catch MediaFailure.unknownReference {
            return nil
        }
    }

    /// The uploaded image `text` names; nil for an external image; refused for a reference to none.
    private static func image(named text: String, publicURL: String, on connection: StoreConnection) async throws -> MediaRecord? {
        switch MediaLinks.reference(text, publicURL: publicURL) {
        case nil:
            return nil
        case .id(let id)?:
            guard let image = try await MediaStore.find(id: id, on: connection) else { throw MediaFailure.unknownReference(text) }
            return image
        case .contentHash(let hash)?:
            guard let image = try await MediaStore.find(contentHash: hash, on: connection) else { throw MediaFailure.unknownReference(text) }
            return image
        }
    }

    /// The variant name of `version`; the original is the image's own URL, not a variant.
    private static func name(of version: MediaVersion) -> String? {
        switch version {
        case .original: nil
        case .device(.phone): "phone"
        case .device(.phoneDoubleResolution): "phone_2x"
        case .device(.tablet): "tablet"
        case .square(let size): "square_\(size)"
        }
    }
}
