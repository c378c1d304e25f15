public import Auth
public import EndpointCore

/// The `Set-Cookie` headers that hand a device its credentials or take them back.
///
/// Same names as Composr (`cms_member_id`, `cms_member_hash`) so existing clients replay them
/// unchanged; unlike Composr the token cookie is `HttpOnly`, both are `SameSite=Lax`, and `Secure`
/// when the server's public URL is https.
public struct SessionCookies: Sendable {
    public let secure: Bool

    public init(secure: Bool) {
        self.secure = secure
    }

    /// Cookies carrying `memberID` and `token`, living as long as `session` may.
    func issue(memberID: Int, token: SessionToken, session: DeviceSession) -> [(name: String, value: String)] {
        let maxAge = session.expiresAt - session.createdAt
        return [
            self.header(PresentedCredentials.memberCookie, String(memberID), maxAge: maxAge, httpOnly: false),
            self.header(PresentedCredentials.tokenCookie, token.text, maxAge: maxAge, httpOnly: true),
        ]
    }

    /// Cookies that make the browser forget both.
    func expire() -> [(name: String, value: String)] {
        [
            self.header(PresentedCredentials.memberCookie, "", maxAge: 0, httpOnly: false),
            self.header(PresentedCredentials.tokenCookie, "", maxAge: 0, httpOnly: true),
        ]
    }

    private func header(_ name: String, _ value: String, maxAge: Int, httpOnly: Bool) -> (name: String, value: String) {
        var attributes = ["\(name)=\(value)", "Path=/", "Max-Age=\(maxAge)", "SameSite=Lax"]
        if httpOnly { attributes.append("HttpOnly") }
        if self.secure { attributes.append("Secure") }
        return (name: "Set-Cookie", value: attributes.joined(separator: "; "))
    }
}
