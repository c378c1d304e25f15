import Auth
import EndpointCore
import HTTPTypes
import Hummingbird
import Messages
import Routes
import Text

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

    /// `GET /account/style.css`: the pages' style sheet.
    static func styleSheet() -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "public, max-age=86400", .xContentTypeOptions: "nosniff"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: PageTemplate.styleSheet))
        )
    }

    /// `GET` shows, `POST` submits, the page `route` names (confirming an address or choosing a new
    /// password); nil for another method.
    func answer(_ route: SiteRoute, _ request: Request, _ context: EndpointRequestContext) async throws -> Response? {
        switch (route, request.method) {
        case (.confirmEmail, .get): try await self.answering(request) { try await self.showConfirmation(request, $0) }
        case (.confirmEmail, .post): try await self.answering(request) { try await self.confirm(request, context: context, $0) }
        case (.resetPassword, .get): try await self.answering(request) { try await self.showReset(request, context: context, $0) }
        case (.resetPassword, .post): try await self.answering(request) { try await self.reset(request, context: context, $0) }
        default: nil
        }
    }

    // MARK: Confirming an address

    private func showConfirmation(_ request: Request, _ page: AccountPageRenderer) async throws -> Response {
        let link = try self.link(LinkFields(request.uri.queryParameters))
        let token = RandomText.base64URL(byteCount: 24)
        return try await page.page(
            title: .pageConfirmTitle, notice: page.messages.text(.pageConfirmIntro),
            form: page.form(action: SiteRoute.confirmEmail(query: .none).path, link: link, token: token, button: .pageConfirmButton),
            cookieToken: token
        )
    }

    private func confirm(_ request: Request, context: EndpointRequestContext, _ page: AccountPageRenderer) async throws -> Response {
        let (_, link) = try await self.submission(request)
        let message = try await self.confirmation.confirm(memberID: link.member, code: link.code, ip: self.ip(request, context))
        return try await page.page(title: .pageDoneTitle, notice: page.messages.text(message))
    }

    // MARK: Choosing a new password

    private func showReset(_ request: Request, context: EndpointRequestContext, _ page: AccountPageRenderer) async throws -> Response {
        let link = try self.link(LinkFields(request.uri.queryParameters))
        try await self.passwordReset.check(memberID: link.member, code: link.code, ip: self.ip(request, context))
        return try await self.resetForm(link: link, error: nil, page)
    }

    private func reset(_ request: Request, context: EndpointRequestContext, _ page: AccountPageRenderer) async throws -> Response {
        let (fields, link) = try await self.submission(request)
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
        var form = page.form(action: SiteRoute.resetPassword(query: .none).path, link: link, token: token, button: .pageResetButton)
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

    /// Runs a page's handler in the request's language; its failures (a link or form that cannot be
    /// used, a refusal of the account flow, the database away) are pages written by ``FailureAnswers``.
    private func answering(_ request: Request, _ handler: (AccountPageRenderer) async throws -> Response) async throws -> Response {
        try await handler(await self.renderer(for: request))
    }

    /// The link's fields, or the "incomplete link" page.
    private func link(_ fields: LinkFields?) throws -> LinkFields {
        guard let fields else { throw EndpointError(status: 400, message: .pageBadLink) }
        return fields
    }

    /// The fields of a submitted form and the link they carry, once its token matches its cookie.
    private func submission(_ request: Request) async throws -> (fields: [String: String], link: LinkFields) {
        let fields: [String: String]
        do {
            let body = try await RequestBody.collect(request, limit: 16 * 1024)
            fields = try FormURLEncoding.table(body)
        } catch is EndpointError {
            throw EndpointError(status: 400, message: .pageFormExpired)
        }
        let cookie = CookieHeader.parse(request.headers.value(of: .cookie))[AccountPageRenderer.tokenCookie] ?? ""
        let submitted = fields["form_token"] ?? ""
        guard !cookie.isEmpty, ConstantTime.equals(Array(cookie.utf8), Array(submitted.utf8)) else {
            throw EndpointError(status: 403, message: .pageFormExpired)
        }
        return (fields, try self.link(LinkFields(fields)))
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
