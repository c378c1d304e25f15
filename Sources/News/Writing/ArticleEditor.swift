import Crypto
import EndpointCore
public import Media
public import Messages
import RichText
public import Storage
import Text

/// The one door of an article's edits: creating, editing and deleting. It takes a transport-free
/// ``ArticleEdit`` and checks what the writer cannot know from the fields alone — the category exists,
/// an external story is a web address, images and gallery entries naming the library are expanded,
/// the edit was made on the article as it is now — then writes through ``ArticleWriter``, which checks
/// every text's limit and address, and records every save as a revision (``NewsRevisionStore``).
/// commandr_fs and the console only translate their input into an edit and the answer out. It also
/// keeps what a member is typing in an editor (``keepDraft(_:of:by:on:now:)``) until they save it.
public struct ArticleEditor: Sendable {
    let writer: ArticleWriter

    public init(publicURL: String) {
        self.writer = ArticleWriter(publicURL: publicURL)
    }

    /// Creates an article titled `title` from `edit` (its category is required) by `standing`'s
    /// member, whose name `byline` is its author when the edit names none; returns its ID and what its
    /// rendering left out. A writer's article is created unpublished.
    public func create(_ edit: ArticleEdit, title: String, by standing: ArticleStanding, byline: String, on connection: StoreConnection, now: Int)
        async throws -> (id: Int, dropped: [String])
    {
        try standing.check(nil, validated: edit.changes.validated)
        let submitterID = standing.memberID
        let changes = try await self.checked(edit, current: nil, on: connection)
        guard let categoryID = changes.categoryID else { throw Refusal.invalid(.invalidProperty, "category") }
        let made = try await self.writer.create(
            title: title, categoryID: categoryID, submitterID: submitterID, byline: byline, applying: changes, on: connection, now: now)
        try await self.refile(made.id, edit, categoryID: categoryID, on: connection, now: now)
        try await self.retag(made.id, edit, on: connection, now: now)
        try await Self.rename(made.id, to: edit.slug, on: connection)
        try await Self.checkDescribed(made.id, before: [], on: connection)
        try await NewsRevisionStore.record(articleID: made.id, by: submitterID, at: now, on: connection)
        return made
    }

    /// Applies `edit` by `standing`'s member to `article`, stamping its edit time; returns what its
    /// rendering left out. An edit made on another version of it is refused as a conflict; one the
    /// standing does not allow, as forbidden. Publishing the article ends its review.
    @discardableResult
    public func edit(_ article: NewsArticle, with edit: ArticleEdit, by standing: ArticleStanding, on connection: StoreConnection, now: Int)
        async throws -> [String]
    {
        try standing.check(article, validated: edit.changes.validated)
        let editorID = standing.memberID
        let changes = try await self.checked(edit, current: article, on: connection)
        let before = try await Self.undescribed(article, on: connection)
        let dropped = try await self.writer.apply(changes, toArticle: article.id, editedAt: now, on: connection, now: now)
        try await self.refile(article.id, edit, categoryID: changes.categoryID ?? article.categoryID, on: connection, now: now)
        try await self.retag(article.id, edit, on: connection, now: now)
        try await Self.rename(article.id, to: edit.slug, on: connection)
        try await Self.checkDescribed(article.id, before: before, on: connection)
        try await NewsRevisionStore.record(articleID: article.id, by: editorID, at: now, on: connection)
        if changes.validated == true { try await NewsReviewStore.end(articleID: article.id, on: connection) }
        return dropped
    }

