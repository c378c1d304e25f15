import EndpointServer
import Foundation
import HTTPTypes
import News
import Storage
import TestSupport
import Testing

/// Search through the real server on both engines, as apps meet it: what is found (authors, short
/// words beside a long one, never an article that is not shown), an edit or deletion seen by the
/// next search, and `sort=relevance` with its cursors.
@Suite struct NewsSearchTests {
    @Test(arguments: TestDatabase.engines)
    func searchFindsWhatIsShownAndSeesEveryWrite(engine: DatabaseEngine) async throws {
        // Nothing kept: the edits below are written straight into the database, past the instance
        // that forgets its kept answers at a news write (the next test).
        try await TestServer.run(engine: engine, config: ["news_max_age_seconds": "0"]) { client, site in
            let now = UnixTime.now
            let database = site.database
            let kept = try await NewsFixtures.article("Harbour news", body: "Ferries run late", author: "Zoë Ångström", database: database)
            let edited = try await NewsFixtures.article("Lantern festival", addDate: now - 120, database: database)
            let deleted = try await NewsFixtures.article("Harbour lantern", addDate: now - 180, database: database)
            try await NewsFixtures.article("Harbour draft", validated: false, database: database)
            try await NewsFixtures.article("Harbour tomorrow", addDate: now + 3_600, database: database)
            try await NewsFixtures.article("Harbour gone", addDate: now - 240, expiresAt: now - 1, database: database)
            func ids(_ q: String) async throws -> [Int]? {
                let answer = try await client.news("articles", "q=\(FormEncoding.encode(q))")
                #expect(answer.status == .ok, "\(q): \(answer.raw)")
                return (answer.data["articles"] as? [[String: Any]])?.compactMap { $0["id"] as? Int }
            }
            #expect(try await ids("harbour") == [kept, deleted], "drafts, future and expired articles are never found")
            #expect(try await ids("angstrom zoe") == [kept], "authors are searched, folded")
            #expect(try await ids("rbou") == [kept, deleted], "inside words")
            #expect(try await ids("harbour la") == [], "a short word is a whole word: 'la' is not in 'late' or 'lantern'")
            #expect(try await ids("harbour, run") == [kept], "punctuation at a word's ends is left out")
            #expect(try await ids("harbour x") == [])
            #expect(try await ids("ferries\u{0}run") == [kept], "a NUL (or any control character) parts words as a space does")
            #expect(try await ids("\u{7}harbour\u{1F}") == [kept, deleted])

            try await NewsFixtures.edit(edited, database: database) { $0.title = "Harbour festival" }
            #expect(try await ids("harbour") == [kept, edited, deleted], "an edit is seen by the next search")
            #expect(try await ids("lantern") == [deleted], "and its old words are gone")
            try await database.transaction { try await NewsStore.deleteArticle(id: deleted, on: $0, now: UnixTime.now) }
            #expect(try await ids("harbour") == [kept, edited], "a deletion too")
            #expect(try await ids("lantern") == [])
            try await NewsFixtures.edit(kept, database: database) { $0.validated = false }
            #expect(try await ids("harbour") == [edited], "an unvalidated article is no longer found")
        }
    }

