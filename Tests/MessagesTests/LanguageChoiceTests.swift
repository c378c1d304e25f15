import Testing

@testable import Messages

/// Which language an answer is in: Composr's precedence, with anything unknown falling through.
@Suite struct LanguageChoiceTests {
    let languages = Languages.bundled

    func choose(_ parameter: String? = nil, member: String? = nil, accept: String? = nil, site: String = "EN") -> String {
        self.languages.choose(parameter: parameter, memberLanguage: member, acceptLanguage: accept, siteDefault: site).languageCode
    }

    @Test func theParameterWinsThenTheMemberThenTheHeaderThenTheSite() {
        #expect(self.choose("fr", member: "DE", accept: "en", site: "EN") == "FR")
        #expect(self.choose(member: "DE", accept: "fr", site: "EN") == "DE")
        #expect(self.choose(accept: "fr", site: "DE") == "FR")
        #expect(self.choose(site: "DE") == "DE")
        #expect(self.choose() == "EN")
    }

    @Test func unknownValuesFallThroughNeverFail() {
        #expect(self.choose("xx", member: "ZZ", accept: "pt-BR, *;q=0.5", site: "DE") == "DE")
        #expect(self.choose("", member: "", accept: "", site: "nonsense") == "EN")
        #expect(self.choose(String(repeating: "f", count: 5000), accept: "de") == "DE")
    }

    @Test func regionsFallBackToTheirLanguage() {
        #expect(self.choose(accept: "fr-CA") == "FR")
        #expect(self.choose("de_AT") == "DE")
        #expect(self.languages.catalog(named: " FR ")?.languageCode == "FR")
    }

    @Test func qualityValuesAreHonoured() {
        #expect(AcceptLanguage.tags("en;q=0.3, fr-CA;q=0.9, de") == ["de", "fr-CA", "en"])
        #expect(AcceptLanguage.tags("fr;q=0, de;q=0.1") == ["de"], "q=0 means not this one")
        #expect(AcceptLanguage.tags("fr;q=2, de;q=abc, en") == ["en"], "entries that do not parse are skipped")
        #expect(AcceptLanguage.tags("*, fr") == ["fr"])
        #expect(self.choose(accept: "es, fr;q=0.8, de;q=0.9") == "DE")
    }
}
