package import EndpointCore
package import Media
package import Storage

/// Articles' images that name uploaded ones (`media:<id>`, or the URL the upload answered): written
/// with the image's path, size, caption and credit (unless the write gives its own) and the versions
/// the server makes as `variants`, so the news API reads them like any declared image. Which articles
/// show which images is recorded, so an image in use is not deleted.
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
            pairs.removeAll { ["url", "width", "height", "variants"].contains($0.key) }
            pairs += [
                ("url", .string(MediaLinks.path(of: image))), ("width", .int(image.width)), ("height", .int(image.height)),
                ("variants", Self.variants(of: image)),
            ]
            if entry["caption"] == nil { pairs.append(("caption", .string(image.caption))) }
            if entry["credit"] == nil { pairs.append(("credit", .string(image.credit))) }
            expanded.append(.object(pairs))
        }
        return .array(expanded)
    }

    /// Records which uploaded images article `id` shows now.
    package static func link(article id: Int, publicURL: String, on connection: StoreConnection) async throws {
        guard let article = try await NewsStore.article(id: id, on: connection) else { return }
        var urls = [article.image]
        if case .array(let entries)? = JSONValue(parsing: article.gallery) {
            urls += entries.compactMap { if case .string(let url)? = $0["url"] { url } else { nil } }
        }
        var shown: Set<Int> = []
        for url in urls {
            if let image = try await Self.image(named: url, publicURL: publicURL, on: connection) { shown.insert(image.id) }
        }
        try await MediaStore.setImages(ofArticle: id, to: shown, on: connection)
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
