/// One row of `news`: an article in a category.
public struct NewsArticle: Sendable, Equatable {
    public var id: Int
    public var categoryID: Int
    public var title: String
    public var summary: String
    public var article: String
    public var author: String
    public var validated: Bool
    public var image: String
    public var submitterID: Int?
    public var addDate: Int
    public var editDate: Int?
    public var views: Int
    public var allowRating: Bool
    public var allowComments: Bool
    public var notes: String
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

    public init() {}
}
