import EndpointCore
import Foundation
import Media
import RichText
import Routes

/// Categories and articles as the news API writes them (`response_data`, Floki items and the article
/// page read the same values).
struct NewsJSON {
    /// The site's public URL (`--public-url`), without a trailing slash: `web_url` and relative image
    /// paths are made absolute with it.
    var publicURL: String
    var device: DeviceClass
    /// The article fields to keep (nil: all).
    var fields: Set<String>?

    /// Every key an Article has, in the order they are written; `fields=` picks among them.
    enum ArticleKey: String, CaseIterable {
        case id, moniker, guid, category, title, summary, format
        case summaryHTML = "summary_html", bodyHTML = "body_html", bodyText = "body_text", bodyImages = "body_images"
        case externalURL = "external_url", webURL = "web_url"
        case image, gallery, video
        case publishedAt = "published_at", publishedTimestamp = "published_timestamp", updatedAt = "updated_at"
        case updatedTimestamp = "updated_timestamp", expiresAt = "expires_at", sortID = "sort_id", featured
        case authors, tags
    }

    /// The plain text fields served after ``ArticleKey``'s, under their names.
    static let servedTexts = ArticleTextField.all.filter(\.served)

    /// Every key an Article has, in order: ``ArticleKey``'s names, then ``servedTexts``'.
    static let articleKeys = ArticleKey.allCases.map(\.rawValue) + Self.servedTexts.map(\.name)

    func category(_ published: PublishedCategory) -> JSONValue {
        let category = published.category
        return [
            "id": .int(category.id),
            "moniker": .string(published.moniker),
            "guid": .string(published.guid),
            "label": .string(category.label),
            "description": .string(category.notes),
            "image": category.repImage.isEmpty ? .null : .string(self.absolute(category.repImage)),
            "position": .int(category.position),
            "article_count": .int(published.articleCount),
            "updated_at": .string(Self.iso8601(category.editedAt)),
            "updated_timestamp": .int(category.editedAt),
        ]
    }

    /// The article's keys that `fields` keeps, each worked out only when kept: a results screen asks
    /// for no body, and turning a body into HTML and plain text cost more than the rest of a list.
    func article(_ published: PublishedArticle) -> JSONValue {
        let keys = ArticleKey.allCases.compactMap { key in
            self.fields?.contains(key.rawValue) ?? true ? (key: key.rawValue, value: self.value(of: key, in: published)) : nil
        }
        let texts = Self.servedTexts.compactMap { text in
            self.fields?.contains(text.name) ?? true ? (key: text.name, value: JSONValue.string(published.article[keyPath: text.stored])) : nil
        }
        return .object(keys + texts)
    }

    /// The value of `key` in an Article.
    private func value(of key: ArticleKey, in published: PublishedArticle) -> JSONValue {
        let article = published.article
        switch key {
        case .id: return .int(article.id)
        case .moniker: return .string(published.moniker)
        case .guid: return .string(published.guid)
        case .category:
            return ["id": .int(article.categoryID), "moniker": .string(published.categoryMoniker), "label": .string(published.categoryLabel)]
        case .title: return .string(article.title)
        case .summary: return .string(article.shownSummary)
        case .format: return .string(article.format.rawValue)
        case .summaryHTML: return .string(self.served(article.summaryHTMLStored))
        case .bodyHTML: return .string(self.served(article.bodyHTMLStored))
        case .bodyText: return .string(article.shownBodyText)
        case .bodyImages: return .array(NewsImage.gallery(stored: article.bodyImages).map { self.absolute($0).json(for: self.device) })
        case .externalURL: return article.externalURL.isEmpty ? .null : .string(article.externalURL)
        case .webURL: return .string(self.webURL(published))
        case .image: return self.image(article).map { $0.json(for: self.device) } ?? .null
        case .gallery: return .array(NewsImage.gallery(stored: article.gallery).map { self.absolute($0).json(for: self.device) })
        case .video: return published.video.map { $0.json(for: self.device, on: self.publicURL) } ?? .null
        case .publishedAt: return .string(Self.iso8601(article.addDate))
        case .publishedTimestamp: return .int(article.addDate)
        case .updatedAt: return .string(Self.iso8601(article.updatedAt))
        case .updatedTimestamp: return .int(article.updatedAt)
        case .expiresAt: return article.expiresAt.map { .string(Self.iso8601($0)) } ?? .null
        case .sortID: return .int(Self.sortID(article))
        case .featured: return .bool(article.featured)
        case .authors:
            return .array(published.authors.map { ["name": .string($0.name), "member_id": $0.memberID.map { .int($0) } ?? .null] })
        case .tags: return .array(published.tags.map(self.tag))
        }
    }

