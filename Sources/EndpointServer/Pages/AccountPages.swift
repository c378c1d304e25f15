import Accounts
import Auth
import EndpointCore
import HTTPTypes
import Hummingbird
import Messages
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
    let languages: LanguageNegotiation
    let clientAddress: ClientAddress
    let secureCookies: Bool

    func register(on router: Router<EndpointRequestContext>) {
        router.get("account/style.css") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "public, max-age=86400", .xContentTypeOptions: "nosniff"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: PageTemplate.styleSheet))
            )
        }
        router.get(RouterPath(AccountPolicy.confirmationPath)) { request, _ in
            try await self.answering(request) { try await self.showConfirmation(request, $0) }
        }
        router.post(RouterPath(AccountPolicy.confirmationPath)) { request, context in
            try await self.answering(request) { try await self.confirm(request, context: context, $0) }
        }
        router.get(RouterPath(AccountPolicy.resetPath)) { request, context in
            try await self.answering(request) { try await self.showReset(request, context: context, $0) }
        }
        router.post(RouterPath(AccountPolicy.resetPath)) { request, context in
            try await self.answering(request) { try await self.reset(request, context: context, $0) }
        }
    }

    // MARK: Confirming an address

    private func showConfirmation(_ request: Request, _ page: AccountPageRenderer) async throws -> Response {
        let link = try await self.link(LinkFields(request.uri.queryParameters), page)
        let token = RandomText.base64URL(byteCount: 24)
        return try await page.page(
            title: .pageConfirmTitle, notice: page.messages.text(.pageConfirmIntro),
            form: page.form(action: AccountPolicy.confirmationPath, link: link, token: token, button: .pageConfirmButton),
            cookieToken: token
        )
    }

    private func confirm(_ request: Request, context: EndpointRequestContext, _ page: AccountPageRenderer) async throws -> Response {
        let (_, link) = try await self.submission(request, page)
        let message = try await self.confirmation.confirm(memberID: link.member, code: link.code, ip: self.ip(request, context))
        return try await page.page(title: .pageDoneTitle, notice: page.messages.text(message))
    }

    // MARK: Choosing a new password

    private func showReset(_ request: Request, context: EndpointRequestContext, _ page: AccountPageRenderer) async throws -> Response {
        let link = try await self.link(LinkFields(request.uri.queryParameters), page)
        try await self.passwordReset.check(memberID: link.member, code: link.code, ip: self.ip(request, context))
        return try await self.resetForm(link: link, error: nil, page)
    }

    private func reset(_ request: Request, context: EndpointRequestContext, _ page: AccountPageRenderer) async throws -> Response {
        let (fields, link) = try await self.submission(request, page)
        do {
            let message = try await self.passwordReset.complete(
                memberID: link.member, code: link.code,
                password: (fields["password"] ?? "").trimmingWhitespace,
                passwordConfirm: (fields["password_confirm"] ?? "").trimmingWhitespace,
                ip: self.ip(request, context)
            )
            return try await page.page(title: .pageDoneTitle, notice: page.messages.text(message))
        } catch let failure as AccountFailure where Self.isAboutThePassword(failure) {
            return try await self.resetForm(
                link: link, error: page.messages.text(failure.message, failure.arguments), page, status: .unprocessableContent
            )
        }
    }

    private func resetForm(
        link: LinkFields, error: String?, _ page: AccountPageRenderer, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let token = RandomText.base64URL(byteCount: 24)
        var form = page.form(action: AccountPolicy.resetPath, link: link, token: token, button: .pageResetButton)
        let policy = try await self.policies.current()
        let minimum = policy.rules.minimumPasswordLength
        form["passwords"] = [
            "newPassword": page.messages.text(.pageNewPassword),
            "repeatPassword": page.messages.text(.pageRepeatPassword),
            "minimum": minimum,
        ]
        return try await page.page(
            title: .pageResetTitle, error: error, notice: page.messages.text(.pageResetIntro, page.messages.number(minimum)),
            form: form, cookieToken: token, status: status
        )
    }

    /// Failures the member fixes by typing another password (the form is shown again).
    private static func isAboutThePassword(_ failure: AccountFailure) -> Bool {
        [.passwordMismatch, .passwordTooShort, .passwordTooLong, .passwordTooCommon, .usernamePasswordWhitespace].contains(failure.message)
    }

    // MARK: Shared parts

    /// `member` and `code` from a link or a submitted form.
    struct LinkFields {
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
    private func answering(_ request: Request, _ handler: (AccountPageRenderer) async throws -> Response) async throws -> Response {
        let page = await self.renderer(for: request)
        do {
            return try await handler(page)
        } catch let refusal as PageRefusal {
            return refusal.response
        } catch let failure as AccountFailure {
            return try await page.problem(failure)
        } catch is DatabaseUnavailable {
            var response = try await page.problem(.siteUnavailable, status: .serviceUnavailable)
            response.headers[.retryAfter] = String(DatabaseUnavailable.retryAfterSeconds)
            return response
        }
    }

    /// The link's fields, or the "incomplete link" page.
    private func link(_ fields: LinkFields?, _ page: AccountPageRenderer) async throws -> LinkFields {
        guard let fields else { throw PageRefusal(response: try await page.problem(.pageBadLink, status: .badRequest)) }
        return fields
    }

    /// The fields of a submitted form and the link they carry, once its token matches its cookie.
    private func submission(_ request: Request, _ page: AccountPageRenderer) async throws -> (fields: [String: String], link: LinkFields) {
        let fields: [String: String]
        do {
            let body = try await RequestBody.collect(request, limit: 16 * 1024)
            fields = try FormURLEncoding.table(body)
        } catch is EndpointError {
            throw PageRefusal(response: try await page.problem(.pageFormExpired, status: .badRequest))
        }
        let cookie = CookieHeader.parse(request.headers.value(of: .cookie))[AccountPageRenderer.tokenCookie] ?? ""
        let submitted = fields["form_token"] ?? ""
        guard !cookie.isEmpty, ConstantTime.equals(Array(cookie.utf8), Array(submitted.utf8)) else {
            throw PageRefusal(response: try await page.problem(.pageFormExpired, status: .forbidden))
        }
        return (fields, try await self.link(LinkFields(fields), page))
    }

    private func ip(_ request: Request, _ context: EndpointRequestContext) -> String {
        self.clientAddress.resolve(peer: context.remoteAddress, forwardedFor: request.headers.value(of: .xForwardedFor))
    }

    /// The renderer for `request`'s language: the link's (and its form's) `keep_lang`, else the
    /// browser's, else the site's.
    private func renderer(for request: Request) async -> AccountPageRenderer {
        AccountPageRenderer(messages: await self.languages.catalog(for: request), policies: self.policies, secureCookies: self.secureCookies)
    }
}
