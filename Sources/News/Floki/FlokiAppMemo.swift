import Galleries
import Messages
import NIOConcurrencyHelpers

/// The Floki application last made, kept until its definition, the category names, the galleries or
/// the languages it was made from change: the clients ask for it at every start and every `ttl`, and it is the same
/// for all.
final class FlokiAppMemo: Sendable {
    private struct Made {
        var definition: FlokiAppDefinition
        var categoryNames: [Int: String]
        var galleries: [Gallery]
        var languages: [String]
        var publicURL: String
        var app: FlokiApp
    }

    private let made = NIOLockedValueBox<Made?>(nil)

    func app(definition: FlokiAppDefinition, categoryNames: [Int: String], galleries: [Gallery], languages: [MessageCatalog], publicURL: String)
        -> FlokiApp
    {
        let codes = languages.map(\.languageCode)
        if let made = self.made.withLockedValue({ $0 }), made.definition == definition, made.categoryNames == categoryNames, made.galleries == galleries,
            made.languages == codes, made.publicURL == publicURL
        {
            return made.app
        }
        let app = FlokiApp(definition: definition, categoryNames: categoryNames, galleries: galleries, languages: languages, publicURL: publicURL)
        self.made.withLockedValue {
            $0 = Made(definition: definition, categoryNames: categoryNames, galleries: galleries, languages: codes, publicURL: publicURL, app: app)
        }
        return app
    }
}
