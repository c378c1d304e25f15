import Testing

@testable import Text

/// The site's public URL, normalised by one rule wherever it is kept.
@Suite struct PublicURLTests {
    @Test(arguments: [
        ("https://news.example", "https://news.example"), ("https://news.example/", "https://news.example"),
        ("https://news.example//", "https://news.example"), ("https://example.org/site/", "https://example.org/site"), ("", ""),
    ])
    func trailingSlashesGo(raw: String, normalised: String) {
        #expect(PublicURL.normalised(raw) == normalised)
    }
}
