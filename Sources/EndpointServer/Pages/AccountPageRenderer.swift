import Accounts
import HTTPTypes
import Hummingbird
import Messages
import Mustache

/// Renders the account pages of one request, in that request's language: the page layout with its
/// headers, forms, and the problem pages for refusals.
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

    func problem(_ failure: AccountFailure) async throws -> Response {
        var response = try await self.page(
            title: .pageProblemTitle, error: self.messages.text(failure.message, failure.arguments),
            status: failure.retryAfterSeconds == nil ? .badRequest : .tooManyRequests
        )
        if let seconds = failure.retryAfterSeconds { response.headers[.retryAfter] = String(seconds) }
        return response
    }

    func problem(_ message: MessageID, status: HTTPResponse.Status) async throws -> Response {
        try await self.page(title: .pageProblemTitle, error: self.messages.text(message), status: status)
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
        var headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8",
            .contentLanguage: self.messages.tag,
            .vary: "Accept-Language",
            .cacheControl: "no-store",
            .contentSecurityPolicy: "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
            .xContentTypeOptions: "nosniff",
            .xFrameOptions: "DENY",
            .referrerPolicy: "no-referrer",
        ]
        if let cookieToken {
            var cookie = "\(Self.tokenCookie)=\(cookieToken); Path=/account; Max-Age=3600; HttpOnly; SameSite=Strict"
            if self.secureCookies { cookie += "; Secure" }
            headers[.setCookie] = cookie
        }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: PageTemplate.page.render(context))))
    }
}

extension HTTPField.Name {
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
}