    /// Puts `article` back as its revision `revisionID` held it, by `standing`'s member: a save like
    /// any other, so a new revision (those after the restored one stay). Returns what its rendering
    /// left out.
    @discardableResult
    public func restore(_ article: NewsArticle, revision revisionID: Int, by standing: ArticleStanding, on connection: StoreConnection, now: Int)
        async throws -> [String]
    {
        guard var changes = try await NewsRevisionStore.changes(revision: revisionID, of: article.id, on: connection) else {
            throw Refusal.notFound(.consoleNoSuchRevision)
        }
        // A video deleted since (the library refuses only while an article shows it) is not shown again.
        if case .some(.some(let videoID)) = changes.videoID, try await VideoStore.find(id: videoID, on: connection) == nil { changes.videoID = .some(nil) }
        try standing.check(article, validated: changes.validated)
        let editorID = standing.memberID
        let before = try await Self.undescribed(article, on: connection)
        let dropped = try await self.writer.apply(changes, toArticle: article.id, editedAt: now, on: connection, now: now)
        try await Self.checkDescribed(article.id, before: before, on: connection)
        try await NewsRevisionStore.record(articleID: article.id, by: editorID, at: now, on: connection)
        if changes.validated == true { try await NewsReviewStore.end(articleID: article.id, on: connection) }
        return dropped
    }

    /// Deletes `article` by `standing`'s member (its change log records it, so every list and app
    /// forgets it).
    public func delete(_ article: NewsArticle, by standing: ArticleStanding, on connection: StoreConnection, now: Int) async throws {
        try standing.check(article, validated: nil)
        try await NewsStore.deleteArticle(id: article.id, on: connection, now: now)
        try await NewsDraftStore.discardAll(articleID: article.id, on: connection)
    }

    /// Submits `article` for an editor's review, by `standing`'s member (its writer, or an editor).
    public func submit(_ article: NewsArticle, by standing: ArticleStanding, on connection: StoreConnection, now: Int) async throws {
        try standing.check(article, validated: nil)
        guard !article.validated else { throw Refusal.invalid(.newsAlreadyPublished) }
        try await NewsReviewStore.set(.submitted, articleID: article.id, by: standing.memberID, note: "", at: now, on: connection)
    }

    /// Returns `article` to its writer with an editor's `note` (editors only). The note is plain text
    /// of at most ``reviewNoteMaximum`` scalars.
    public func returnToWriter(_ article: NewsArticle, note: String, by standing: ArticleStanding, on connection: StoreConnection, now: Int)
        async throws
    {
        guard standing.editsAll else { throw Refusal.forbidden(.newsNotYourArticle) }
        guard !article.validated else { throw Refusal.invalid(.newsAlreadyPublished) }
        guard TextLength.fits(note, atMost: Self.reviewNoteMaximum) else {
            throw Refusal.invalid(.fieldTooLong, "note", String(Self.reviewNoteMaximum))
        }
        try await NewsReviewStore.set(.returned, articleID: article.id, by: standing.memberID, note: note, at: now, on: connection)
    }

    /// With `news_require_alt_text` on, refuses a save that would publish an image of the library
    /// without its alternative text: a save that leaves the article published may show no undescribed
    /// image it did not already show published (`before`: those it showed published before the save;
    /// an article already out keeps being editable while its images are described).
    private static func checkDescribed(_ id: Int, before: Set<String>, on connection: StoreConnection) async throws {
        guard try await Self.requiresAltText(on: connection), try await NewsStore.article(id: id, on: connection)?.validated == true else { return }
        if let name = try await MediaStore.undescribedImages(ofArticle: id, on: connection).first(where: { !before.contains($0) }) {
            throw Refusal.invalid(.newsImageNeedsAltText, name)
        }
    }

    /// The undescribed images `article` shows published now (none while it is a draft).
    private static func undescribed(_ article: NewsArticle, on connection: StoreConnection) async throws -> Set<String> {
        guard article.validated, try await Self.requiresAltText(on: connection) else { return [] }
        return Set(try await MediaStore.undescribedImages(ofArticle: article.id, on: connection))
    }

    private static func requiresAltText(on connection: StoreConnection) async throws -> Bool {
        let name = ConfigOption.newsRequireAltText.name
        return ConfigOptions([name: try await ConfigStore.value(name, on: connection) ?? ""]).flag(.newsRequireAltText)
    }