    /// Words of one or two characters are searched as whole words, alone and beside longer ones, on
    /// `content/news`, Floki's search and MIT News: "AI" finds the articles with the word "AI" and not
    /// those that "said" something; a search of no letter or digit is refused.
    @Test(arguments: TestDatabase.engines)
    func shortWordsAreFoundWhole(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            let now = UnixTime.now
            let database = site.database
            let ai = try await NewsFixtures.article("AI in the newsroom", addDate: now - 60, database: database)
            let made = try await NewsFixtures.article("Pictures", addDate: now - 120, body: "All AI-made, (5G) phones.", database: database)
            try await NewsFixtures.article("Harbour", addDate: now - 180, body: "The mayor said no, again.", database: database)
            let eu = try await NewsFixtures.article("EU harbour rules", addDate: now - 240, summary: "The UK too", database: database)
            func ids(_ q: String, _ more: String = "") async throws -> [Int]? {
                let answer = try await client.news("articles", "q=\(FormEncoding.encode(q))" + more)
                #expect(answer.status == .ok, "\(q): \(answer.raw)")
                return (answer.data["articles"] as? [[String: Any]])?.compactMap { $0["id"] as? Int }
            }
            #expect(try await ids("AI") == [ai, made], "not 'said', nor 'again'")
            #expect(try await ids("ai", "&sort=relevance") == [ai, made], "in a title first")
            #expect(try await ids("5G") == [made])
            #expect(try await ids("harbour EU") == [eu])
            #expect(try await ids("UK harbour", "&sort=relevance") == [eu])
            #expect(try await ids("eu uk") == [eu])
            #expect(try await ids("a") == [], "one letter: no article has it as a word")
            #expect(try await ids("no") == [try #require(try await ids("mayor")?.first)])
            let refused = try await client.news("articles", "q=\(FormEncoding.encode("-- ?"))")
            #expect(refused.status == .badRequest)
            #expect(refused.errorDetails == "A search needs a word with a letter or a digit.")

            let stories = try await client.execute(uri: "/apis/news/stories/?q=AI", method: .get) { response in
                #expect(response.status == .ok)
                return try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [[String: Any]] ?? []
            }
            #expect(stories.compactMap { $0["title"] as? String } == ["AI in the newsroom", "Pictures"], "MIT News")
            let floki = try await client.execute(uri: NewsFixtures.uri("search", "response_type=floki&q=AI"), method: .get) { response in
                #expect(response.status == .ok)
                return try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any] ?? [:]
            }
            #expect((floki["items"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["AI in the newsroom", "Pictures"], "Floki")
        }
    }

    /// A search asked again is answered as kept, until a news write through the instance: an
    /// article written straight into the SQLite file is not seen before then. (On PostgreSQL the
    /// database announces every news write to every instance, migration 0018.)
    /// Writes of other things through commandr_fs (an image, a group) leave news answers kept.
    @Test func aSearchIsKeptUntilTheNextNewsWrite() async throws {
        try await CommandrFSTests.asAdmin { fs, client, site in
            func titles() async throws -> [String]? {
                let answer = try await client.news("articles", "q=harbour")
                #expect(answer.status == .ok, "\(answer.raw)")
                return (answer.data["articles"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
            }
            try await NewsFixtures.article("Harbour one", addDate: UnixTime.now - 120, database: site.database)
            #expect(try await titles() == ["Harbour one"])
            // Written by another process (its own pool: this instance is not told).
            try await TestDatabase.withOpen(site.database.url) { try await NewsFixtures.article("Harbour two", addDate: UnixTime.now - 60, database: $0) }
            #expect(try await titles() == ["Harbour one"], "asked again: answered as kept")
            #expect(try await fs.query("edit", "var/groups/members/_folder.cms", data: #"{"label": "Readers"}"#).success == true)
            #expect(try await fs.upload(try ImageFixtures.bytes("landscape-1200x900.jpg"), as: "harbour.jpg").success == true)
            #expect(try await titles() == ["Harbour one"], "a group and an image written: news answers are still kept")
            #expect(try await fs.query("add", "var/news/general/Harbour.cms", data: "{}").success == true)
            #expect(try await titles() == ["Harbour", "Harbour two", "Harbour one"], "a news write through the instance forgets it")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func relevanceRanksTitleThenSummaryThenBodyAndPagesStably(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            let now = UnixTime.now
            let database = site.database
            var expected: [Int] = []
            // Newest first these would come body, summary, title; by relevance the other way round.
            for index in 0..<3 {
                let base = now - 600 * index
                let inBody = try await NewsFixtures.article("Story \(index)", addDate: base - 10, body: "A quiet harbour", database: database)
                let inSummary = try await NewsFixtures.article("Story \(index)b", addDate: base - 20, summary: "The harbour", database: database)
                let inTitle = try await NewsFixtures.article("Harbour \(index)", addDate: base - 30, database: database)
                let both = try await NewsFixtures.article("Harbour lantern \(index)", addDate: base - 40, database: database)
                expected.append(contentsOf: [both, inTitle, inSummary, inBody])
            }
            let inTitles = [expected[1], expected[0], expected[5], expected[4], expected[9], expected[8]]
            let inSummaries = [expected[2], expected[6], expected[10]]
            let inBodies = [expected[3], expected[7], expected[11]]
            func page(_ query: String) async throws -> (ids: [Int], next: String?, link: String?) {
                let answer = try await client.news("articles", query)
                #expect(answer.status == .ok, "\(query): \(answer.raw)")
                let ids = (answer.data["articles"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } ?? []
                let next = (answer.data["page"] as? [String: Any])?["next_cursor"] as? String
                return (ids, next, answer.headers[HTTPField.Name("Link")!])
            }
            let whole = try await page("q=harbour+lantern&sort=relevance&limit=100")
            #expect(whole.ids == [expected[0], expected[4], expected[8]], "every word must occur")
            let one = try await page("q=harbour&sort=relevance&limit=100")
            #expect(one.ids == inTitles + inSummaries + inBodies, "title above summary above body, then newest")

            var paged: [Int] = []
            var cursor: String?
            repeat {
                let next = try await page("q=harbour&sort=relevance&limit=5" + (cursor.map { "&cursor=\($0)" } ?? ""))
                paged += next.ids
                #expect((next.link != nil) == (next.next != nil))
                cursor = next.next
            } while cursor != nil
            #expect(paged == one.ids, "cursors walk the ranked list, nothing twice, nothing missed")

            // Followed as a client does, by the `Link` each page prints: `sort` and every other
            // parameter shaping the list are carried (a relevance page's link once left `sort` out,
            // and the server refused the very URL it printed).
            let linked = try await client.articlesFollowingLinks(NewsFixtures.uri("articles", "q=harbour&sort=relevance&limit=2&fields=id,title"))
            #expect(linked == one.ids, "every match once, in relevance order")
            var newestFirst: [Int] = []
            for index in 0..<3 { newestFirst += expected[(4 * index)..<(4 * index + 4)].reversed() }
            #expect(try await client.articlesFollowingLinks(NewsFixtures.uri("articles", "q=harbour&limit=3&d=2")) == newestFirst)

            let first = try await page("q=harbour&sort=relevance&limit=5")
            let newest = try await page("q=harbour&limit=5")
            let mixed = try await client.news("articles", "q=harbour&limit=5&cursor=\(try #require(first.next))")
            #expect(mixed.status == .badRequest && mixed.errorDetails?.contains("other filters") == true, "\(mixed.raw)")
            let mixedBack = try await client.news("articles", "q=harbour&sort=relevance&limit=5&cursor=\(try #require(newest.next))")
            #expect(mixedBack.status == .badRequest, "\(mixedBack.raw)")
            for query in ["sort=relevance", "q=harbour&sort=best"] {
                let refused = try await client.news("articles", query)
                #expect(refused.status == .badRequest && refused.errorDetails?.contains("sort") == true, "\(query): \(refused.raw)")
            }
        }
    }
}
