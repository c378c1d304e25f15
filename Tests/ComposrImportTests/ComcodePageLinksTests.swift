import Routes
import Testing

@testable import ComposrImport

/// Which Composr page-links an imported text names, and which of them this server has a page for.
@Suite struct ComcodePageLinksTests {
    @Test func theLinksOfPageTagsAreFoundAsWritten() {
        let text = #"Please [page="site:join"]join[/page], [PAGE='_SEARCH:news:view:3']read[/PAGE] or [page=:contact]write[/page]. [page]x[/page]"#
        #expect(ComcodePageLinks.named(in: text) == ["site:join", "_SEARCH:news:view:3", ":contact"])
        #expect(ComcodePageLinks.named(in: "[page=\"unclosed") == ["unclosed"])
    }

    @Test func onlyPagesThisServerLacksAreMissing() {
        let text =
            #"[page="site:join"]a[/page] [page="site:join"]b[/page] [page="site:news"]c[/page] [page=":start"]d[/page] [page="site:news:view:2"]e[/page]"#
        #expect(ComcodePageLinks.missing(in: text) == ["site:join"], "each once; news, the home page and articles are here")
    }

    @Test func newsPagesAndTheHomePageHaveRoutesHere() {
        #expect(ComposrPageLink("site:news:view:7").route == .articlePage(reference: "7", query: .none))
        #expect(ComposrPageLink("site:news").route == .newsIndex(query: .none))
        #expect(ComposrPageLink("site:news:browse").route == .newsIndex(query: .none))
        #expect(ComposrPageLink(":start").route == .newsIndex(query: .none))
        #expect(ComposrPageLink("site:join").route == nil)
        #expect(ComposrPageLink("site:news:view").route == nil, "a view with no ID")
    }
}
