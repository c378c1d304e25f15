import Accounts
import Auth
import EndpointCore
import HTTPTypes
import Hummingbird
import Messages
import Mustache
import SiteStore

/// The web pages e-mailed links open: confirming an address and choosing a new password (what Composr
/// only has on its website). They work without JavaScript.
///
/// Opening a link never changes anything by itself (mail scanners fetch links); the page shows a form
/// and the change happens when it is submitted. Forms carry a token that must match a `SameSite=Strict`
/// cookie set with the form (double-submit), so another site cannot submit them. Answers are never
/// cached and never send a `Referer` (the URL holds the code).
struct AccountPages: Sendable {
    let confirmation: EmailConfirmation
    let passwordReset: PasswordReset
    /// The joining and resetting rules in force (the reset form shows the minimum length).
    let policies: AccountPolicySource
    let messages: any MessageCatalog
    let clientAddress: ClientAddress
    let secureCookies: Bool

    private static let tokenCookie = "endpoint_form_token"

    func register(on router: Router<EndpointRequestContext>) {
        router.get("account/style.css") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "public, max-age=86400", .xContentTypeOptions: "nosniff"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: PageTemplate.styleSheet))
            )
        }
        router.get(RouterPath(AccountPolicy.confirmationPath)) { request, _ in try await self.answering { try await self.showConfirmation(request) } }
        router.post(RouterPath(AccountPolicy.confirmationPath)) { request, context in
            try await self.answering { try await self.confirm(request, context: context) }
        }
        router.get(RouterPath(AccountPolicy.resetPath)) { request, context in try await self.answering { try await self.showReset(request, context: context) } }
        router.post(RouterPath(AccountPolicy.resetPath)) { request, context in try await self.answering { try await self.reset(request, context: context) } }
    }

    // MARK: Confirming an address

    private func showConfirmation(_ request: Request) async throws -> Response {
        let link = try await self.link(LinkFields(request.uri.queryParameters))
        let token = RandomText.base64URL(byteCount: 24)
        return try await self.page(
            title: .pageConfirmTitle, notice: self.messages.text(.pageConfirmIntro),
            form: self.form(action: AccountPolicy.confirmationPath, link: link, token: token, button: .pageConfirmButton),
            cookieToken: token
        )
    }

    private func confirm(_ request: Request, context: EndpointRequestContext) async throws -> Response {
        let (_, link) = try await self.submission(request)
        let message = try await self.confirmation.confirm(memberID: link.member, code: link.code, ip: self.ip(request, context))
        return try await self.page(title: .pageDoneTitle, notice: self.messages.text(message))
    }

    // MARK: Choosing a new password

    private func showReset(_ request: Request, context: EndpointRequestContext) async throws -> Response {
        let link = try await self.link(LinkFields(request.uri.queryParameters))
        try await self.passwordReset.check(memberID: link.member, code: link.code, ip: self.ip(request, context))
        return try await self.resetForm(link: link, error: nil)
    }

    private func reset(_ request: Request, context: EndpointRequestContext) async throws -> Response {
        let (fields, link) = try await self.submission(request)
        do {
            let message = try await self.passwordReset.complete(
                memberID: link.member, code: link.code,
                password: (fields["password"] ?? "").trimmingWhitespace,
                passwordConfirm: (fields["password_confirm"] ?? "").trimmingWhitespace,
                ip: self.ip(request, context), messages: self.messages
            )
            return try await self.page(title: .pageDoneTitle, notice: self.messages.text(message))
        } catch let failure as AccountFailure where Self.isAboutThePassword(failure) {
            return try await self.resetForm(link: link, error: self.messages.text(failure.message, failure.arguments), status: .unprocessableContent)
        }
    }

    private func resetForm(link: LinkFields, error: String?, status: HTTPResponse.Status = .ok) async throws -> Response {
        let token = RandomText.base64URL(byteCount: 24)
        var form = self.form(action: AccountPolicy.resetPath, link: link, token: token, button: .pageResetButton)
        let policy = try await self.policies.current()
        let minimum = policy.rules.minimumPasswordLength
        form["passwords"] = [
            "newPassword": self.messages.text(.pageNewPassword),
            "repeatPassword": self.messages.text(.pageRepeatPassword),
            "minimum": minimum,
        ]
        return try await self.page(
            title: .pageResetTitle, error: error, notice: self.messages.text(.pageResetIntro, String(minimum)),
            form: form, cookieToken: token, status: status
        )
    }

    /// Failures the member fixes by typing another password (the form is shown again).
    private static func isAboutThePassword(_ failure: AccountFailure) -> Bool {
        [.passwordMismatch, .passwordTooShort, .passwordTooLong, .passwordTooCommon, .usernamePasswordWhitespace].contains(failure.message)
    }

    // MARK: Shared parts

    /// `member` and `code` from a link or a submitted form.
    private struct LinkFields {
        let member: Int
        let code: String

        init?(_ fields: some Sequence<(key: Substring, value: Substring)>) {
            var table: [String: String] = [:]
            for (key, value) in fields { table[String(key)] = String(value) }
            self.init(table)
        }

        init?(_ fields: [String: String]) {
            guard let member = fields["member"].flatMap({ Int($0) }), member > 0,
                  let code = fields["code"], !code.isEmpty, code.utf8.count <= 64
            else { return nil }
            self.member = member
            self.code = code
        }
    }

    /// A refusal to process a submitted form, already rendered.
    private struct PageRefusal: Error {
        let response: Response
    }

    /// Runs a page's handler, rendering its refusals: a form or link that cannot be used, or a refusal
    /// of the account flow.
    private func answering(_ handler: () async throws -> Response) async throws -> Response {
        do {
            return try await handler()
        } catch let refusal as PageRefusal {
            return refusal.response
        } catch let failure as AccountFailure {
            return try await self.problem(failure)
        }
    }

    /// The link's fields, or the "incomplete link" page.
    private func link(_ fields: LinkFields?) async throws -> LinkFields {
        guard let fields else { throw PageRefusal(response: try await self.problem(.pageBadLink, status: .badRequest)) }
        return fields
    }

    /// The fields of a submitted form and the link they carry, once its token matches its cookie.
    private func submission(_ request: Request) async throws -> (fields: [String: String], link: LinkFields) {
        let fields: [String: String]
        do {
            let body = try await RequestBody.collect(request, limit: 16 * 1024)
            fields = try ParameterFields.table(try FormURLEncoding.decode(body.readableBytesView))
        } catch is EndpointError {
            throw PageRefusal(response: try await self.problem(.pageFormExpired, status: .badRequest))
        }
        let cookie = CookieHeader.parse(request.headers[.cookie])[Self.tokenCookie] ?? ""
        let submitted = fields["form_token"] ?? ""
        guard !cookie.isEmpty, ConstantTime.equals(Array(cookie.utf8), Array(submitted.utf8)) else {
            throw PageRefusal(response: try await self.problem(.pageFormExpired, status: .forbidden))
        }
        return (fields, try await self.link(LinkFields(fields)))
    }

    private func form(action: String, link: LinkFields, token: String, button: MessageID) -> [String: Any] {
        ["action": action, "member": link.member, "code": link.code, "token": token, "button": self.messages.text(button)]
    }

    private func ip(_ request: Request, _ context: EndpointRequestContext) -> String {
        self.clientAddress.resolve(peer: context.remoteAddress, forwardedFor: request.headers[.xForwardedFor])
    }

    private func problem(_ failure: AccountFailure) async throws -> Response {
        var response = try await self.page(
            title: .pageProblemTitle, error: self.messages.text(failure.message, failure.arguments),
            status: failure.retryAfterSeconds == nil ? .badRequest : .tooManyRequests
        )
        if let seconds = failure.retryAfterSeconds { response.headers[.retryAfter] = String(seconds) }
        return response
    }

    private func problem(_ message: MessageID, status: HTTPResponse.Status) async throws -> Response {
        try await self.page(title: .pageProblemTitle, error: self.messages.text(message), status: status)
    }

    private func page(
        title: MessageID, error: String? = nil, notice: String? = nil, form: [String: Any]? = nil,
        cookieToken: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let siteName = try await self.policies.current().siteName
        var context: [String: Any] = [
            "language": self.messages.languageCode.lowercased(),
            "site": siteName,
            "title": self.messages.text(title),
        ]
        if let error { context["error"] = error }
        if let notice { context["notice"] = notice }
        if let form { context["form"] = form }
        var headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8",
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
