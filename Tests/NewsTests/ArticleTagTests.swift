import Messages
import Testing

@testable import News

/// The tag rule: a label's moniker is its folded words joined by `-`, so every spelling of a tag is
/// one tag; a label without a letter or digit, or too long, is no tag.
@Suite struct ArticleTagRuleTests {
    @Test func everySpellingOfATagIsOneMoniker() throws {
        for label in ["Climate change", "CLIMATE-CHANGE", "  clímate   Change ", "climate_change", "Climate—change!", "climate\tchange"] {
            #expect(ArticleTag.moniker(of: label) == "climate-change", "\(label)")
        }
        #expect(ArticleTag.moniker(of: "Café") == "cafe")
        #expect(ArticleTag.moniker(of: "5G") == "5g")
        #expect(ArticleTag.moniker(of: "東京 オリンピック") == "東京-オリンピック", "letters of any script are kept")
        #expect(ArticleTag.moniker(of: "C++") == "c")
        #expect(ArticleTag.moniker(of: "!!! ---") == nil)
    }

    @Test func aListIsOneTagPerMonikerInOrder() throws {
        let tags = try ArticleTag.tags(["Café", "", "Politics", "cafe", " CAFÉ "])
        #expect(tags.map(\.moniker) == ["cafe", "politics"] && tags.map(\.label) == ["Café", "Politics"])
        #expect(throws: Refusal.invalid(.newsTooManyTags, "30")) { try ArticleTag.tags((1...31).map { "tag \($0)" }) }
        #expect(throws: Refusal.self) { try ArticleTag(label: String(repeating: "a", count: 81)) }
        #expect(try ArticleTag(label: String(repeating: "é", count: 80)).moniker == String(repeating: "e", count: 80), "80 scalars, not graphemes")
        #expect(throws: Refusal.self) { try ArticleTag(label: "?!") }
        #expect(throws: Refusal.self, "80 scalars folding to 240: longer than its column") { try ArticleTag(label: String(repeating: "ﬃ", count: 80)) }
    }
}