    /// Changes what the media library says of image `id` (caption, credit, alternative text): said
    /// once, it is what every article showing it shows, their bodies rendered again by the news clock.
    /// The faces describe an image here, never beside the editor.
    public static func describeImage(_ id: Int, _ changes: MediaChanges, on connection: StoreConnection) async throws {
        try await MediaStore.update(id: id, changes, on: connection)
        if changes.altText != nil { try await NewsStore.markRenderDue(showingMedia: id, on: connection) }
    }

    /// How long an editor's note returning an article may be, in Unicode scalars.
    public static let reviewNoteMaximum = 2000

    /// Keeps `change` — fields of an editor's form as its face names them, whole or by the spans that
    /// changed — in what `memberID` is typing in article `articleID` (nil: one not yet saved), and
    /// answers the keep's number, which the next change is made on. Throws ``DraftMovedOn`` when the
    /// draft has moved on from the keep `change` was made on (run it in a transaction: nothing of it is
    /// then kept). The face that kept it discards it when that member saves the article there (a save
    /// through another face is not what they typed).
    public func keepDraft(_ change: DraftChange, of articleID: Int?, by memberID: Int, on connection: StoreConnection, now: Int) async throws -> Int {
        try await NewsDraftStore.keep(change, memberID: memberID, articleID: articleID ?? Self.newArticle, at: now, on: connection)
    }

    /// What `memberID` was typing in article `articleID` (nil: one not yet saved) and has not saved.
    public func draft(of articleID: Int?, by memberID: Int, on connection: StoreConnection) async throws -> ArticleDraft? {
        try await NewsDraftStore.find(memberID: memberID, articleID: articleID ?? Self.newArticle, on: connection)
    }

    /// Forgets what `memberID` was typing in article `articleID` (nil: one not yet saved).
    public func discardDraft(of articleID: Int?, by memberID: Int, on connection: StoreConnection) async throws {
        try await NewsDraftStore.discard(memberID: memberID, articleID: articleID ?? Self.newArticle, on: connection)
    }

    /// Notes that `memberID` is editing `articleID` at `now` (opening it, or an autosave) and answers
    /// the lock another member holds, if one does — seen within ``lockSeconds``: then nothing
    /// changes, and taking it over is ``takeOver(_:by:on:now:)``, the member's explicit choice.
    public func hold(_ articleID: Int, by memberID: Int, on connection: StoreConnection, now: Int) async throws -> ArticleLock? {
        let lock = try await NewsEditLockStore.lock(ofArticle: articleID, on: connection)
        if let lock, lock.memberID != memberID, now - lock.seenAt < Self.lockSeconds { return lock }
        if lock?.memberID == memberID {
            try await NewsEditLockStore.touch(articleID: articleID, by: memberID, at: now, on: connection)
        } else {
            try await NewsEditLockStore.give(articleID: articleID, to: memberID, at: now, on: connection)
        }
        return nil
    }

    /// Gives `articleID`'s lock to `memberID` whoever held it; answers the lock they took over.
    @discardableResult
    public func takeOver(_ articleID: Int, by memberID: Int, on connection: StoreConnection, now: Int) async throws -> ArticleLock? {
        let previous = try await NewsEditLockStore.lock(ofArticle: articleID, on: connection)
        try await NewsEditLockStore.give(articleID: articleID, to: memberID, at: now, on: connection)
        return previous
    }

    /// How long an editor that has said nothing (no autosave, no opening) keeps its lock: 10 minutes.
    public static let lockSeconds = 600

    /// The article ID a draft of an article not yet saved is kept under (no article has it).
    private static let newArticle = 0

