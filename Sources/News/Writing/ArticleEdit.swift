public import EndpointCore

/// An article's edit as every face sends it — commandr_fs's properties, the console's form — before
/// any rule is checked: ``ArticleEditor`` checks it once for all of them.
public struct ArticleEdit: Sendable {
    /// The fields as sent; nil leaves a field as it is.
    public var changes = NewsArticleChanges()
    /// Its category named by reference (an ID or a moniker), when the face names it so.
    public var category: String?
    /// The categories it is also listed in besides its own; nil leaves them as they are.
    public var otherCategories: Set<Int>?
    /// Its gallery as sent (`[{url, caption, credit}]`, library images named `media:<id>` or by URL).
    public var gallery: JSONValue?
    /// Its video as sent (`video:<id>` or the ID; empty shows none).
    public var video: String?
    /// The name its page is found by (`/news/<slug>`, commandr_fs's file name), when the editor sets
    /// one; the name it had keeps leading to it.
    public var slug: String?
    /// Its tags as typed (labels, in order); nil leaves them as they are.
    public var tags: [String]?
    /// The version of the article the edit was made on (``ArticleEditor/version(of:)``); nil when the
    /// face keeps none.
    public var basedOn: String?

    public init() {}
}
