import Storage

/// Which shown articles a Floki list sends, by the real clients' rules (the news feeds list articles,
/// the Gallery tab their gallery images).
///
/// The clients say only which IDs they hold (`l`, `h`: lowest and highest) and, to page back, the
/// item they hold lowest in the list (`o`); never when they fetched. iOS merges every answer into
/// what it holds and shows the "load older" cell only when *this* answer says `has_older`; Android
/// replaces what it holds with each answer. So a refresh always carries the newest `size` articles
/// (all Android needs), and for a client that says what it holds, also the articles it lacks or may
/// hold an old copy of: those placed within the span it holds with an ID outside it (published late,
/// created with an earlier date) and those changed while the change log remembers; `has_older` says
/// whether articles lie below that span.
struct FlokiListing {
    let connection: StoreConnection
    /// The categories listed (nil: all).
    let categories: [Int]?
    /// Whether only articles with a gallery are listed.
    let withGallery: Bool
    /// Articles a page carries.
    let size: Int

    /// At most this many articles re-sent besides the newest, and IDs named as deleted.
    static let resendLimit = 200
    static let deletionLimit = 1000

    struct Page {
        var articles: [PublishedArticle]
        var hasOlder: Bool
    }

    /// The newest articles, and for a client holding the articles `held`, what it lacks or holds old.
    func refresh(holding held: ClosedRange<Int>?, now: Int) async throws -> Page {
        let fetched = try await NewsFeedStore.articles(
            in: self.categories, withGallery: self.withGallery, after: nil, limit: self.size + 1, now: now, on: self.connection
        )
        let newest = Array(fetched.prefix(self.size))
        guard let held, fetched.count > self.size, let last = newest.last else { return Page(articles: newest, hasOlder: fetched.count > self.size) }
        let top = NewsFeedStore.Position(addDate: last.article.addDate, id: last.article.id)
        let oldestHeld = try await NewsFeedStore.oldestPosition(
            in: self.categories, withGallery: self.withGallery, ids: held, now: now, on: self.connection
        )
        let floor = oldestHeld.map { min($0, top) } ?? top
        let resent = try await NewsFeedStore.articlesToResend(
            in: self.categories, withGallery: self.withGallery, ids: held, from: floor, below: top, limit: Self.resendLimit, now: now,
            on: self.connection
        )
        let older = try await NewsFeedStore.hasArticles(in: self.categories, withGallery: self.withGallery, below: floor, now: now, on: self.connection)
        return Page(articles: newest + resent, hasOlder: older)
    }

    /// The articles listed below article `older`; none, and nothing older, when that article's place
    /// is unknown (it was deleted, or never shown): the client then stops paging rather than loop.
    func olderPage(than older: Int, now: Int) async throws -> Page {
        guard let position = try await NewsFeedStore.position(ofArticle: older, on: self.connection) else { return Page(articles: [], hasOlder: false) }
        let fetched = try await NewsFeedStore.articles(
            in: self.categories, withGallery: self.withGallery, after: position, limit: self.size + 1, now: now, on: self.connection
        )
        return Page(articles: Array(fetched.prefix(self.size)), hasOlder: fetched.count > self.size)
    }

    /// The articles in `held` once shown and changed since that this list shows now (`shown`), or no
    /// longer shows (deleted, hidden, expired or moved elsewhere); ascending.
    func changed(holding held: ClosedRange<Int>?, shown: Bool, now: Int) async throws -> [Int] {
        guard let held else { return [] }
        return try await NewsFeedStore.changedArticles(
            in: self.categories, withGallery: self.withGallery, ids: held, shown: shown, limit: Self.deletionLimit, now: now, on: self.connection
        ).reversed()
    }
}
