import CCmarkGFM
import Glibc

/// Writes a cmark-gfm tree into the allowlist's writer as cmark's own HTML renderer would write it
/// (`html.c` and the table extension's: the same elements, the same line breaks between blocks, the
/// same escaping of addresses), so the HTML is what the allowlist made of cmark's before, without
/// making that HTML and parsing it again. Raw HTML is left out, as cmark's safe mode leaves it.
struct MarkdownWalk {
    var writer: HTMLAllowlist.Writer
    /// Whether the HTML cmark would have written so far ends a line (or is empty): a block starts on
    /// a line of its own (cmark's `cr`), which depends on what cmark writes, left out here or not.
    private var atLineStart = true
    /// What each container entered opened, innermost last.
    private var openings: [HTMLAllowlist.Writer.Opening?] = []
    /// The table's body, once a row of it opened it; whether the row being written is the header's.
    private var tableBody: HTMLAllowlist.Writer.Opening??
    private var inTableHeader = false
    /// The extensions' node types met so far, by name (numbered when the extensions register).
    private var extensionTypes: [(type: cmark_node_type, name: String)] = []

    init(writer: HTMLAllowlist.Writer) {
        self.writer = writer
    }

    /// Writes the tree; throws ``TextRefused`` at a node nested deeper than
    /// ``RichTextRenderer/maximumDepth`` (a 10,000-deep `>` is refused, not rendered).
    mutating func write(_ document: OpaquePointer) throws(TextRefused) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            guard event == CMARK_EVENT_ENTER || event == CMARK_EVENT_EXIT, let node = cmark_iter_get_node(iterator) else { return }
            if event == CMARK_EVENT_ENTER {
                // Every container entered is on `openings`: this node's depth is one more.
                guard self.openings.count < RichTextRenderer.maximumDepth else { throw TextRefused.tooDeep(maximum: RichTextRenderer.maximumDepth) }
                self.enter(node, iterator: iterator)
            } else {
                self.exit(node)
            }
        }
    }

    private mutating func enter(_ node: OpaquePointer, iterator: OpaquePointer) {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT:
            self.openings.append(nil)
        case CMARK_NODE_BLOCK_QUOTE:
            self.block("blockquote", thenLine: true)
        case CMARK_NODE_LIST:
            self.block(cmark_node_get_list_type(node) == CMARK_BULLET_LIST ? "ul" : "ol", thenLine: true)
        case CMARK_NODE_ITEM:
            self.block("li", thenLine: false)
        case CMARK_NODE_HEADING:
            self.block("h\(cmark_node_get_heading_level(node))", thenLine: false)
        case CMARK_NODE_PARAGRAPH:
            if Self.isTight(node) {
                self.openings.append(nil)
            } else {
                self.block("p", thenLine: false)
            }
        case CMARK_NODE_CODE_BLOCK:
            self.startLine()
            let pre = self.open("pre")
            let code = self.open("code")
            self.text(cmark_node_get_literal(node))
            self.close(code)
            self.close(pre)
            self.line()
        case CMARK_NODE_HTML_BLOCK, CMARK_NODE_CUSTOM_BLOCK:
            // cmark writes `<!-- raw HTML omitted -->` on a line of its own.
            self.startLine()
            self.atLineStart = false
            self.startLine()
        case CMARK_NODE_THEMATIC_BREAK:
            self.startLine()
            _ = self.open("hr")
            self.line()
        case CMARK_NODE_TEXT:
            self.text(cmark_node_get_literal(node))
        case CMARK_NODE_SOFTBREAK:
            self.line()
        case CMARK_NODE_LINEBREAK:
            _ = self.open("br")
            self.line()
        case CMARK_NODE_CODE:
            let code = self.open("code")
            self.text(cmark_node_get_literal(node))
            self.close(code)
        case CMARK_NODE_HTML_INLINE, CMARK_NODE_CUSTOM_INLINE:
            self.atLineStart = false
        case CMARK_NODE_STRONG:
            // As cmark-gfm's own HTML (0.29.0.gfm.12 on): a strong straight inside a strong is not
            // written again (`*____=____**` nests ten of them).
            let nested = cmark_node_get_type(cmark_node_parent(node)) == CMARK_NODE_STRONG
            self.openings.append(nested ? nil : self.open("strong"))
        case CMARK_NODE_EMPH:
            self.openings.append(self.open("em"))
        case CMARK_NODE_LINK:
            var attributes = ["href": Self.escapedAddress(cmark_node_get_url(node))]
            if let title = cmark_node_get_title(node), title.pointee != 0 { attributes["title"] = String(cString: title) }
            self.openings.append(self.open("a", attributes))
        case CMARK_NODE_IMAGE:
            var attributes = ["src": Self.escapedAddress(cmark_node_get_url(node)), "alt": Self.plainText(of: node)]
            if let title = cmark_node_get_title(node), title.pointee != 0 { attributes["title"] = String(cString: title) }
            _ = self.open("img", attributes)
            // Its content was its description; go on after it.
            cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
        default:
            self.enterExtension(node)
        }
    }

    private mutating func exit(_ node: OpaquePointer) {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_IMAGE:
            return
        case CMARK_NODE_BLOCK_QUOTE:
            self.startLine()
            self.close(self.openings.removeLast())
            self.line()
        case CMARK_NODE_LIST, CMARK_NODE_ITEM, CMARK_NODE_HEADING:
            self.close(self.openings.removeLast())
            self.line()
        case CMARK_NODE_PARAGRAPH:
            let opening = self.openings.removeLast()
            if opening != nil {
                self.close(opening)
                self.line()
            }
        case CMARK_NODE_DOCUMENT, CMARK_NODE_STRONG, CMARK_NODE_EMPH, CMARK_NODE_LINK:
            self.close(self.openings.removeLast())
        default:
            self.exitExtension(node)
        }
    }

    /// The extensions' nodes (strikethrough, tables), known by name: their types are numbered when
    /// the extensions register.
    private mutating func enterExtension(_ node: OpaquePointer) {
        switch self.typeName(node) {
        case "strikethrough":
            self.openings.append(self.open("del"))
        case "table":
            self.startLine()
            self.openings.append(self.open("table"))
            self.tableBody = nil
        case "table_header", "table_row":
            self.startLine()
            if cmark_gfm_extensions_get_table_row_is_header(node) != 0 {
                self.inTableHeader = true
                self.openings.append(self.open("thead"))
                self.startLine()
            } else if self.tableBody == nil {
                self.tableBody = .some(self.open("tbody"))
                self.startLine()
            }
            self.openings.append(self.open("tr"))
        case "table_cell":
            self.startLine()
            self.openings.append(self.open(self.inTableHeader ? "th" : "td"))
        default:
            self.openings.append(nil)
        }
    }

    private mutating func exitExtension(_ node: OpaquePointer) {
        switch self.typeName(node) {
        case "table":
            if let body = self.tableBody {
                self.startLine()
                self.close(body)
                self.startLine()
            }
            self.tableBody = nil
            self.startLine()
            self.close(self.openings.removeLast())
            self.startLine()
        case "table_header", "table_row":
            self.startLine()
            self.close(self.openings.removeLast())
            if cmark_gfm_extensions_get_table_row_is_header(node) != 0 {
                self.startLine()
                self.close(self.openings.removeLast())
                self.inTableHeader = false
            }
        default:
            self.close(self.openings.removeLast())
        }
    }

    /// The name of an extension's node type, remembered by type (the extensions' types are the same
    /// for every node of a text).
    private mutating func typeName(_ node: OpaquePointer) -> String {
        let type = cmark_node_get_type(node)
        if let known = self.extensionTypes.first(where: { $0.type == type }) { return known.name }
        let name = cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
        self.extensionTypes.append((type, name))
        return name
    }

    /// A paragraph in a tight list is written without `<p>`.
    private static func isTight(_ paragraph: OpaquePointer) -> Bool {
        guard let list = cmark_node_parent(paragraph).flatMap(cmark_node_parent), cmark_node_get_type(list) == CMARK_NODE_LIST else { return false }
        return cmark_node_get_list_tight(list) != 0
    }

    /// A block on a line of its own; `thenLine`: its content starts on the next line.
    private mutating func block(_ name: String, thenLine: Bool) {
        self.startLine()
        self.openings.append(self.open(name))
        if thenLine { self.line() }
    }

    private mutating func open(_ name: String, _ attributes: [String: String] = [:]) -> HTMLAllowlist.Writer.Opening? {
        self.atLineStart = false
        return self.writer.open(HTMLAllowlist.treatment(of: name), name: { name }, attributes: { attributes })
    }

    private mutating func close(_ opening: HTMLAllowlist.Writer.Opening?) {
        self.atLineStart = false
        if let opening { self.writer.close(opening) }
    }

    private mutating func text(_ literal: UnsafePointer<CChar>?) {
        guard let literal, literal.pointee != 0 else { return }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self), count: strlen(literal))
        self.writer.text(bytes)
        self.atLineStart = bytes.last == UInt8(ascii: "\n")
    }

    /// A line break, as cmark writes after a block's end.
    private mutating func line() {
        Self.newline.withUnsafeBufferPointer { self.writer.text($0) }
        self.atLineStart = true
    }

    /// A line break unless the HTML so far ends one (cmark's `cr`).
    private mutating func startLine() {
        if !self.atLineStart { self.line() }
    }

    private static let newline: [UInt8] = [0x0A]

    /// The text of an image's content, as cmark writes it for `alt`: its text, code and inline HTML as
    /// written, line breaks as spaces.
    private static func plainText(of image: OpaquePointer) -> String {
        guard let iterator = cmark_iter_new(image) else { return "" }
        defer { cmark_iter_free(iterator) }
        var text = ""
        while case let event = cmark_iter_next(iterator), event == CMARK_EVENT_ENTER || event == CMARK_EVENT_EXIT {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE: text += cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            case CMARK_NODE_LINEBREAK, CMARK_NODE_SOFTBREAK: text += " "
            default: break
            }
        }
        return text
    }

    /// An address as cmark's safe mode writes a link's or an image's: empty when it is dangerous
    /// (``isDangerous(_:)``), else with every byte outside the characters safe in one written
    /// as `%XX` (so an address with spaces or non-ASCII characters is one a browser sends as it is).
    static func escapedAddress(_ url: UnsafePointer<CChar>?) -> String {
        guard let url else { return "" }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(url).assumingMemoryBound(to: UInt8.self), count: strlen(url))
        guard !Self.isDangerous(bytes) else { return "" }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in bytes {
            if byte < 0x80, Self.safeInAddresses[Int(byte)] {
                escaped.append(byte)
            } else {
                escaped.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// cmark's dangerous addresses: `javascript:`, `vbscript:`, `file:` and `data:`, in any case, but
    /// `data:image/png`, `gif`, `jpeg` or `webp` (which the allowlist refuses anyway).
    private static func isDangerous(_ url: UnsafeBufferPointer<UInt8>) -> Bool {
        let lower = String(decoding: url.prefix(16), as: UTF8.self).lowercased()
        if lower.hasPrefix("data:") {
            return !["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains { lower.hasPrefix($0) }
        }
        return lower.hasPrefix("javascript:") || lower.hasPrefix("vbscript:") || lower.hasPrefix("file:")
    }

    /// Letters, digits and `-_.+!*'(),%#@?=;:/&$~`: the characters an address keeps as they are.
    private static let safeInAddresses: [Bool] = (0..<128).map { byte in
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.+!*'(),%#@?=;:/&$~".utf8.contains(UInt8(byte))
    }
}
