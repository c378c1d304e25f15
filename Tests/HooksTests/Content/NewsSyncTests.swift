import EndpointServer
import Foundation
import Hooks
import HummingbirdTesting
import News
import SQLKit
import Storage
import TestSupport
import Testing

/// Incremental sync (`content/news` `changes`): a client that applies what it is sent ends with the
/// server's shown set, whatever happened in between, on both engines.
@Suite struct NewsSyncTests {
    /// What a news-reader app keeps: articles by ID, and the token to sync from.
    struct ClientCache {
        var articles: [Int: String] = [:]
        var token: String

        /// Calls `changes` until `has_more` is false, applying each answer; returns how many calls.
        @discardableResult
        mutating func sync(_ client: any TestClientProtocol) async throws -> Int {
            var calls = 0
            while true {
                let answer = try await client.news("changes", "since=\(self.token)")
                calls += 1
                guard answer.status == .ok, answer.success == true, answer.data["reset"] as? Bool == false else {
                    throw TestFailure("sync failed: \(answer.raw)")
                }
                for article in answer.data["upserted"] as? [[String: Any]] ?? [] {
                    self.articles[try #require(article["id"] as? Int)] = article["title"] as? String
                }
                for deleted in answer.data["deleted"] as? [[String: Any]] ?? [] {
                    self.articles[try #require(deleted["id"] as? Int)] = nil
                }
                self.token = try #require(answer.data["sync"] as? String)
                if answer.data["has_more"] as? Bool != true { return calls }
            }
        }
    }

    /// The server's shown set, read through `articles`.
    static func shown(_ client: any TestClientProtocol) async throws -> [Int: String] {
        var shown: [Int: String] = [:]
        var query = "limit=100&fields=id,title"
        while true {
            let page = try await client.news("articles", query)
            for article in page.data["articles"] as? [[String: Any]] ?? [] {
                shown[try #require(article["id"] as? Int)] = article["title"] as? String
            }
            guard let cursor = (page.data["page"] as? [String: Any])?["next_cursor"] as? String else { return shown }
            query = "limit=100&fields=id,title&cursor=\(cursor)"
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aScriptedSessionEndsWithTheServersShownSet(engine: DatabaseEngine) async throws {
        let time = ManualClock()
        try await CommandrFSTests.asAdmin(engine: engine, clock: time.clock) { fs, client, site in
            func add(_ file: String, _ properties: String = "{}") async throws -> String {
                let answer = try await fs.query("add", file, data: properties)
                return try #require(answer.data["path"] as? String, "\(answer.raw)")
            }
            let kept = try await add("var/news/general/Kept.cms")
            let start = try await client.news("articles")
            var cache = ClientCache(token: try #require(start.data["sync"] as? String))
            for article in start.data["articles"] as? [[String: Any]] ?? [] { cache.articles[article["id"] as! Int] = article["title"] as? String }
            #expect(cache.articles.values.sorted() == ["Kept"])

            let edited = try await add("var/news/general/Edited.cms")
            let moved = try await add("var/news/general/Moved.cms")
            let deleted = try await add("var/news/general/Deleted.cms")
            let hidden = try await add("var/news/general/Hidden.cms")
            try await cache.sync(client)
            #expect(cache.articles.values.sorted() == ["Deleted", "Edited", "Hidden", "Kept", "Moved"])

            #expect(try await fs.query("edit", edited, data: #"{"label": "Edited twice"}"#).success == true)
            #expect(try await fs.query("edit", moved, data: #"{"category": "art"}"#).success == true)
            #expect(try await fs.query("delete", deleted).success == true)
            #expect(try await fs.query("edit", hidden, data: #"{"validated": 0}"#).success == true)
            // Far enough ahead that a loaded machine is not there before the next sync.
            let soonTime = site.clock.now + 4
            let soon = PortableTimeText.format(soonTime)
            _ = try await add("var/news/art/Scheduled.cms", #"{"add_date": "\#(soon)"}"#)
            _ = try await add("var/news/art/Expiring.cms", #"{"expires_at": "\#(soon)"}"#)
            try await cache.sync(client)
            #expect(cache.articles.values.sorted() == ["Edited twice", "Expiring", "Kept", "Moved"])
            #expect(try await fs.list("var/news/art").files.contains("moved.cms"), "the category property moves the file")

            // The clock: one article's add_date comes, another expires.
            time.advance(seconds: 5)
            let (recorded, _) = try await site.newsClock.tick()
            #expect(recorded == 2)
            let calls = try await cache.sync(client)
            #expect(calls == 1)
            #expect(cache.articles.values.sorted() == ["Edited twice", "Kept", "Moved", "Scheduled"])
            #expect(cache.articles == (try await Self.shown(client)))
            #expect(kept.hasSuffix("kept.cms"))

            // Nothing new: the same token comes back and nothing is sent.
            let quiet = try await client.news("changes", "since=\(cache.token)")
            #expect(quiet.data["sync"] as? String == cache.token && (quiet.data["upserted"] as? [Any])?.isEmpty == true)
            #expect((quiet.data["categories"] as? [Any])?.isEmpty == true)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func manyChangesComeInPagesAndStaleTokensReset(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, site in
            let start = try await client.news("top")
            var cache = ClientCache(token: try #require(start.data["sync"] as? String))
            for index in 0..<250 { try await NewsFixtures.article("Bulk \(index)", database: site.database) }
            let first = try await client.news("changes", "since=\(cache.token)")
            #expect(first.data["has_more"] as? Bool == true && (first.data["upserted"] as? [Any])?.count == 200)
            #expect((first.data["categories"] as? [Any])?.count == 7, "the category list comes whole when anything changed")
            #expect(try await cache.sync(client) == 2)
            #expect(cache.articles.count == 250)

            for query in ["", "since=\(SyncTokenText.make("another-database", 1))", "since=\(SyncTokenText.make(try await Self.databaseID(site), 1_000_000))"] {
                let reset = try await client.news("changes", query)
                #expect(reset.status == .ok && reset.data["reset"] as? Bool == true, "\(query): \(reset.raw)")
                #expect(reset.data["sync"] as? String != nil)
            }
            try await site.database.withConnection { try await $0.raw("UPDATE news_sync SET swept_through = 100000").run() }
            #expect(try await client.news("changes", "since=\(cache.token)").data["reset"] as? Bool == true, "older than the retention")
        }
    }

    /// Concurrent writers commit in an order of their own; a reader syncing all the while must never
    /// move its token past a change that was not yet committed.
    @Test(arguments: TestDatabase.engines)
    func concurrentWritersNeverMakeAReaderSkipAChange(engine: DatabaseEngine) async throws {
        // Nothing kept between requests: the writers go straight to the database (as other instances
        // would), and what is tested is the order the database gives.
        try await TestServer.run(engine: engine, config: ["news_max_age_seconds": "0"]) { client, site in
            let start = try await client.news("top")
            let token = try #require(start.data["sync"] as? String)
            let database = site.database
            var cache = try await withThrowingTaskGroup(of: ClientCache?.self) { group in
                for writer in 0..<4 {
                    group.addTask {
                        for index in 0..<15 {
                            try await database.transaction { connection in
                                let general = try #require(try await NewsFeedStore.categoryID("general", on: connection))
                                _ = try await ArticleWriter(publicURL: "").create(
                                    title: "W\(writer)-\(index)", categoryID: general, submitterID: 1, on: connection, now: UnixTime.now
                                ).id
                                // Hold the transaction open after numbering the change, so commits interleave.
                                try await Task.sleep(for: .milliseconds(Int.random(in: 0...15)))
                            }
                        }
                        return nil
                    }
                }
                group.addTask {
                    var cache = ClientCache(token: token)
                    for _ in 0..<40 {
                        try await cache.sync(client)
                        try await Task.sleep(for: .milliseconds(5))
                    }
                    return cache
                }
                var reader: ClientCache?
                for try await result in group where result != nil { reader = result }
                return try #require(reader)
            }
            try await cache.sync(client)
            #expect(cache.articles.count == 60)
            #expect(cache.articles == (try await Self.shown(client)))
        }
    }

    static func databaseID(_ site: Site) async throws -> String {
        try await site.database.withConnection { try await NewsChangeLog.state(on: $0).databaseID }
    }
}

/// Sync tokens as the server writes them, for tests that forge one.
enum SyncTokenText {
    static func make(_ databaseID: String, _ seq: Int) -> String {
        Data("s1~\(databaseID)~\(seq)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}

/// `YYYY-MM-DD HH:MM:SS` (UTC), as `.cms` properties write times.
enum PortableTimeText {
    static func format(_ time: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(time)))
    }
}
