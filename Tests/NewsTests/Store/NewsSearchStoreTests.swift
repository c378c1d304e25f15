import Foundation
import News
import Storage
import TestSupport
import Testing

/// The search index means what a walk of every article comparing folded text would: the answers of
/// ``NewsSearchStore`` (newest first through the recent window and the index, and by relevance) are
/// checked against such a walk done here, over 600 articles, for common, rare, absent, short (found
/// whole) and inside-word words, paged by cursor and by offset, on both engines.
@Suite struct NewsSearchStoreTests {
    struct Fixture {
        var id: Int
        var category: Int
        var addDate: Int
        var shown: Bool
        var title: String
        var summary: String
        var rest: String

        func holds(_ words: [String]) -> Bool {
            words.allSatisfy { Self.text(SearchText.fold([self.title, self.summary, self.rest].joined(separator: " ")), holds: $0) }
        }

        /// Its rank when it is in the ranked window.
        func rank(_ words: [String]) -> NewsSearchStore.RankedPosition {
            let title = SearchText.fold(self.title)
            let summary = SearchText.fold(self.summary)
            return NewsSearchStore.RankedPosition(
                titleHits: words.filter { Self.text(title, holds: $0) }.count,
                summaryHits: words.filter { !Self.text(title, holds: $0) && Self.text(summary, holds: $0) }.count, addDate: self.addDate,
                id: self.id)
        }

        /// A word of three characters or more anywhere, a shorter one as a word of its own (parted by
        /// anything but letters and digits).
        static func text(_ text: String, holds word: String) -> Bool {
            word.count >= 3 ? text.contains(word) : text.split { !($0.isLetter || $0.isNumber) }.contains { $0 == word }
        }
    }

    static let lantern = SearchQuery(words: ["lantern"])!

    static let vocabulary = ["Harbour", "LANTERN", "quartz", "Méadow", "cobalt", "ferry", "zenith", "ember"]

    /// Article `index`'s fields: word `k` of the vocabulary goes in the title when `index` is a
    /// multiple of `k + 2`, in the summary when `index + 1` is, in the body when `index + 2` is; one
    /// old article holds "Zanzíbar", some hold LIKE's special characters; article 100 holds every
    /// trigram of "abcde" but not the word, which article 200 holds; some hold the short words "AI"
    /// (beside "said") and "EU".
    static func fields(_ index: Int) -> (title: String, summary: String, body: String, author: String) {
        var title = ["Story \(index)"]
        var summary: [String] = []
        var body: [String] = []
        for (k, word) in Self.vocabulary.enumerated() {
            if index % (k + 2) == 0 { title.append(word) }
            if (index + 1) % (k + 2) == 0 { summary.append(word) }
            if (index + 2) % (k + 2) == 0 { body.append(word.lowercased() + "s") }
        }
        if index == 590 { body.append("Zanzíbar") }
        if index % 50 == 3 { body.append("100% sure_thing") }
        if index == 100 { body.append("abcd xbcde") }
        if index == 200 { body.append("abcdef") }
        if index % 11 == 2 { body.append("AI-made, she said.") }
        if index % 13 == 1, index % 2 == 0 { title.append("(EU)") }
        if index % 13 == 1, index % 2 == 1 { summary.append("(EU)") }
        return (title.joined(separator: " "), summary.joined(separator: " "), body.joined(separator: " "), index % 7 == 0 ? "Ana Ferrysmith" : "Desk")
    }

