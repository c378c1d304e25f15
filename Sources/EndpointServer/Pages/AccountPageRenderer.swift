import Auth
import HTTPTypes
import Hummingbird
import Messages
import Mustache

/// Renders the account pages of one request, in that request's language: the page layout with its
/// headers and forms (failures are ``FailurePage``s).
struct AccountPageRenderer {
    let messages: MessageCatalog
    let policies: AccountPolicySource
    let secureCookies: Bool

    static let tokenCookie = "endpoint_form_token"

    /// A form posting back to `action` in this language, carrying the link's fields and `token`.
    func form(action: String, link: AccountPages.LinkFields, token: String, button: MessageID) -> [String: Any] {
        [
            "action": "\(action)?keep_lang=\(self.messages.languageCode)", "member": link.member, "code": link.code, "token": token,
            "button": self.messages.text(button),
        ]
    }

    func page(
        title: MessageID, error: String? = nil, notice: String? = nil, form: [String: Any]? = nil,
        cookieToken: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let siteName = try await self.policies.current().siteName
        var context: [String: Any] = [
            "language": self.messages.tag,
            "site": siteName,
            "title": self.messages.text(title),
        ]
        if let error { context["error"] = error }
        if let notice { context["notice"] = notice }
        if let form { context["form"] = form }
        return Self.pageResponse(context: context, language: self.messages, cookieToken: cookieToken, secureCookies: self.secureCookies, status: status)
    }

    /// The page `context` fills in, with the pages' headers (never stored, a strict policy, no referrer:
    /// links carry codes) and, with `cookieToken`, the form token's cookie.
    static func pageResponse(
        context: [String: Any], language: MessageCatalog, cookieToken: String?, secureCookies: Bool, status: HTTPResponse.Status
    ) -> Response {
        var headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8",
            .contentLanguage: language.tag,
            .vary: "Accept-Language",
            .cacheControl: "no-store",
            .contentSecurityPolicy: "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
            .xContentTypeOptions: "nosniff",
            .xFrameOptions: "DENY",
            .referrerPolicy: "no-referrer",
        ]
        if let cookieToken {
            var cookie = "\(Self.tokenCookie)=\(cookieToken); Path=/account; Max-Age=3600; HttpOnly; SameSite=Strict"
            if secureCookies { cookie += "; Secure" }
            headers[.setCookie] = cookie
        }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: PageTemplate.page.render(context))))
    }
}

extension HTTPField.Name {
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
}
