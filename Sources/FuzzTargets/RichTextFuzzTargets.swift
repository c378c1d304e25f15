import RichText

extension FuzzTarget {
    /// The allowlist every HTML that leaves the server goes through, fed any bytes as HTML.
    ///
    /// Properties: what comes out is allowlisted and well-formed (``HTMLAllowlist/violation(in:)``,
    /// a check that shares no code with the writer), and idempotent: the allowlist gives its own output
    /// back unchanged. Markup nested beyond reason may be refused (``TextTooDeep``), nothing else.
    static let htmlAllowlist = FuzzTarget(name: "html-allowlist") { input in
        Self.allowlisted(try? Self.allowlist.sanitize(input.lossyText))
    }

    /// The Comcode renderer (a parser of our own) fed any bytes, its output through the allowlist.
    ///
    /// Properties: as ``htmlAllowlist``'s, and the renderer never refuses Comcode (tags nested too deep
    /// are shown as text): only HTML islands (`[html]`, `[semihtml]`) nested beyond reason may be.
    static let comcode = FuzzTarget(name: "comcode") { input in
        let renderer = RichTextRenderer(allowlist: Self.allowlist, said: { "\($0) said" }, pageLink: { _ in "/" })
        let text = input.lossyText
        guard let rendered = try? renderer.render(text, format: .comcode) else {
            return text.contains("html]") ? nil : "Comcode without HTML refused as too deep"
        }
        return Self.allowlisted(rendered)
    }

    private static let allowlist = HTMLAllowlist(publicURL: "https://news.example")

    /// What is wrong with `rendered` (nil: refused, or all held).
    private static func allowlisted(_ rendered: RenderedText?) -> String? {
        guard let rendered else { return nil }
        if let violation = HTMLAllowlist.violation(in: rendered.html) { return "\(violation) in \(rendered.html.prefix(2_000))" }
        guard let again = try? Self.allowlist.sanitize(rendered.html) else { return "its own output refused" }
        guard again.html == rendered.html else { return "not idempotent: \(rendered.html.prefix(2_000)) became \(again.html.prefix(2_000))" }
        return nil
    }
}
