import HTTPTypes
import Hummingbird
import Messages
import Storage

/// Picks the language of one answer (``Languages/choose(parameter:memberLanguage:acceptLanguage:siteDefault:)``)
/// from what the request carries: Composr's `keep_lang` parameter (or `lang`), the caller's stored
/// language, `Accept-Language`, and the live `default_language` option.
struct LanguageNegotiation: Sendable {
    let languages: Languages
    let config: ConfigStore

    /// The catalog for a request with `fields` (query, then form fields: the query wins), made by a
    /// member whose stored language is `memberLanguage` (nil for Guest).
    func catalog(fields: [[String: String]], memberLanguage: String?, headers: HTTPFields) async -> MessageCatalog {
        let parameter = fields.lazy.compactMap { $0["keep_lang"] ?? $0["lang"] }.first
        // The database being away must not stop an error from being worded: the site default then
        // falls back to English.
        let siteDefault = (try? await self.config.options().defaultLanguage) ?? "EN"
        return self.languages.choose(
            parameter: parameter, memberLanguage: memberLanguage, acceptLanguage: headers.value(of: .acceptLanguage), siteDefault: siteDefault
        )
    }

    /// The catalog for `request` judged by its query string and headers alone (a page, or a request
    /// refused before its caller was known).
    func catalog(for request: Request) async -> MessageCatalog {
        var query: [String: String] = [:]
        for (key, value) in request.uri.queryParameters where key == "keep_lang" || key == "lang" {
            query[String(key)] = String(value)
        }
        return await self.catalog(fields: [query], memberLanguage: nil, headers: request.headers)
    }
}
