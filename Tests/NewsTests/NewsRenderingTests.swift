import EndpointCore
import Media
import Storage
import Testing
import Text

@testable import News

/// The pure parts of the news API: cursors and sync tokens, images for a device class.
@Suite struct NewsRenderingTests {
    @Test func cursorsAndTokensReadBackAndRefuseAnythingElse() {
        let cursor = NewsCursor(addDate: 1_795_480_301, id: 100, filters: "3-7-qabc")
        #expect(NewsCursor(token: cursor.token) == cursor)
        let token = SyncToken(databaseID: "0a0b1c2d3e4f5678", seq: 12)
        #expect(SyncToken(token: token.token) == token)
        #expect(SyncToken(token: cursor.token) == nil && NewsCursor(token: token.token) == nil, "one kind is not the other")
        for text in ["", "%%%", cursor.token + "=", cursor.token + "A", String(repeating: "A", count: 2000)] {
            #expect(NewsCursor(token: text) == nil, "\(text)")
        }
    }

    @Test func rankedCursorsCarryWhereTheRankedWindowEnded() {
        let ended = NewsSearchStore.RankedPosition(
            titleHits: 1, summaryHits: 0, addDate: 1_795_480_301, id: 100, windowEnd: NewsFeedStore.Position(addDate: 1_795_000_000, id: 7))
        let everything = NewsSearchStore.RankedPosition(titleHits: 0, summaryHits: 2, addDate: 1_795_480_301, id: 100)
        for position in [ended, everything] {
            let cursor = NewsCursor(after: position, filters: "-qharbour")
            #expect(NewsCursor(token: cursor.token)?.rankedPosition == position)
        }
        let older = OpaqueToken.encode(["c2", "1", "0", "1795480301", "100", "-qharbour"])
        #expect(NewsCursor(token: older)?.rankedPosition == NewsSearchStore.RankedPosition(titleHits: 1, summaryHits: 0, addDate: 1_795_480_301, id: 100))
        for fields in [["1795000000", ""], ["", "7"], ["x", "7"], ["1795000000", "0"]] {
            let broken = OpaqueToken.encode(["c2", "1", "0", "1795480301", "100"] + fields + ["-qharbour"])
            #expect(NewsCursor(token: broken) == nil, "\(fields)")
        }
    }

    @Test func devicesGetTheWidestVariantThatFits() {
        let image = NewsImage(
            url: "/o.jpg", width: 3000, height: 2000, caption: "", credit: "",
            variants: [
                .init(name: "thumb", url: "/t.jpg", width: 300, height: nil), .init(name: "poster", url: "/p.jpg", width: 640, height: nil),
                .init(name: "full", url: "/f.jpg", width: 1200, height: nil), .init(name: "unknown", url: "/u.jpg", width: nil, height: nil),
            ])
        #expect(image.url(for: .phone) == "/t.jpg" && image.url(for: .phoneDoubleResolution) == "/p.jpg" && image.url(for: .tablet) == "/p.jpg")
        #expect(
            NewsImage(url: "/o.jpg", width: nil, height: nil, caption: "", credit: "", variants: [.init(name: "full", url: "/f.jpg", width: 1200, height: nil)])
                .url(for: .phone) == "/o.jpg", "the original when no variant fits")
        #expect(DeviceClass(parameter: " 1 ") == .tablet && DeviceClass(parameter: "2") == .phoneDoubleResolution && DeviceClass(parameter: "x") == .phone)
    }
}

/// The kept answers stay within their count and byte budgets, under keys made of parsed parameters.
@Suite struct NewsAnswerCacheTests {
    private static func key(_ resource: String, _ query: [String: String] = [:]) throws -> NewsAnswerKey {
        NewsAnswerKey(resource: resource, documentLanguage: nil, parameters: try NewsParameters(RequestParameters(post: [:], query: query)))
    }

    @Test func aFullCacheStartsAfresh() throws {
        let small = HookResponse(data: ["text": .string(String(repeating: "a", count: 30))]).rendered()
        let (a, b, c, d) = (try Self.key("a"), try Self.key("b"), try Self.key("c"), try Self.key("d"))
        // Each answer counts its bytes twice (its rendering and its framed body) and its key's.
        let each = 2 * (small.rendering?.bytes.count ?? 0) + a.bytes
        let cache = NewsAnswerCache(capacity: 3, byteBudget: 3 * each - 1, trust: CacheTrust())
        cache.store(small, as: a, validUntil: 10)
        cache.store(small, as: b, validUntil: 10)
        #expect(cache.answer(a, now: 5) != nil && cache.answer(a, now: 10) == nil, "valid until, not at")
        cache.store(small, as: c, validUntil: 10)
        #expect(cache.answer(b, now: 5) != nil && cache.answer(c, now: 5) != nil, "the expired answer no longer counts")
        cache.store(small, as: d, validUntil: 10)
        #expect(cache.answer(b, now: 5) == nil && cache.answer(d, now: 5) != nil, "a third answer is over budget: started afresh")
        cache.clear()
        #expect(cache.answer(d, now: 5) == nil)
    }

    /// Searches have a share of their own: a client searching for ever new words starts that share
    /// afresh, never the lists'.
    @Test func searchesNeverPushOutTheLists() throws {
        let small = HookResponse(data: ["text": .string("a")]).rendered()
        let list = try Self.key("articles")
        let searches = try (0..<3).map { try Self.key("articles", ["q": "harbour\($0)"]) }
        #expect(!list.isSearch && searches.allSatisfy(\.isSearch))
        let cache = NewsAnswerCache(capacity: 2, searchCapacity: 2, trust: CacheTrust())
        cache.store(small, as: list, validUntil: 10)
        for search in searches { cache.store(small, as: search, validUntil: 10) }
        #expect(cache.answer(list, now: 5) != nil, "the list is still kept")
        #expect(cache.answer(searches[0], now: 5) == nil && cache.answer(searches[2], now: 5) != nil, "the third search started its share afresh")
        cache.clear()
        #expect(cache.answer(list, now: 5) == nil && cache.answer(searches[2], now: 5) == nil, "a news write forgets both")
    }

    /// The key is the parsed value: requests that read the same share an answer, any parameter that
    /// reads differently (Floki's `l`, `h`, `o` and `page` included) gets its own.
    @Test func keysAreTheParsedParameters() throws {
        #expect(try Self.key("articles", ["d": " 1 ", "limit": "20"]) == (try Self.key("articles", ["d": "1"])))
        #expect(try Self.key("articles", ["d": "9"]) == (try Self.key("articles", ["d": String(repeating: "x", count: 16)])))
        let base = try Self.key("feed/all")
        for (name, value) in [("l", "3"), ("h", "9"), ("o", "4"), ("page", "2"), ("d", "2"), ("limit", "5"), ("per_category", "2"), ("category", "x")] {
            #expect(try Self.key("feed/all", [name: value]) != base, "\(name)")
        }
        let cache = NewsAnswerCache(trust: CacheTrust())
        cache.store(HookResponse(data: ["n": .int(1)]).rendered(), as: base, validUntil: 10)
        #expect(cache.answer(try Self.key("feed/all", ["h": "9"]), now: 5) == nil && cache.answer(base, now: 5) != nil)
    }
}
