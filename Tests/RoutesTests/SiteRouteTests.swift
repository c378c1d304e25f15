import Messages
import Testing

@testable import Routes

/// Every route the server prints parses back to itself: routes with random parts (any Unicode, the
/// characters URLs give meanings to, slashes in IDs, empty values) are printed and parsed, and the
/// query reads back as the pairs it was printed from.
@Suite struct SiteRouteTests {
    /// A small generator seeded per test, so a failure names the seed that made it.
    struct Generator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            self.state = self.state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return self.state >> 11 ^ self.state
        }
    }

    static let alphabet: [String] = ["a", "Z", "0", "-", "_", ".", "~", " ", "/", "?", "#", "&", "=", "+", "%", "%2F", ";", ":", "@", "é", "日", "🙂", "\u{301}"]

    static func text(_ random: inout Generator, allowingEmpty: Bool = true, length: ClosedRange<Int> = 0...12) -> String {
        var text = ""
        let count = Int.random(in: length, using: &random)
        for _ in 0..<count { text += Self.alphabet.randomElement(using: &random)! }
        return text.isEmpty && !allowingEmpty ? "x" : text
    }

    static func query(_ random: inout Generator) -> [(name: String, value: String)] {
        (0..<Int.random(in: 0...4, using: &random)).map { _ in (Self.text(&random, allowingEmpty: false), Self.text(&random)) }
    }

    static func route(_ random: inout Generator) -> (route: SiteRoute, pairs: [(name: String, value: String)]) {
        let pairs = Self.query(&random)
        let query = RouteQuery(pairs)
        let routes: [SiteRoute] = [
            .hook("content", "news", id: Bool.random(using: &random) ? Self.text(&random, allowingEmpty: false) : nil, query: query),
            .articlePage(reference: Self.text(&random, allowingEmpty: false), query: query), .newsIndex(query: query),
            .composrArticle(
                reference: (0..<Int.random(in: 1...3, using: &random)).map { _ in
                    Self.text(&random, allowingEmpty: false).replacingOccurrences(of: "/", with: "-")
                }.joined(separator: "/")),
            .media(hash: Self.text(&random, allowingEmpty: false), file: Self.text(&random, allowingEmpty: false) + ".jpg", query: query),
            .video(
                hash: Self.text(&random, allowingEmpty: false),
                file: (0..<Int.random(in: 1...4, using: &random)).map { _ in
                    "m" + Self.text(&random, allowingEmpty: false).replacingOccurrences(of: "/", with: "-")
                }.joined(separator: "/")),
            .sharedDraft(token: Self.text(&random, allowingEmpty: false)), .tagPage(moniker: Self.text(&random, allowingEmpty: false)),
            .composrTagSearch(tag: Self.text(&random, allowingEmpty: false)),
            .galleryPage(name: Self.text(&random, allowingEmpty: false), query: query),
            .composrGallery(
                [
                    .gallery(name: "g" + String(Int.random(in: 0...999, using: &random))), .image(id: Int.random(in: 1...Int(Int32.max), using: &random)),
                    .video(id: Int.random(in: 1...99, using: &random)),
                ].randomElement(using: &random)!),
            .uploads, .upload(token: Self.text(&random, allowingEmpty: false)), .videoLink(hash: Self.text(&random, allowingEmpty: false)),
            .mitStories(query: query), .mitStory(reference: Self.text(&random, allowingEmpty: false)), .confirmEmail(query: query),
            .resetPassword(query: query), .mitCategories, .flokiBeacon, .flokiAppData, .pageStyleSheet, .health, .readiness, .openAPI,
            .console(
                [
                    .dashboard, .signIn, .signOut, .signOutEverywhere, .articles, .newArticle, .article(id: Int.random(in: 1...Int.max, using: &random)),
                    .deleteArticle(id: Int.random(in: 1...99, using: &random)), .readerPreview(id: nil), .readerFrame(id: nil),
                    .readerPreview(id: Int.random(in: 1...99, using: &random)), .readerFrame(id: Int.random(in: 1...99, using: &random)), .preview, .images,
                    .members, .newMember,
                    .member(id: Int.random(in: 1...99, using: &random)),
                    .groups, .push, .app, .settings, .media, .uploads, .upload(token: "0af9"), .messages, .message(id: Int.random(in: 1...99, using: &random)),
                    .asset(name: "console.css"), .galleries, .gallery(name: Self.text(&random, allowingEmpty: false)),
                ].randomElement(using: &random)!, query: query),
        ]
        let route = routes.randomElement(using: &random)!
        // A Composr tag search's query is its own: the tag quoted, and Composr's flag.
        if case .composrTagSearch(let tag) = route { return (route, [("content", "\"" + tag + "\""), ("only_search_meta", "1")]) }
        return (route, route.query == .none ? [] : pairs)
    }

    @Test(arguments: 0..<20)
    func everyPrintedRouteParsesBackToItself(seed: UInt64) throws {
        var random = Generator(state: seed)
        for _ in 0..<500 {
            let (route, pairs) = Self.route(&random)
            let target = route.target
            let question = target.firstIndex(of: "?")
            let parsed = SiteRoute(path: String(target[..<(question ?? target.endIndex)]), query: question.map { String(target[target.index(after: $0)...]) })
            #expect(parsed == route, "seed \(seed): \(target)")
            let read = try #require(parsed).query.raw.map { _ in try parsed!.query.pairs() } ?? []
            #expect(read.map(\.name) == pairs.map(\.name) && read.map(\.value) == pairs.map(\.value), "seed \(seed): \(target)")
        }
    }

    /// The shapes the clients send: either encoding of an escape, a trailing slash, Latin-1 escapes
    /// (Floki), and paths no route has.
    @Test func clientSpellingsParseAsTheirRoute() {
        #expect(SiteRoute(path: "/news/caf%E9", query: nil) == .articlePage(reference: "café", query: .none), "Latin-1, as Floki escapes")
        #expect(SiteRoute(path: "/news/hello%2dworld", query: "v=3") == .articlePage(reference: "hello-world", query: RouteQuery(raw: "v=3")))
        #expect(SiteRoute(path: "/apis/news/stories", query: "limit=2") == .mitStories(query: RouteQuery(raw: "limit=2")))
        #expect(SiteRoute(path: "/apis/news/stories/12/", query: nil) == .mitStory(reference: "12"))
        // The addresses a Composr site published for its articles.
        for (path, query, reference) in [
            ("/index.php", "page=news&type=view&id=5", "5"), ("/site/index.php", "type=view&page=news&id=12&keep_session=1", "12"),
            ("/news/view/5", nil, "5"), ("/site/news/view/5.htm", nil, "5"),
            ("/site/news/view/evenements/cafe-creme-a-zurich.htm", nil, "evenements/cafe-creme-a-zurich"),
            ("/news/view/evenements/caf%C3%A9/", nil, "evenements/café"),
        ] as [(String, String?, String)] {
            #expect(SiteRoute(path: path, query: query) == .composrArticle(reference: reference), "\(path)")
        }
        // Composr's tag links (`get_loaded_tags`: the tag searched as a phrase in keywords only).
        for (path, query) in [
            ("/index.php", "page=search&type=results&content=%22Climate%20change%22&days=-1&only_search_meta=1&all_defaults=1"),
            ("/site/index.php", "page=search&type=results&content=Climate+change&only_search_meta=1"),
            ("/search/results.htm", "content=%22Climate+change%22&only_search_meta=1"),
        ] {
            #expect(SiteRoute(path: path, query: query) == .composrTagSearch(tag: "Climate change"), "\(path)?\(query)")
        }
        #expect(SiteRoute(path: "/index.php", query: "page=search&type=results&content=climate") == nil, "a search of the whole text")
        #expect(SiteRoute(path: "/news/tag/climate%2dchange", query: nil) == .tagPage(moniker: "climate-change"), "as Floki escapes")
        // The addresses a Composr site published for its galleries and their entries.
        for (path, query, address) in [
            ("/index.php", "page=galleries&type=browse&id=summer", .gallery(name: "summer")), ("/site/index.php", "page=galleries", .gallery(name: "root")),
            ("/site/index.php", "page=galleries&type=image&id=12&wide=1", .image(id: 12)), ("/index.php", "page=galleries&type=video&id=3", .video(id: 3)),
            ("/galleries/browse/summer.htm", nil, .gallery(name: "summer")), ("/site/galleries/image/12.htm", nil, .image(id: 12)),
            ("/galleries/video/3", nil, .video(id: 3)),
        ] as [(String, String?, ComposrGalleryAddress)] {
            #expect(SiteRoute(path: path, query: query) == .composrGallery(address), "\(path)")
        }
        #expect(SiteRoute(path: "/index.php", query: "page=galleries&type=image&id=x") == nil)
        #expect(SiteRoute(path: "/galleries/summer", query: "cursor=g1") == .galleryPage(name: "summer", query: RouteQuery(raw: "cursor=g1")))
        #expect(SiteRoute(path: "/index.php", query: "page=news&type=browse&id=5") == nil)
        #expect(SiteRoute(path: "/news/view//x", query: nil) == nil)
        #expect(
            SiteRoute(path: "/data/endpoint.php", query: "hook_type=misc&hook=echo")
                == .endpoint(pathInfo: "", query: RouteQuery(raw: "hook_type=misc&hook=echo")))
        #expect(SiteRoute(path: "/data/endpoint.php/account/login", query: nil) == .endpoint(pathInfo: "/account/login", query: .none))
        #expect(SiteRoute(path: "/video/ab/made-1/hls/0/segment-000.ts", query: nil) == .video(hash: "ab", file: "made-1/hls/0/segment-000.ts"))
        #expect(SiteRoute(path: "/uploads", query: nil) == .uploads)
        #expect(SiteRoute(path: "/video/ab", query: nil) == .videoLink(hash: "ab"))
        #expect(SiteRoute(path: "/uploads/0af9", query: nil) == .upload(token: "0af9"))
        for path in [
            "/data/endpoint.phpx", "/media/a", "/apis/news/stories/1/2", "//healthz", "healthz", "/site/x", "/video/", "/video/ab/made-1/../x",
            "/video/ab/made-1//x", "/video/ab/made-1/%2e%2e/x", "/video/ab/made-1/a%2fb",
            "/uploads/a/b",
        ] {
            #expect(SiteRoute(path: path, query: nil) == nil, "\(path)")
        }
        // The site's root, `/news` and Composr's zone are the news index.
        for path in ["/", "/news", "/news/", "/site", "/site/"] {
            #expect(SiteRoute(path: path, query: "category=2") == .newsIndex(query: RouteQuery(raw: "category=2")), "\(path)")
        }
    }

    @Test func aQueryReadsLeniently() {
        let query = RouteQuery(raw: "s=75&x=%ZZ&d=2&s=150")
        #expect(query.first("s") == "75" && query.first("d") == "2" && query.first("x") == nil && query.first("y") == nil)
        #expect(throws: Refusal.self) { try query.table() }
    }
}
