public import Media
import RichText
public import Storage

extension ArticleEditor {
    /// The reader's page of `current` (nil for a new article) as `edit` would make it, nothing saved:
    /// what an editor previews and shares before saving. The edit is checked as a save is (limits,
    /// addresses, the library's images and video), so what may not be saved is not shown.
    public func preview(_ edit: ArticleEdit, of current: NewsArticle?, on connection: StoreConnection, now: Int) async throws -> ArticlePageContent {
        let changes = try await self.expanded(edit, current: current, on: connection)
        try ArticleFieldCheck.check(changes)
        var article = (current ?? Self.unsaved(now: now)).applying(changes)
        let rendered = try await ArticleRendering.preview(
            summary: article.summary, body: article.article, format: article.format, publicURL: self.writer.publicURL, on: connection)
        (article.summaryHTML, article.bodyHTML) = (rendered.summaryHTML, rendered.bodyHTML)
        (article.summaryText, article.bodyText) = (rendered.summaryText, rendered.bodyText)
        var video: ShownVideo?
        if let id = article.videoID, let found = try await VideoStore.find(id: id, on: connection) {
            video = try await VideoStore.shown(contentHash: found.contentHash, on: connection)
        }
        let moniker = current == nil ? "" : try await ResourceIdentityStore.find(.news, id: article.id, on: connection)?.moniker ?? String(article.id)
        var published = PublishedArticle(article: article, moniker: moniker, guid: "", categoryMoniker: "", categoryLabel: "", video: video)
        if let labels = edit.tags {
            published.tags = try ArticleTag.tags(labels)
        } else if current != nil {
            published.tags = try await NewsTagStore.tags(ofArticle: article.id, on: connection)
        }
        return try await ArticlePageContent.page(
            of: published, json: NewsJSON(publicURL: self.writer.publicURL, device: .tablet, fields: nil), on: connection)
    }

    /// A new article before its first save.
    private static func unsaved(now: Int) -> NewsArticle {
        NewsArticle(
            id: 0, categoryID: 0, title: "", summary: "", article: "", validated: false, image: "", submitterID: nil, addDate: now, editDate: nil,
            views: 0, allowRating: false, allowComments: false, externalURL: "", imageVariants: "", gallery: "", featured: false, format: .markdown,
            bodyImages: "")
    }
}

extension NewsArticle {
    /// The article as `changes` leave it, in memory only.
    func applying(_ changes: NewsArticleChanges) -> NewsArticle {
        var article = self
        article.title = changes.title ?? article.title
        article.summary = changes.summary ?? article.summary
        article.article = changes.article ?? article.article
        article.image = changes.image ?? article.image
        article.validated = changes.validated ?? article.validated
        article.addDate = changes.addDate ?? article.addDate
        article.expiresAt = changes.expiresAt ?? article.expiresAt
        article.externalURL = changes.externalURL ?? article.externalURL
        article.imageWidth = changes.imageWidth ?? article.imageWidth
        article.imageHeight = changes.imageHeight ?? article.imageHeight
        article.imageVariants = changes.imageVariants ?? article.imageVariants
        article.gallery = changes.gallery ?? article.gallery
        article.featured = changes.featured ?? article.featured
        article.format = changes.format ?? article.format
        article.videoID = changes.videoID ?? article.videoID
        article.socialImage = changes.socialImage ?? article.socialImage
        article.categoryID = changes.categoryID ?? article.categoryID
        for field in ArticleTextField.all {
            if let value = changes[keyPath: field.change] { article[keyPath: field.stored] = value }
        }
        return article
    }
}