    @Test(arguments: TestDatabase.engines)
    func theIndexAnswersAsAWalkOfEveryArticle(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let now = UnixTime.now
            let fixtures = try await Self.seed(database, now: now)
            #expect(fixtures.filter { $0.shown && $0.holds(["zanzibar"]) }.count == 1, "the rare word is in one old article")
            #expect(fixtures.filter { $0.shown && $0.holds(["harbour"]) }.count > 200, "the common word fills pages in the recent window")
            let searches: [[String]] = [
                ["harbour"], ["harbour", "lantern"], ["meadow", "ember"], ["zanzibar"], ["nowhere"], ["arbou"], ["ferrys"], ["ferrysmith", "an"],
                ["quartz", "ab"], ["100%"], ["e_t"], ["sure_thing", "100"], ["cobalts", "zenith"], ["story", "5"], ["abcde"], ["ai"], ["eu"],
                ["ai", "eu"], ["harbour", "eu"], ["sa", "id"],
            ]
            for words in searches {
                try await database.withConnection { connection in
                    try await Self.check(words, fixtures: fixtures, now: now, on: connection)
                }
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func articlesPublishedWhilePagingByRelevanceMoveNoOtherAcrossTheWindow(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let now = UnixTime.now
            func publish(_ title: String, body: String, at addDate: Int) async throws -> Int {
                try await database.transaction { connection in
                    var changes = NewsArticleChanges()
                    changes.article = body
                    changes.validated = true
                    changes.addDate = addDate
                    return try await ArticleWriter(publicURL: "").create(
                        title: title, categoryID: 1, submitterID: 1, applying: changes, on: connection, now: addDate
                    ).id
                }
            }
            var before: [Int] = []
            for index in 0..<30 {
                before.append(try await publish(index % 4 == 0 ? "Lantern \(index)" : "Story \(index)", body: "lantern", at: now - 60 * (30 - index)))
            }
            func page(after: NewsSearchStore.RankedPosition?) async throws -> [NewsSearchStore.RankedArticle] {
                try await database.withConnection { connection in
                    try await NewsSearchStore.rankedArticles(matching: Self.lantern, in: nil, after: after, limit: 4, window: 6, now: now + 60, on: connection)
                        .articles
                }
            }
            var listed = try await page(after: nil)
            for index in 0..<3 { _ = try await publish("Lantern news \(index)", body: "lantern", at: now + index) }
            while let last = listed.last?.position, listed.count % 4 == 0 {
                let next = try await page(after: last)
                if next.isEmpty { break }
                listed += next
            }
            let ids = listed.map(\.published.article.id)
            #expect(Set(ids).count == ids.count, "nothing twice")
            #expect(Set(ids) == Set(before), "every article there when the list began, and the new ones ranked before its cursor")
        }
    }

    /// A ranked cursor is the client's to send: one whose window ends at the oldest match still makes
    /// a page rank no more than twice the window, so the oldest match, the only one holding the word
    /// in its title, is not ranked first but listed among the older matches, newest first.
    @Test(arguments: TestDatabase.engines)
    func aForgedRankedCursorRanksAtMostTwiceTheWindow(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let now = UnixTime.now
            let ids = try await database.transaction { connection in
                var ids: [Int] = []
                for index in 0..<20 {
                    var changes = NewsArticleChanges()
                    changes.article = "lantern"
                    changes.validated = true
                    changes.addDate = now - 60 * (20 - index)
                    let title = index == 0 ? "Lantern" : "Story \(index)"
                    ids.append(
                        try await ArticleWriter(publicURL: "").create(title: title, categoryID: 1, submitterID: 1, applying: changes, on: connection, now: now)
                            .id)
                }
                return ids
            }
            let oldest = NewsFeedStore.Position(addDate: now - 60 * 20, id: ids[0])
            let forged = NewsSearchStore.RankedPosition(titleHits: 9, summaryHits: 9, addDate: now + 60, id: .max, windowEnd: oldest)
            let listed = try await database.withConnection { connection in
                try await NewsSearchStore.rankedArticles(matching: Self.lantern, in: nil, after: forged, limit: 20, window: 3, now: now, on: connection)
                    .articles
            }
            let newestFirst = Array(ids.reversed())
            #expect(listed.map(\.published.article.id) == newestFirst, "six ranked (none in its title), then the older ones")
            #expect(listed.last?.position.titleHits == 0, "the oldest, holding it in its title, was not ranked")
        }
    }

