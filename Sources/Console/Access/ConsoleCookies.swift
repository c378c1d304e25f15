import Routes

/// The console's cookies, scoped to `/admin` and never readable by scripts or sent by another site:
/// the session's (the member's ID and their console session's token) and, before signing in, the
/// sign-in form's token (checked against the form's copy, as the account pages do).
enum ConsoleCookies {
    static let session = "endpoint_console"
    static let signInForm = "endpoint_console_form"

    /// A cookie's `Set-Cookie` value: without an expiry (the browser forgets it when closed; the
    /// server ends it after the console's idle and absolute limits), `Secure` when the site is served
    /// over HTTPS.
    static func set(_ name: String, _ value: String, secure: Bool) -> String {
        "\(name)=\(value); Path=/\(ConsoleRoute.root); HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// Tells the browser to forget the cookie `name`.
    static func cleared(_ name: String, secure: Bool) -> String {
        "\(name)=; Path=/\(ConsoleRoute.root); Max-Age=0; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// The session cookie's value for `memberID`'s session `token`.
    static func sessionValue(memberID: Int, token: String) -> String {
        "\(memberID).\(token)"
    }

    /// The member ID and token a session cookie holds; nil for anything else.
    static func session(in cookies: [String: String]) -> (memberID: Int, token: String)? {
        guard let value = cookies[Self.session], let dot = value.firstIndex(of: "."),
            let memberID = Int(value[..<dot]), memberID > 0
        else { return nil }
        let token = String(value[value.index(after: dot)...])
        return token.isEmpty ? nil : (memberID, token)
    }
}