    /// A digest of everything an editor shows of `article`: the version an edit is made on, compared
    /// when it is saved so that a save never overwrites another editor's.
    public static func version(of article: NewsArticle) -> String {
        let fields: [String] = [
            article.title, article.summary, article.article, String(article.categoryID), String(article.addDate), String(article.editDate ?? 0),
            article.expiresAt.map(String.init) ?? "", String(article.validated), String(article.featured), article.externalURL, article.format.rawValue,
            article.videoID.map(String.init) ?? "",
        ]
        return Hex.encode(SHA256.hash(data: Array(fields.joined(separator: "\u{0}").utf8)))
    }

    /// The changes `edit` makes of `current` (nil for a new article), checked and expanded.
    private func checked(_ edit: ArticleEdit, current: NewsArticle?, on connection: StoreConnection) async throws -> NewsArticleChanges {
        if let current, let basedOn = edit.basedOn, basedOn != Self.version(of: current) { throw Refusal.conflict(.consoleEditConflict) }
        return try await self.expanded(edit, current: current, on: connection)
    }

    /// The changes `edit` makes of `current` with what they name looked up: the category, the image
    /// and gallery entries of the library, the video. What a save and a preview share.
    func expanded(_ edit: ArticleEdit, current: NewsArticle?, on connection: StoreConnection) async throws -> NewsArticleChanges {
        var changes = edit.changes
        if let reference = edit.category {
            guard let id = try await NewsFeedStore.categoryID(reference, on: connection) else { throw Refusal.invalid(.invalidProperty, "category") }
            changes.categoryID = id
        } else if let id = changes.categoryID, try await NewsStore.category(id: id, on: connection) == nil {
            throw Refusal.invalid(.invalidProperty, "category")
        }
        if let url = changes.externalURL, !url.isEmpty, !NewsAddresses.isExternalStory(url) { throw Refusal.invalid(.consoleBadURL) }
        try await ArticleImages.expandImage(
            &changes, current: .object([("image", .string(current?.image ?? ""))]), publicURL: self.writer.publicURL, on: connection)
        try await ArticleImages.expandSocialImage(&changes, publicURL: self.writer.publicURL, on: connection)
        if let video = edit.video {
            let id = VideoLinks.id(inReference: video)
            if !video.isEmpty {
                guard let id, try await VideoStore.find(id: id, on: connection) != nil else { throw Refusal.invalid(.invalidProperty, "video") }
            }
            changes.videoID = .some(id)
        }
        if let gallery = edit.gallery {
            guard let stored = NewsImage.storedGallery(try await ArticleImages.expandGallery(gallery, publicURL: self.writer.publicURL, on: connection)) else {
                throw Refusal.invalid(.invalidProperty, "gallery")
            }
            changes.gallery = stored
        }
        return changes
    }

    /// Gives article `id` the name `slug`, when the edit sets one: a moniker by Composr's rules as it is
    /// written (lower case, letters, digits, `-` and `_`, at most 24), and no other article's.
    private static func rename(_ id: Int, to slug: String?, on connection: StoreConnection) async throws {
        guard let slug, !slug.isEmpty else { return }
        guard Moniker.base(for: slug) == slug else { throw Refusal.invalid(.newsBadSlug, slug) }
        guard try await ResourceIdentityStore.rename(.news, id: id, to: slug, on: connection) else { throw Refusal.invalid(.newsSlugTaken, slug) }
        connection.markStale(.news)
    }

    /// Gives article `id` the edit's tags, when it sends them.
    private func retag(_ id: Int, _ edit: ArticleEdit, on connection: StoreConnection, now: Int) async throws {
        guard let labels = edit.tags else { return }
        try await self.writer.retag(id, with: try ArticleTag.tags(labels), on: connection, now: now)
    }

    /// Lists article `id` in the edit's other categories, never in its own.
    private func refile(_ id: Int, _ edit: ArticleEdit, categoryID: Int, on connection: StoreConnection, now: Int) async throws {
        guard let others = edit.otherCategories else { return }
        try await self.writer.refile(id, inOtherCategories: others.subtracting([categoryID]), on: connection, now: now)
    }
}
