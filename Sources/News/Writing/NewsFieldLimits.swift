/// How long and how large an article's and a category's stored fields may be (Unicode scalars for
/// text), whoever writes them: one rule that every writer of news reads.
public enum NewsFieldLimits {
    /// An article's title.
    public static let title = 255
    /// A category's or an article's notes, an article's summary.
    public static let notes = 20_000
    public static let summary = 20_000
    /// An article's body.
    public static let body = 1_000_000
    public static let author = 255
    /// An address: an image, a category's image, an external story.
    public static let address = 2_000
    /// An image's caption or credit.
    public static let imageText = 1_000
    /// An article's title for search engines and link previews (Composr keeps none; Ghost's meta title).
    public static let seoTitle = 255
    /// An article's description for search engines and link previews (Composr's `seo_meta`).
    public static let seoDescription = 1_000

    /// A category named by ID or moniker.
    public static let categoryReference = 100
    /// An article's slug as commandr_fs reads it (the editor then holds it to Composr's moniker rules).
    public static let slug = 100
    /// An image's declared width or height, in pixels.
    public static let imageSide = 1...100_000
    public static let views = 0...Int(Int32.max)
    /// A category's place among the others.
    public static let position = -1_000_000...1_000_000
}
