import EndpointCore
import Routes

/// Stories, categories and images as the MIT News apps read them (their parsers are ported in
/// `MITNewsClientTests`): Android requires a story's `id`, `url`, `source_url`, `published_at`
/// (strings) and `featured` (a boolean), a category's `id`, `name` and `url`, an image's
/// `representations`, and each representation's `url`, `width` and `height` (whole numbers); iOS maps
/// the same keys with RestKit and picks the representation whose area is nearest above what it shows.
struct MITNewsJSON {
    let news: NewsJSON

    func category(_ published: PublishedCategory) -> JSONValue {
        [
            "id": .string(published.moniker),
            "name": .string(published.category.label),
            "url": .string(self.storiesURL(category: published.moniker)),
        ]
    }

    /// The short form a story carries of its category.
    private func category(of published: PublishedArticle) -> JSONValue {
        [
            "id": .string(published.categoryMoniker),
            "name": .string(published.categoryLabel),
            "url": .string(self.storiesURL(category: published.categoryMoniker)),
        ]
    }

    /// A story: outside ones (`external_url`) are `news_clip`s without a body, whose `source_url` is
    /// the outside page; the others open their page on this server.
    func story(_ published: PublishedArticle) -> JSONValue {
        let article = published.article
        let isClip = !article.externalURL.isEmpty
        var pairs: [(key: String, value: JSONValue)] = [
            ("id", .string(String(article.id))),
            ("url", .string(SiteRoute.mitStory(reference: String(article.id)).url(on: self.news.publicURL))),
            ("source_url", .string(isClip ? article.externalURL : self.news.webURL(published))),
            ("title", .string(article.title)),
            ("author", .string(article.author)),
            ("dek", .string(article.shownSummary)),
            ("published_at", .string(Self.iso8601(article.addDate))),
            ("featured", .bool(article.featured)),
            ("type", .string(isClip ? "news_clip" : "news")),
        ]
        if !isClip { pairs.append(("body_html", .string(self.news.served(article.bodyHTMLStored)))) }
        pairs.append(("category", self.category(of: published)))
        // Its tags, as `content/news` writes them (both apps read only the keys they know).
        pairs.append(("tags", .array(published.tags.map(self.news.tag))))
        if let cover = self.news.image(article).flatMap(self.image) { pairs.append(("cover_image", cover)) }
        pairs.append(("gallery_images", .array(NewsImage.gallery(stored: article.gallery).compactMap { self.image(self.news.absolute($0)) })))
        return .object(pairs)
    }

    /// An image with every version of known size as a representation (the versions the server made
    /// of an upload, or the variants an administrator declared, and the original); nil when no size
    /// is known, since both apps need one for every representation.
    func image(_ image: NewsImage) -> JSONValue? {
        var representations: [JSONValue] = []
        var seen: Set<String> = []
        let sized = image.variants.map { ($0.url, $0.width, $0.height) } + [(image.url, image.width, image.height)]
        for (url, width, height) in sized {
            guard let width, let height, seen.insert(url).inserted else { continue }
            representations.append(["url": .string(url), "width": .int(width), "height": .int(height)])
        }
        guard !representations.isEmpty else { return nil }
        return [
            "caption": .string(image.caption),
            "credits": .string(image.credit),
            "description": .string(image.caption),
            "representations": .array(representations),
        ]
    }

    /// The stories of a category, as both apps fetch them.
    func storiesURL(category moniker: String) -> String {
        SiteRoute.mitStories(query: RouteQuery([("category", moniker)])).url(on: self.news.publicURL)
    }

    /// `2026-11-24T09:30:00+00:00`: ISO 8601 with its offset, as MIT's own API wrote dates.
    static func iso8601(_ time: Int) -> String {
        String(NewsJSON.iso8601(time).dropLast()) + "+00:00"
    }
}
