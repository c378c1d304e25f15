import Messages

/// Who saves an article and what their role lets them do with articles: the console's roles, from
/// Composr's privileges (Auth's `ConsoleAccess`). ``ArticleEditor`` refuses the rest, whichever face
/// asks, so a writer's direct POST is refused as their button would be.
public struct ArticleStanding: Sendable, Equatable {
    public let memberID: Int
    /// Publishes, schedules and unpublishes their own articles (authors and above); a writer's go
    /// out through an editor's review.
    public let publishesOwn: Bool
    /// Edits, publishes and deletes anyone's (editors and administrators).
    public let editsAll: Bool

    /// An editor or administrator: everything.
    public static func editor(_ memberID: Int) -> ArticleStanding {
        ArticleStanding(memberID: memberID, publishesOwn: true, editsAll: true)
    }

    /// An author: their own articles, published by themselves.
    public static func author(_ memberID: Int) -> ArticleStanding {
        ArticleStanding(memberID: memberID, publishesOwn: true, editsAll: false)
    }

    /// A writer (contributor): their own unpublished articles, submitted for review.
    public static func writer(_ memberID: Int) -> ArticleStanding {
        ArticleStanding(memberID: memberID, publishesOwn: false, editsAll: false)
    }

    /// Whether the member may change `article` at all: their own, or anyone's for an editor.
    public func mayChange(_ article: NewsArticle) -> Bool {
        self.editsAll || article.submitterID == self.memberID
    }

    /// Refuses a change of `article` (nil: a new one) that would leave it `validated` when this
    /// standing does not allow it: another's article, a published one changed by a writer, or a
    /// writer's publishing.
    func check(_ article: NewsArticle?, validated: Bool?) throws(Refusal) {
        if let article, !self.mayChange(article) { throw .forbidden(.newsNotYourArticle) }
        if !self.publishesOwn, article?.validated == true || validated == true { throw .forbidden(.newsSubmitForReview) }
    }
}
