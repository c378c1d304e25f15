public import Media
import Routes
public import Storage

/// What the article page (`GET /news/<id or moniker>`, the page `web_url` and Floki's `share_url`
/// open) shows of a shown article, with the values the news API gives for it; the page escapes all
/// of it except ``bodyHTML``, the article's rendering (allowlisted when it was written).
public struct ArticlePageContent: Sendable, Equatable {
    public var title: String
    public var summary: String
    public var author: String
    public var bodyHTML: String
    public var externalURL: String?
    /// The page's own absolute URL (Open Graph `og:url`).
    public var webURL: String
    /// The largest picture for previews (Open Graph `og:image`) and the page.
    public var imageURL: String?
    /// The picture's `srcset`: its versions of the same shape (not square thumbnails), by width, so
    /// a browser loads the one its screen needs; nil when it has none.
    public var imageSources: String?
    public var imageCaption: String
    public var imageCredit: String
    /// What the picture shows for those who cannot see it: the library's alternative text of it,
    /// else its caption.
    public var imageAlt: String
    /// The gallery's images, in order.
    public var gallery: [Figure]
    /// The article's video once ready: its main media, played in place of the picture.
    public var video: Video?
    public var publishedAt: Int
    public var updatedAt: Int
    /// What search engines and link previews are given (`<title>`, the description, Open Graph and
    /// Twitter cards): the article's SEO title and description, else its title and summary.
    public var shareTitle: String
    public var shareDescription: String
    /// The picture link previews show: the social image, else the article's picture.
    public var shareImageURL: String?
    /// The tags it carries, each linking its tag's page (``SiteRoute/tagPage(moniker:)``), which the
    /// apps' `tags_regex` captures.
    public var tags: [TagLink]

    /// A tag as the page links it: its label, and its page's site-relative path.
    public struct TagLink: Sendable, Equatable {
        public var label: String
        public var path: String
    }

    /// A ready video as the page plays it: the HLS master playlist (Safari), the progressive MP4
    /// (every other browser), the poster at a tablet's size, the picture's size. Site-relative: the
    /// page plays its files from wherever it was itself loaded (`media-src 'self'`).
    public struct Video: Sendable, Equatable {
        public var hls: String
        public var mp4: String
        public var poster: String?
        public var width: Int
        public var height: Int
        public var caption: String
        public var credit: String
    }

    /// A gallery image as the page shows it: its version for a large screen, the link to its full
    /// version (``ArticleGalleryLink``), its caption and credit.
    public struct Figure: Sendable, Equatable {
        public var source: String
        public var link: String
        public var caption: String
        public var credit: String
        /// The library's alternative text of the image, else its caption.
        public var alt: String
    }

    /// What the page shows of `published`, with the links and picture `json` gives it and the library's
    /// alternative texts of its images (read where they are kept, so an image described once is
    /// described wherever it is shown).
    static func page(of published: PublishedArticle, json: NewsJSON, on connection: StoreConnection) async throws -> ArticlePageContent {
        let article = published.article
        let urls = [article.image] + NewsImage.gallery(stored: article.gallery).map(\.url)
        let hashes = urls.compactMap { url -> String? in
            guard case .contentHash(let hash)? = MediaLinks.reference(url, publicURL: json.publicURL) else { return nil }
            return hash
        }
        let texts = try await MediaStore.altTexts(contentHashes: Set(hashes), on: connection)
        return ArticlePageContent(published, json: json) { url in
            guard case .contentHash(let hash)? = MediaLinks.reference(url, publicURL: json.publicURL) else { return nil }
            return texts[hash]
        }
    }

    private init(_ published: PublishedArticle, json: NewsJSON, altText: (String) -> String?) {
        let article = published.article
        let image = json.image(article)
        self.title = article.title
        self.summary = article.shownSummary
        self.author = article.author
        self.bodyHTML = json.served(article.bodyHTMLStored)
        self.externalURL = Self.isWebLink(article.externalURL) ? article.externalURL : nil
        self.webURL = json.webURL(published)
        self.imageURL = image.map { $0.url(for: .tablet) }
        self.imageSources = image.flatMap(Self.sources)
        self.imageCaption = image?.caption ?? ""
        self.imageCredit = image?.credit ?? ""
        self.imageAlt = altText(article.image) ?? self.imageCaption
        self.gallery = NewsImage.gallery(stored: article.gallery).map { entry in
            let alt = altText(entry.url) ?? entry.caption
            guard let source = json.mediaURL(entry.url, MediaVersion.device(.tablet).queryPairs),
                let link = json.mediaURL(entry.url, ArticleGalleryLink.pairs(articleID: article.id))
            else {
                let url = json.absolute(entry.url)
                return Figure(source: json.absolute(entry.url(for: .tablet)), link: url, caption: entry.caption, credit: entry.credit, alt: alt)
            }
            return Figure(source: source, link: link, caption: entry.caption, credit: entry.credit, alt: alt)
        }
        self.video = published.video.flatMap { shown in
            guard let hls = VideoLinks.master(of: shown.video), let mp4 = VideoLinks.progressive(of: shown.video) else { return nil }
            return Video(
                hls: hls.target, mp4: mp4.target, poster: shown.poster(.device(.tablet))?.target, width: shown.video.width, height: shown.video.height,
                caption: shown.video.caption, credit: shown.video.credit)
        }
        self.publishedAt = article.addDate
        self.updatedAt = article.updatedAt
        self.shareTitle = article.seoTitle.isEmpty ? article.title : article.seoTitle
        self.shareDescription = article.seoDescription.isEmpty ? article.shownSummary : article.seoDescription
        self.shareImageURL =
            article.socialImage.isEmpty
            ? self.imageURL : json.mediaURL(article.socialImage, MediaVersion.device(.tablet).queryPairs) ?? json.absolute(article.socialImage)
        self.tags = published.tags.map { TagLink(label: $0.label, path: SiteRoute.tagPage(moniker: $0.moniker).target) }
    }

    /// `url 320w, url 640w…` of `image` and its variants of its own shape; nil without both sizes of
    /// the image or without such variants.
    private static func sources(_ image: NewsImage) -> String? {
        guard let width = image.width, let height = image.height else { return nil }
        let sameShape = image.variants.filter { variant in
            guard let w = variant.width, let h = variant.height, w < width else { return false }
            return abs(Double(w) / Double(h) - Double(width) / Double(height)) < 0.02 * Double(width) / Double(height)
        }
        guard !sameShape.isEmpty else { return nil }
        var byWidth: [Int: String] = [width: image.url]
        for variant in sameShape { byWidth[variant.width ?? 0] = byWidth[variant.width ?? 0] ?? variant.url }
        return byWidth.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)w" }.joined(separator: ", ")
    }

    /// Only http(s) links become a link on the page, whatever was written to the database directly.
    private static func isWebLink(_ url: String) -> Bool {
        let lower = url.lowercased()
        return (lower.hasPrefix("http://") || lower.hasPrefix("https://")) && NewsImage.isURL(url)
    }
}
