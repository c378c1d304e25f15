import RichText

extension FuzzTarget {
    /// The allowlist every HTML that leaves the server goes through, fed any bytes as HTML.
    ///
    /// Properties: what comes out is allowlisted and well-formed (``HTMLAllowlist/violation(in:)``,
    /// a check that shares no code with the writer), and idempotent: the allowlist gives its own output
    /// back unchanged. Markup nested beyond reason may be refused (``TextRefused``), nothing else.
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

    /// Markdown, written by walking cmark-gfm's tree straight into the allowlist's writer, fed any bytes.
    ///
    /// Properties: as ``htmlAllowlist``'s, and the walk writes exactly what the allowlist makes of the
    /// HTML cmark-gfm's own renderer writes for the same text (the walk's only reason to exist is
    /// speed), but for control characters (left out, where gumbo makes them U+FFFD). Only text nested
    /// beyond reason may be refused.
    static let markdown = FuzzTarget(name: "markdown") { input in
        let renderer = RichTextRenderer(allowlist: Self.allowlist, said: { "\($0) said" }, pageLink: { _ in "/" })
        let text = input.lossyText
        guard let rendered = try? renderer.render(text, format: .markdown) else { return nil }
        if let broken = Self.allowlisted(rendered) { return broken }
        let cmarkHTML = MarkdownRenderer.cmarkHTML(text)
        // cmark-gfm's autolinks can stand inside a link: a parser splits the outer link there, the walk
        // writes the inner one as text; both are allowlisted, and differ.
        guard !Self.nestsLinks(cmarkHTML) else { return nil }
        guard let throughHTML = try? Self.allowlist.sanitize(cmarkHTML) else { return "cmark's HTML refused" }
        // A control character in the text is left out by the walk, where gumbo made it U+FFFD first;
        // the plain text is tidied around it (a space after it is kept, one at a line's start not).
        func readAlike(_ text: String) -> String { String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{FFFD}" })) }
        func tidiedAlike(_ text: String) -> [String] {
            readAlike(text).split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }.filter { !$0.isEmpty }
        }
        guard readAlike(throughHTML.html) == readAlike(rendered.html), tidiedAlike(throughHTML.text) == tidiedAlike(rendered.text),
            throughHTML.images == rendered.images, throughHTML.dropped == rendered.dropped
        else {
            return
                "the walk wrote \(rendered.html.prefix(2_000)) (text \(rendered.text.prefix(500))), cmark's HTML gave \(throughHTML.html.prefix(2_000)) (text \(throughHTML.text.prefix(500)))"
        }
        return nil
    }

    private static let allowlist = HTMLAllowlist(publicURL: "https://news.example")

    /// Whether cmark's HTML opens a link inside another (its text's `<` is escaped: every `<a ` is one).
    private static func nestsLinks(_ html: String) -> Bool {
        var open = 0
        var index = html.startIndex
        while let tag = html[index...].firstIndex(of: "<") {
            if html[tag...].hasPrefix("<a ") {
                open += 1
                if open > 1 { return true }
            } else if html[tag...].hasPrefix("</a>") {
                open -= 1
            }
            index = html.index(after: tag)
        }
        return false
    }

    /// What is wrong with `rendered` (nil: refused, or all held).
    static func allowlisted(_ rendered: RenderedText?) -> String? {
        guard let rendered else { return nil }
        if let violation = HTMLAllowlist.violation(in: rendered.html) { return "\(violation) in \(rendered.html.prefix(2_000))" }
        guard let again = try? Self.allowlist.sanitize(rendered.html) else { return "its own output refused" }
        guard again.html == rendered.html else { return "not idempotent: \(rendered.html.prefix(2_000)) became \(again.html.prefix(2_000))" }
        return nil
    }
}
