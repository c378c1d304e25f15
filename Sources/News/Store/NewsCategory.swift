/// One row of `news_categories`.
public struct NewsCategory: Sendable, Equatable {
    public var id: Int
    public var label: String
    public var notes: String
    /// The category's picture (a URL or path).
    public var repImage: String
    public var ownerID: Int?
    public var editedAt: Int
    /// Where apps list it (lower first; ties by label).
    public var position: Int
}

/// Changes to a news category; nil leaves a field as it is (`ownerID: .some(nil)` clears the owner).
public struct NewsCategoryChanges: Sendable, Equatable {
    public var label: String?
    public var notes: String?
    public var repImage: String?
    public var ownerID: Int??
    public var position: Int?

    public init() {}
}
