public import RichText

/// One row of `news`: an article in a category. Its plain text fields are also declared in
/// ``ArticleTextField/all``, which every face and the store read them by.
public struct NewsArticle: Sendable, Equatable {
    public var id: Int
    public var categoryID: Int
    public var title: String
    public var summary: String
    public var article: String
    public var author = ""
    public var validated: Bool
    public var image: String
    public var submitterID: Int?
    public var addDate: Int
    public var editDate: Int?
    public var views: Int
    public var allowRating: Bool
    public var allowComments: Bool
    public var notes = ""
    /// When the article stops being shown (Unix time), or nil.
    public var expiresAt: Int?
    /// Where a story that lives elsewhere is read; such a story has no body.
    public var externalURL: String
    public var imageWidth: Int?
    public var imageHeight: Int?
    public var imageCaption = ""
    public var imageCredit = ""
    /// The image's variants as stored: a JSON object name → `{url, width, height}`.
    public var imageVariants: String
    /// More images as stored: a JSON array of `{url, width, height, caption, credit, variants}`.
    public var gallery: String
    /// Whether the article is featured (MIT News apps show featured articles in their top strip).
    public var featured: Bool
    /// How `summary` and `article` are written.
    public var format: TextFormat
    /// The body and summary rendered when they were written (``ArticleWriter``); nil in a row whose
    /// rendering is still to be made (from before formats existed), which is served by the `text`
    /// rule from its source.
    public var bodyHTML: String?
    public var bodyText: String?
    public var summaryHTML: String?
    public var summaryText: String?
    /// The media library's images the body shows, stored as gallery entries are (a JSON array).
    public var bodyImages: String
    /// The library's video the article shows as its main media, or nil.
    public var videoID: Int? = nil
    /// What search engines and link previews show in place of the title and summary (empty: those).
    public var seoTitle = ""
    public var seoDescription = ""
    /// The picture link previews show in place of the article's image: the library's image as its
    /// site-relative path, or a web address; empty for the article's image.
    public var socialImage = ""

    /// The last time the article itself changed.
    public var updatedAt: Int { max(self.editDate ?? self.addDate, self.addDate) }
}

/// Changes to an article; nil leaves a field as it is (`submitterID: .some(nil)` clears the submitter).
public struct NewsArticleChanges: Sendable, Equatable {
    public var title: String?
    public var summary: String?
    public var article: String?
    public var author: String?
    public var image: String?
    public var notes: String?
    public var validated: Bool?
    public var allowRating: Bool?
    public var allowComments: Bool?
    public var views: Int?
    public var addDate: Int?
    public var submitterID: Int??
    public var expiresAt: Int??
    public var externalURL: String?
    public var imageWidth: Int??
    public var imageHeight: Int??
    public var imageCaption: String?
    public var imageCredit: String?
    public var imageVariants: String?
    public var gallery: String?
    public var featured: Bool?
    public var format: TextFormat?
    /// Shows a video of the library (`.some(nil)` shows none).
    public var videoID: Int??
    public var seoTitle: String?
    public var seoDescription: String?
    /// `media:<id>` or a web address as written; the library's path once expanded.
    public var socialImage: String?
    /// Moves the article to another category.
    public var categoryID: Int?

    public init() {}
}

/// What an article's text rendered to, as it is kept (``NewsStore/saveRendering(_:searchText:of:new:on:)``).
struct NewsRendering: Equatable {
    var bodyHTML: String
    var bodyText: String
    var summaryHTML: String
    var summaryText: String
    /// The media library's images the body shows, as a JSON array of gallery entries.
    var bodyImages: String
}
