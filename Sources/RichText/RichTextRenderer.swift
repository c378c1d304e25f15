/// Renders an article's text in its format once, when it is written: `text` by today's rule (byte for
/// byte), `markdown` by cmark-gfm, `comcode` by Composr's rules; both markups are written by the one
/// allowlist's writer (``HTMLAllowlist``), which also gives the plain text search indexes.
public struct RichTextRenderer: Sendable {
    /// The deepest nesting rendered: Markdown nested deeper is refused, Comcode tags deeper are shown as
    /// text, HTML elements deeper are unwrapped.
    public static let maximumDepth = 64

    let allowlist: HTMLAllowlist
    /// The sentence before a quote's author ("{1} said").
    let said: @Sendable (String) -> String
    /// The address a Composr page link opens.
    let pageLink: @Sendable (String) -> String

    public init(
        allowlist: HTMLAllowlist, said: @escaping @Sendable (String) -> String, pageLink: @escaping @Sendable (String) -> String
    ) {
        self.allowlist = allowlist
        self.said = said
        self.pageLink = pageLink
    }

    /// An article's `body` and `summary`, both rendered as `format`.
    public func render(_ body: String, _ summary: String, format: TextFormat) throws(TextRefused) -> (body: RenderedText, summary: RenderedText) {
        (try self.render(body, format: format), try self.render(summary, format: format))
    }

    /// `source` rendered as `format`; throws ``TextRefused`` for markup nested beyond reason.
    public func render(_ source: String, format: TextFormat) throws(TextRefused) -> RenderedText {
        switch format {
        case .text:
            return RenderedText(html: PlainText.html(source), text: PlainText.plain(source))
        case .markdown:
            return try MarkdownRenderer.render(source, allowlist: self.allowlist)
        case .comcode:
            let rendered = ComcodeRenderer.render(source, context: ComcodeRenderer.Context(said: self.said, pageLink: self.pageLink))
            var writer = HTMLAllowlist.Writer(policy: self.allowlist)
            try rendered.output.write(into: &writer)
            var result = writer.result
            result.dropped = Array((rendered.dropped + result.dropped).prefix(RenderedText.maximumDropped))
            return result
        }
    }
}
