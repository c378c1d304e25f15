import HTTPTypes
import Messages
import SiteStore

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
            parameter: parameter, memberLanguage: memberLanguage, acceptLanguage: headers[.acceptLanguage], siteDefault: siteDefault
        )
    }
}
