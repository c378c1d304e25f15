import Foundation
import HTTPTypes
import News
import Storage
import TestSupport
import Testing

/// What a news request may cost is the server's to bound, not the client's (security review 2,
/// finding 4): a search whose trigrams are common but whose word no article holds stops after a
/// bounded number of articles and says where, and pages read by offset stop at a bounded depth.
@Suite struct NewsCostTests {
    /// 2,050 articles holding "bab" and "aba" but not "babababa", one older article holding it: the
    /// index hands over every article (SQLite checked 45,300 at 50,000 articles, 620 ms). A search
    /// now stops after ``NewsSearchStore/candidateLimit`` articles with an empty page and a cursor
    /// from where it stopped; followed to the end, it finds the one article.
    @Test(arguments: TestDatabase.engines)
    func aSearchOfCommonTrigramsStopsAndSaysWhere(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            let now = UnixTime.now
            let holder = try await NewsFixtures.article("Old", addDate: now - 200_000, body: "babababa", database: site.database)
            try await NewsFixtures.articles(2_050, body: "bab aba ab ba", newest: now - 60, database: site.database)
            var found: [Int] = []
            var pages: [(count: Int, next: String?)] = []
            var cursor: String?
            repeat {
                let answer = try await client.news("articles", "q=babababa&limit=5" + (cursor.map { "&cursor=\($0)" } ?? ""))
                #expect(answer.status == .ok, "\(answer.raw)")
                let articles = answer.data["articles"] as? [[String: Any]] ?? []
                found += articles.compactMap { $0["id"] as? Int }
                cursor = (answer.data["page"] as? [String: Any])?["next_cursor"] as? String
                pages.append((articles.count, cursor))
            } while cursor != nil && pages.count < 10
            #expect(found == [holder], "followed to the end, the one article")
            if engine == .sqlite {
                #expect(pages.first?.count == 0 && pages.first?.next != nil, "the first page stopped at the bound: \(pages)")
            }
        }
    }

    /// The MIT Android app's offsets and Floki's search pages skip at most
    /// ``NewsFeedStore/deepestOffset`` articles; past it a page is empty (an offset of 49,000 took
    /// 100 ms, and was not limited).
    @Test(arguments: TestDatabase.engines)
    func pagesReadByOffsetStopAtADepth(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            try await NewsFixtures.articles(NewsFeedStore.deepestOffset + 30, title: "Harbour", database: site.database)
            func count(_ uri: String) async throws -> Int {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri): \(String(buffer: response.body))")
                    let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body))
                    return ((body as? [Any]) ?? ((body as? [String: Any])?["items"] as? [Any]) ?? []).count
                }
            }
            let depth = NewsFeedStore.deepestOffset
            #expect(try await count("/apis/news/stories/?offset=\(depth)&limit=20") == 20)
            #expect(try await count("/apis/news/stories/?offset=\(depth + 1)&limit=20") == 0)
            #expect(try await count("/apis/news/stories/?q=harbour&offset=\(depth + 1)&limit=20") == 0)
            let lastPage = depth / 20 + 1
            #expect(try await count(NewsFixtures.uri("search", "response_type=floki&q=harbour&page=\(lastPage)")) == 20)
            #expect(try await count(NewsFixtures.uri("search", "response_type=floki&q=harbour&page=\(lastPage + 1)")) == 0)
        }
    }
}
