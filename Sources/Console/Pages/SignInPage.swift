import Auth
import EndpointCore
import Messages
import Routes
import Text

/// `/admin/sign-in`: the member's name and password, checked by the same rule and throttles as
/// `account/login` (``Login``), and the code of their second factor when they set one up. The form carries a token matching a cookie set with it, so another site
/// cannot submit it; a member who may not use the console gets no session.
struct SignInPage {
    let login: Login
    let sessions: SessionStore
    let secureCookies: Bool

    func answer(_ request: ConsoleRequest, view: ConsoleView) async throws -> ConsoleAnswer {
        guard request.method == .post else {
            let notice = request.query.first("done") == "1" ? request.messages.text(.consoleLoggedOut) : nil
            return self.form(view, notice: notice)
        }
        if request.isCrossSite { throw EndpointError(status: 403, message: .crossSiteRequest) }
        guard let cookie = request.cookies[ConsoleCookies.signInForm], FormToken.matches(request.form["form_token"], cookie) else {
            throw EndpointError(status: 403, message: .consoleFormNotChecked)
        }
        let username = (request.form["username"] ?? "").trimmingWhitespace
        let success: Login.Success
        do {
            success = try await self.login.logIn(
                username: username, password: (request.form["password"] ?? "").trimmingWhitespace,
                secondFactor: (request.form["code"] ?? "").trimmingWhitespace, from: request.client, origin: ConsoleStaff.sessionOrigin)
        } catch {
            guard let refusal = ConsoleRefusal(error, wrongPassword: 401) else { throw error }
            return self.form(view, username: username, error: refusal.sentence(view.messages), status: refusal.status)
        }
        guard ConsoleAccess.role(success.permissions) != nil else {
            try await self.sessions.revoke(sessionID: success.session.id, memberID: success.member.id)
            return self.form(view, username: username, error: view.messages.text(.consoleNotStaff), status: 403)
        }
        let session = ConsoleCookies.set(
            ConsoleCookies.session, ConsoleCookies.sessionValue(memberID: success.member.id, token: success.token.text), secure: self.secureCookies)
        return .redirect(to: ConsoleRoute.dashboard.path, cookies: [session, ConsoleCookies.cleared(ConsoleCookies.signInForm, secure: self.secureCookies)])
    }

    /// The form, with a fresh token in it and in its cookie.
    private func form(_ view: ConsoleView, username: String = "", notice: String? = nil, error: String? = nil, status: Int = 200) -> ConsoleAnswer {
        let token = RandomText.base64URL(byteCount: 24)
        return view.page(
            .signIn, title: view.messages.text(.logIn), context: ["token": token, "username": username], notice: notice, error: error, status: status,
            cookies: [ConsoleCookies.set(ConsoleCookies.signInForm, token, secure: self.secureCookies)]
        )
    }
}