    /// A search checks no more than its bounds allow (SQLite: the articles the index hands over;
    /// PostgreSQL: a walk, then the index's time), and one that stopped short says where, so the next
    /// page goes on from there: followed to the end, newest first or by relevance, the pages hold every
    /// match once, newest first.
    @Test(arguments: TestDatabase.engines)
    func aSearchStoppedByItsBoundsGoesOnWhereItStopped(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let now = UnixTime.now
            let fixtures = try await Self.seed(database, now: now)
            var bounds = NewsSearchStore.Bounds()
            bounds.candidates = 5
            bounds.walk = 0
            bounds.indexMilliseconds = 1
            var stoppedShort = 0
            for words in [["harbour"], ["abcde"], ["zanzibar"], ["ferrys", "ember"]] {
                let search = try #require(SearchQuery(words: words))
                let expected = fixtures.filter { $0.shown && $0.holds(words) }.sorted { ($0.addDate, $0.id) > ($1.addDate, $1.id) }.map(\.id)
                var paged: [Int] = []
                var position: NewsFeedStore.Position?
                var pages = 0
                repeat {
                    let page = try await database.withConnection { connection in
                        try await NewsSearchStore.articles(matching: search, in: nil, after: position, limit: 20, bounds: bounds, now: now, on: connection)
                    }
                    paged += page.articles.map(\.article.id)
                    if let stop = page.stoppedAt, page.articles.count < 20 {
                        stoppedShort += 1
                        position = stop
                    } else {
                        position = page.articles.count == 20 ? page.articles.last.map { .init(addDate: $0.article.addDate, id: $0.article.id) } : nil
                    }
                    pages += 1
                } while position != nil && pages < 1_000
                #expect(paged == expected, "\(words): every match once, newest first")

                var ranked: [Int] = []
                var after: NewsSearchStore.RankedPosition?
                pages = 0
                repeat {
                    let page = try await database.withConnection { connection in
                        try await NewsSearchStore.rankedArticles(matching: search, in: nil, after: after, limit: 10, bounds: bounds, now: now, on: connection)
                    }
                    ranked += page.articles.map(\.published.article.id)
                    after = page.articles.count == 10 ? page.articles.last?.position : page.stoppedAt
                    pages += 1
                } while after != nil && pages < 1_000
                #expect(ranked.count == expected.count && Set(ranked) == Set(expected), "\(words) by relevance: every match once")
            }
            if engine == .sqlite { #expect(stoppedShort > 0, "pages stopped at five candidates") }
        }
    }

    /// 600 articles of ``fields(_:)``, one a minute back from `now`, some unvalidated, future or
    /// expired, in two categories.
    static func seed(_ database: Database, now: Int) async throws -> [Fixture] {
        try await database.transaction { connection in
            let general = try #require(try await NewsFeedStore.categoryID("general", on: connection))
            let technology = try #require(try await NewsFeedStore.categoryID("technology", on: connection))
            var fixtures: [Fixture] = []
            for index in 0..<600 {
                let fields = Self.fields(index)
                var changes = NewsArticleChanges()
                changes.summary = fields.summary
                changes.article = fields.body
                changes.author = fields.author
                changes.validated = index % 17 != 5
                let addDate = index % 23 == 4 ? now + 3_600 : now - 60 * index
                changes.addDate = addDate
                changes.expiresAt = .some(index % 29 == 6 ? now - 10 : nil)
                let category = index % 3 == 0 ? technology : general
                let id = try await ArticleWriter(publicURL: "").create(
                    title: fields.title, categoryID: category, submitterID: 1, applying: changes, on: connection, now: addDate
                ).id
                let shown = index % 17 != 5 && addDate <= now && index % 29 != 6
                fixtures.append(
                    Fixture(
                        id: id, category: category, addDate: addDate, shown: shown, title: fields.title, summary: fields.summary,
                        rest: fields.body + " " + fields.author))
            }
            return fixtures
        }
    }