    /// Stored HTML (an article's rendering) as this answer serves it: site-relative addresses made
    /// absolute on the public URL, and the media library's images at the size of this answer's device
    /// (their `srcset` still lists every version, for a browser to choose).
    func served(_ html: String) -> String {
        ServedHTML.rewritingAddresses(of: html) { address, url in
            guard url.hasPrefix("/") else { return url }
            if address == .image, let version = self.mediaURL(url, MediaVersion.device(self.device).queryPairs) { return version }
            return self.absolute(url)
        }
    }

    /// The article's page on this server.
    func webURL(_ published: PublishedArticle) -> String {
        SiteRoute.articlePage(reference: published.moniker, query: .none).url(on: self.publicURL)
    }

    /// A tag as articles carry it: its moniker, its label and its page.
    func tag(_ tag: ArticleTag) -> JSONValue {
        ["moniker": .string(tag.moniker), "label": .string(tag.label), "web_url": .string(SiteRoute.tagPage(moniker: tag.moniker).url(on: self.publicURL))]
    }

    /// The article's page on this server by ID, with a digest of everything the page shows: Floki
    /// clients keep pages by URL and never fetch one again, so an edited article needs a new URL. An
    /// ID survives the clients' escaping of the URL unchanged, where a moniker may not.
    func versionedPageURL(_ published: PublishedArticle) -> String {
        let article = published.article
        // A `text` body's HTML follows from its source; any other's from its rendering (which a renderer
        // change or an image's versions may change without the source).
        let body = article.format == .text ? article.article : article.bodyHTML ?? article.article
        var shown = [
            article.title, article.summary, body, article.author, article.image, article.imageCaption, article.imageCredit,
            article.imageVariants, article.gallery, article.externalURL, String(article.addDate), String(article.categoryID),
            String(article.videoID ?? 0),
        ]
        // Tags only when it has any: the addresses of the articles without stay as they were.
        if !published.tags.isEmpty { shown.append(published.tags.map(\.label).joined(separator: ",")) }
        let digest = FNV1a.digest(shown)
        return SiteRoute.articlePage(reference: String(article.id), query: RouteQuery([("v", String(digest, radix: 36))])).url(on: self.publicURL)
    }

    /// The article's image as a square thumbnail that covers `cell` on this device when it is an
    /// image of this site's media, else the version for the device; nil without an image.
    func thumbnailURL(_ article: NewsArticle, cell: FlokiCell) -> String? {
        guard let image = self.image(article) else { return nil }
        return self.mediaURL(article.image, cell.thumbnailPairs(on: self.device)) ?? image.url(for: self.device)
    }

    /// The absolute URL, with the query `pairs` (a version's, a link's), of this site's uploaded image
    /// that `stored` (an article's `image` or a gallery entry's `url`) names; nil for an external image.
    func mediaURL(_ stored: String, _ pairs: [(name: String, value: String)]) -> String? {
        MediaLinks.route(ofStored: stored, publicURL: self.publicURL, query: RouteQuery(pairs))?.url(on: self.publicURL)
    }

    /// The article's main image with its metadata, if it has one.
    func image(_ article: NewsArticle) -> NewsImage? {
        guard !article.image.isEmpty else { return nil }
        return self.absolute(
            NewsImage(
                url: article.image, width: article.imageWidth, height: article.imageHeight, caption: article.imageCaption,
                credit: article.imageCredit, variants: NewsImage.variants(stored: article.imageVariants)
            ))
    }

    /// One number that orders articles as lists do (by publication time, then ID): apps that sort by
    /// it (Floki's `sort_id`) agree with the server.
    static func sortID(_ article: NewsArticle) -> Int {
        article.addDate * 1_000_000 + article.id % 1_000_000
    }

    /// `2026-11-24T09:30:00Z`.
    static func iso8601(_ time: Int) -> String {
        var seconds = time_t(time)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }

    /// `image` with its URL and its variants' made absolute.
    func absolute(_ image: NewsImage) -> NewsImage {
        var image = image
        image.url = self.absolute(image.url)
        for index in image.variants.indices { image.variants[index].url = self.absolute(image.variants[index].url) }
        return image
    }

    /// A site-relative path made absolute with the public URL; absolute URLs unchanged.
    func absolute(_ url: String) -> String {
        url.hasPrefix("/") && !url.hasPrefix("//") ? self.publicURL + url : url
    }
}
