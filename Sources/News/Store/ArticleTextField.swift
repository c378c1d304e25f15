public import Messages

/// One of an article's plain text fields (kept as written, no rule beyond its limit), declared once.
/// The store reads and writes its column, the writer checks its limit (``ArticleFieldCheck``),
/// commandr_fs reads and writes it as the property `name`, the console's editor shows it under
/// `label`, and `content/news` serves it under `name` when `served`: a new field of this kind is its
/// column, its property of ``NewsArticle`` and ``NewsArticleChanges``, and one line of ``all``.
public struct ArticleTextField: Sendable {
    /// Its name in commandr_fs's properties, the console's form, a refusal and (when served)
    /// `content/news`.
    public let name: String
    /// Its column in `news`.
    let column: String
    /// Its most Unicode scalars.
    public let maximum: Int
    /// Its label in the console's editor; nil where the editor does not show it.
    public let label: MessageID?
    /// Whether `content/news` serves it under `name` (after the keys Composr's and the apps' fields
    /// fixed, ``NewsJSON``).
    let served: Bool
    /// Where an article holds it, and where changes to one do.
    public let stored: any WritableKeyPath<NewsArticle, String> & Sendable
    public let change: any WritableKeyPath<NewsArticleChanges, String?> & Sendable

    /// Every plain text field, in the order the faces show them.
    public static let all: [ArticleTextField] = [
        ArticleTextField(
            name: "author", column: "author", maximum: NewsFieldLimits.author, label: .consoleByline, served: true, stored: \.author,
            change: \.author),
        ArticleTextField(
            name: "image_caption", column: "image_caption", maximum: NewsFieldLimits.imageText, label: .consoleImageCaption, served: false,
            stored: \.imageCaption, change: \.imageCaption),
        ArticleTextField(
            name: "image_credit", column: "image_credit", maximum: NewsFieldLimits.imageText, label: .consoleImageCredit, served: false,
            stored: \.imageCredit, change: \.imageCredit),
        ArticleTextField(
            name: "notes", column: "notes", maximum: NewsFieldLimits.notes, label: nil, served: false, stored: \.notes, change: \.notes),
        ArticleTextField(
            name: "seo_title", column: "seo_title", maximum: NewsFieldLimits.seoTitle, label: .consoleSeoTitle, served: true, stored: \.seoTitle,
            change: \.seoTitle),
        ArticleTextField(
            name: "seo_description", column: "seo_description", maximum: NewsFieldLimits.seoDescription, label: .consoleSeoDescription, served: true,
            stored: \.seoDescription, change: \.seoDescription),
    ]
}