    /// Searches `words` every way and compares with the walk of `fixtures`; on PostgreSQL both as far
    /// as a search walks and with no walk past the first (so the index answers on 600 articles).
    static func check(_ words: [String], fixtures: [Fixture], now: Int, on connection: StoreConnection) async throws {
        for longestWalk in [NewsSearchStore.longestWalk, 0] {
            try await Self.check(words, fixtures: fixtures, longestWalk: longestWalk, now: now, on: connection)
        }
    }

    private static func check(_ words: [String], fixtures: [Fixture], longestWalk: Int, now: Int, on connection: StoreConnection) async throws {
        let search = try #require(SearchQuery(words: words))
        let expected = fixtures.filter { $0.shown && $0.holds(words) }.sorted { ($0.addDate, $0.id) > ($1.addDate, $1.id) }
        var paged: [Int] = []
        var position: NewsFeedStore.Position?
        while true {
            let page = try await NewsSearchStore.articles(
                matching: search, in: nil, after: position, limit: 20, bounds: .walking(longestWalk), now: now, on: connection
            ).articles
            paged += page.map(\.article.id)
            guard page.count == 20, let last = page.last?.article else { break }
            position = NewsFeedStore.Position(addDate: last.addDate, id: last.id)
        }
        #expect(paged == expected.map(\.id), "\(words) by cursor, walking \(longestWalk)")
        for offset in [0, 13, 250] {
            let page = try await NewsSearchStore.articles(
                matching: search, in: nil, after: nil, limit: 7, offset: offset, bounds: .walking(longestWalk), now: now, on: connection
            ).articles
            #expect(page.map(\.article.id) == expected.dropFirst(offset).prefix(7).map(\.id), "\(words) from \(offset), walking \(longestWalk)")
        }
        let category = fixtures[0].category
        let inCategory = try await NewsSearchStore.articles(
            matching: search, in: [category], after: nil, limit: 30, bounds: .walking(longestWalk), now: now, on: connection
        ).articles
        #expect(
            inCategory.map(\.article.id) == expected.filter { $0.category == category }.prefix(30).map(\.id), "\(words) in a category, walking \(longestWalk)")

        for window in [NewsSearchStore.rankedWindow, 40] {
            // The newest `window` matches ranked, the older ones below them, newest first.
            let ranks = expected.enumerated().map { index, fixture in
                index < window ? fixture.rank(words) : NewsSearchStore.RankedPosition(titleHits: 0, summaryHits: 0, addDate: fixture.addDate, id: fixture.id)
            }
            let ranked = ranks.map(\.ordering).sorted { $0.lexicographicallyPrecedes($1) }.reversed()
            var rankedPaged: [[Int]] = []
            var after: NewsSearchStore.RankedPosition?
            while true {
                let page = try await NewsSearchStore.rankedArticles(
                    matching: search, in: nil, after: after, limit: 25, window: window, bounds: .walking(longestWalk), now: now, on: connection
                ).articles
                rankedPaged += page.map(\.position.ordering)
                guard page.count == 25 else { break }
                after = page.last?.position
            }
            #expect(rankedPaged == Array(ranked), "\(words) by relevance, a window of \(window), walking \(longestWalk)")
        }
    }
}

extension NewsSearchStore.Bounds {
    /// The standard bounds, but a walk of at most `articles` on PostgreSQL.
    static func walking(_ articles: Int) -> Self {
        var bounds = Self()
        bounds.walk = articles
        return bounds
    }
}

extension NewsSearchStore.RankedPosition {
    /// What orders a relevance-ordered list, greatest first.
    fileprivate var ordering: [Int] { [self.titleHits, self.summaryHits, self.addDate, self.id] }
}
