import CCmarkGFM
import Foundation

/// Markdown as GitHub writes it (CommonMark with tables, strikethrough and autolinks), rendered by
/// cmark-gfm, GitHub's own C library: raw HTML is not obeyed (cmark's safe mode leaves it out), and
/// the HTML it makes goes through the allowlist like every other.
enum MarkdownRenderer {
    /// The extensions GitHub's Markdown has that every article may use.
    private static let extensions = ["table", "strikethrough", "autolink"]

    /// One registration of the extensions per process (cmark-gfm keeps them in a global list).
    private static let registered: Void = cmark_gfm_core_extensions_ensure_registered()

    /// The HTML of `markdown`; throws ``TextTooDeep`` when its blocks or inlines nest deeper than
    /// ``RichTextRenderer/maximumDepth`` (a 10,000-deep `>` is refused, not rendered).
    static func html(_ markdown: String) throws(TextTooDeep) -> String {
        _ = Self.registered
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in Self.extensions {
            if let extensionHandle = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, extensionHandle) }
        }
        var bytes = Array(markdown.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) { cmark_parser_feed(parser, $0, buffer.count) }
        }
        guard let document = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(document) }
        guard Self.depth(of: document) <= RichTextRenderer.maximumDepth else { throw TextTooDeep(maximum: RichTextRenderer.maximumDepth) }
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// How deep the document's nodes nest, found with cmark's iterator (no recursion): the open
    /// ancestors of each node entered are kept on a stack (leaves are entered but never exited).
    private static func depth(of document: OpaquePointer) -> Int {
        guard let iterator = cmark_iter_new(document) else { return 0 }
        defer { cmark_iter_free(iterator) }
        var ancestors: [OpaquePointer] = []
        var deepest = 0
        while true {
            let event = cmark_iter_next(iterator)
            guard event != CMARK_EVENT_DONE, event != CMARK_EVENT_NONE else { return deepest }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let parent = cmark_node_parent(node)
            while let last = ancestors.last, last != parent { ancestors.removeLast() }
            ancestors.append(node)
            deepest = max(deepest, ancestors.count)
        }
    }
}
