import Mustache

/// The HTML templates of the account pages, the article page and the gallery page, and their style sheet
/// (`Templates/`, built into the binary).
///
/// Everything is served by this server (no third-party assets) under a strict
/// `Content-Security-Policy`; values are HTML-escaped by Mustache; the layout is a single column that
/// fits a phone screen.
enum PageTemplate {
    /// A page: site name, title, an optional error or notice, and an optional form. A template that
    /// does not parse is a build defect every page test catches.
    static let page = try! MustacheTemplate(string: EmbeddedData.text("page.mustache") ?? "")

    /// A news article (`ArticlePage`), or the page saying there is none.
    static let article = try! MustacheTemplate(string: EmbeddedData.text("article.mustache") ?? "")

    /// The news index (`ArticlePage.index`): the newest articles and the categories.
    static let newsIndex = try! MustacheTemplate(string: EmbeddedData.text("news-index.mustache") ?? "")

    /// A gallery (`GalleryPage`): the galleries inside it and a page of its items.
    static let gallery = try! MustacheTemplate(string: EmbeddedData.text("gallery.mustache") ?? "")

    static let styleSheet = EmbeddedData.text("style.css") ?? ""
}
