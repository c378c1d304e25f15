import CCmarkGFM
import Glibc

/// Markdown as GitHub writes it (CommonMark with tables, strikethrough and autolinks), parsed by
/// cmark-gfm, GitHub's own C library, and written by walking its tree straight into the allowlist's
/// writer (``MarkdownWalk``): raw HTML is not obeyed (left out, as cmark's safe mode leaves it), and no
/// HTML is made and parsed again on the way.
package enum MarkdownRenderer {
    /// The extensions GitHub's Markdown has that every article may use.
    private static let extensions = ["table", "strikethrough", "autolink"]

    /// One registration of the extensions per process (cmark-gfm keeps them in a global list).
    private static let registered: Void = cmark_gfm_core_extensions_ensure_registered()

    /// cmark's defaults (raw HTML left out); no UTF-8 validation, which a Swift string never needs.
    static let options = CMARK_OPT_DEFAULT

    /// `markdown` rendered through `allowlist`; throws ``TextRefused`` when its blocks or inlines nest
    /// deeper than ``RichTextRenderer/maximumDepth`` (a 10,000-deep `>` is refused, not rendered).
    /// A text whose tables could hold more than ``MarkdownTables/maximumCells`` is refused before it
    /// is parsed.
    static func render(_ markdown: String, allowlist: HTMLAllowlist) throws(TextRefused) -> RenderedText {
        var markdown = markdown
        let cells = markdown.withUTF8 { MarkdownTables.cellBound($0) }
        guard cells <= MarkdownTables.maximumCells else { throw TextRefused.tooManyTableCells(maximum: MarkdownTables.maximumCells) }
        let parsed = Parsed(markdown)
        guard let document = parsed.document else { return RenderedText(html: "", text: "") }
        var walk = MarkdownWalk(writer: HTMLAllowlist.Writer(policy: allowlist))
        try walk.write(document)
        return walk.writer.result
    }

    /// The HTML cmark-gfm's own renderer makes of `markdown`, which the allowlist reads back to what
    /// ``render(_:allowlist:)`` writes directly (the `markdown` fuzz target holds the two to each other).
    package static func cmarkHTML(_ markdown: String) -> String {
        let parsed = Parsed(markdown)
        guard let document = parsed.document else { return "" }
        guard let rendered = cmark_render_html(document, Self.options, cmark_parser_get_syntax_extensions(parsed.parser)) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// A parsed text and its parser (which holds the extensions its tree refers to), freed together.
    private final class Parsed {
        let parser: OpaquePointer?
        let document: OpaquePointer?

        init(_ markdown: String) {
            _ = MarkdownRenderer.registered
            self.parser = cmark_parser_new(MarkdownRenderer.options)
            guard let parser = self.parser else {
                self.document = nil
                return
            }
            for name in MarkdownRenderer.extensions {
                if let extensionHandle = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, extensionHandle) }
            }
            var markdown = markdown
            markdown.withUTF8 { bytes in
                UnsafeRawPointer(bytes.baseAddress).map { cmark_parser_feed(parser, $0.assumingMemoryBound(to: CChar.self), bytes.count) }
            }
            self.document = cmark_parser_finish(parser)
        }

        deinit {
            if let document { cmark_node_free(document) }
            if let parser { cmark_parser_free(parser) }
        }
    }
}
