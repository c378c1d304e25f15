/// What the console answers: a page, a redirect after a change (so reloading never posts it again), or
/// one of its assets; with the cookies to set. The HTTP layer writes it with ``headers``.
public struct ConsoleAnswer: Sendable {
    public enum Body: Sendable {
        case html(String)
        /// `303 See Other` to a console path.
        case redirect(String)
        /// A style sheet, a script, or text a script asked for.
        case text(String, contentType: String)
        /// An article's public page as a draft makes it, framed by the console's reader preview: served
        /// with the public page's headers, framed by this site only.
        case readerPage(String)
    }

    public var status: Int
    public var body: Body
    /// `Set-Cookie` values.
    public var cookies: [String]
    /// Headers of this answer besides ``headers`` (the keep an autosave made, ``draftKeptHeader``).
    public var extraHeaders: [(name: String, value: String)]

    public init(status: Int = 200, body: Body, cookies: [String] = [], extraHeaders: [(name: String, value: String)] = []) {
        self.status = status
        self.body = body
        self.cookies = cookies
        self.extraHeaders = extraHeaders
    }

    /// Seen after a change: the page at `path`, by a fresh GET.
    static func redirect(to path: String, cookies: [String] = []) -> ConsoleAnswer {
        ConsoleAnswer(status: 303, body: .redirect(path), cookies: cookies)
    }

    /// The headers every console answer carries: nothing stored, nothing framed, no referrer, and a
    /// policy allowing only this server's own styles, scripts, images and forms (no inline script,
    /// no inline style), so text members wrote can never run.
    public static let headers: [(name: String, value: String)] = [
        ("Cache-Control", "no-store"),
        (
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; frame-src 'self'; form-action 'self'; "
                + "frame-ancestors 'none'; base-uri 'none'"
        ),
        ("X-Frame-Options", "DENY"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "same-origin"),
    ]
}
