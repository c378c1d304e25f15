import Messages
import NIOConcurrencyHelpers

/// The Floki application definition last made, kept until the categories or languages it was made
/// from change: the clients ask for it at every start and every `ttl`, and it is the same for all.
final class FlokiAppMemo: Sendable {
    private struct Made {
        var tabs: [FlokiApp.Tab]
        var hasGallery: Bool
        var languages: [String]
        var publicURL: String
        var app: FlokiApp
    }

    private let made = NIOLockedValueBox<Made?>(nil)

    func app(tabs: [FlokiApp.Tab], hasGallery: Bool, languages: [MessageCatalog], publicURL: String) -> FlokiApp {
        let codes = languages.map(\.languageCode)
        if let made = self.made.withLockedValue({ $0 }), made.tabs == tabs, made.hasGallery == hasGallery, made.languages == codes,
            made.publicURL == publicURL
        {
            return made.app
        }
        let app = FlokiApp(tabs: tabs, hasGallery: hasGallery, languages: languages, publicURL: publicURL)
        self.made.withLockedValue { $0 = Made(tabs: tabs, hasGallery: hasGallery, languages: codes, publicURL: publicURL, app: app) }
        return app
    }
}
