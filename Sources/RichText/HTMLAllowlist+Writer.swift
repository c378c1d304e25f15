import CGumbo
import Glibc

extension HTMLAllowlist {
    /// Writes a parsed tree out as allowlisted HTML and plain text, walking it with a stack of its own
    /// (no recursion: a deep tree costs memory, never the stack).
    struct Writer {
        let policy: HTMLAllowlist
        private var html: [UInt8] = []
        private var text: [UInt8] = []
        private var images: [String] = []
        private var dropped: [String] = []
        /// What `images` and `dropped` hold, for looking up (a body may show thousands).
        private var noted: Set<String> = []
        /// The written elements open, innermost last.
        private var written: [String] = []
        /// How many elements up the writer writes only text (a table without room for its parts).
        private var textOnly = 0
        /// Where the output was right after a `<pre>`: a line break written there first is doubled,
        /// since a parser drops one right after `<pre>`.
        private var preStart = -1

        init(policy: HTMLAllowlist) {
            self.policy = policy
        }

        var result: RenderedText {
            RenderedText(
                html: String(decoding: self.html, as: UTF8.self), text: PlainText.tidy(self.text), dropped: self.dropped, images: self.images)
        }

        private struct Frame {
            let children: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
            let count: Int
            var next = 0
            /// The element to close once its children are written (nil: it was unwrapped).
            let closing: String?
            /// Whether it started a run of text only.
            var startsTextOnly = false

            init(_ node: UnsafeMutablePointer<GumboNode>, closing: String?) {
                let vector = node.pointee.v.element.children
                self.children = vector.data
                self.count = Int(vector.length)
                self.closing = closing
            }
        }

        /// Writes the children of `root` (the fragment's `<html>` element), not `root` itself.
        mutating func write(children root: UnsafeMutablePointer<GumboNode>) {
            var stack = [Frame(root, closing: nil)]
            while let top = stack.last {
                guard top.next < top.count, let children = top.children else {
                    stack.removeLast()
                    if let closing = top.closing { self.close(closing) }
                    if top.startsTextOnly { self.textOnly -= 1 }
                    continue
                }
                stack[stack.count - 1].next += 1
                guard let child = children[top.next]?.assumingMemoryBound(to: GumboNode.self) else { continue }
                switch child.pointee.type {
                case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
                    self.writeText(child.pointee.v.text.text)
                case GUMBO_NODE_ELEMENT:
                    if let frame = self.open(child) { stack.append(frame) }
                default:
                    continue
                }
            }
        }

        private mutating func writeText(_ content: UnsafePointer<CChar>) {
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(content).assumingMemoryBound(to: UInt8.self), count: strlen(content))
            if self.html.count == self.preStart, bytes.first == UInt8(ascii: "\n") { self.html.append(UInt8(ascii: "\n")) }
            let readable = Self.readable(ArraySlice(bytes)) ?? ArraySlice(bytes)
            PlainText.escape(readable, into: &self.html)
            self.text.append(contentsOf: readable)
        }

        /// Writes the opening of `node` as the allowlist treats it; the frame for its children, or nil
        /// when they are not written (a void or dropped element).
        private mutating func open(_ node: UnsafeMutablePointer<GumboNode>) -> Frame? {
            let element = node.pointee.v.element
            // Foreign content (SVG, MathML) is dropped with everything in it.
            guard element.tag_namespace == GUMBO_NAMESPACE_HTML else { return nil }
            let treatment = Int(element.tag.rawValue) < HTMLAllowlist.treatmentsByTag.count ? HTMLAllowlist.treatmentsByTag[Int(element.tag.rawValue)] : .unwrap
            switch treatment {
            case .drop:
                self.note("<\(String(cString: gumbo_normalized_tagname(element.tag)))>")
                return nil
            case .unwrap:
                return Frame(node, closing: nil)
            case .keep(let kept):
                guard self.textOnly == 0, self.written.count < HTMLAllowlist.maximumDepth, !self.wouldBeClosed(opening: kept) else {
                    return Frame(node, closing: nil)
                }
                if kept == "table", self.written.count + Self.tableDepth >= HTMLAllowlist.maximumDepth {
                    var frame = Frame(node, closing: nil)
                    frame.startsTextOnly = true
                    self.textOnly += 1
                    return frame
                }
                switch kept {
                case "br":
                    self.html.append(contentsOf: "<br>".utf8)
                    self.text.append(UInt8(ascii: "\n"))
                    return nil
                case "hr":
                    self.html.append(contentsOf: "<hr>".utf8)
                    self.text.append(contentsOf: "\n\n".utf8)
                    return nil
                case "img":
                    self.image(Self.attributes(of: element))
                    return nil
                case "a":
                    let attributes = Self.attributes(of: element)
                    guard let href = attributes["href"], let link = self.policy.link(href) else { return Frame(node, closing: nil) }
                    var written = [("href", link.url)]
                    if let title = attributes["title"] { written.append(("title", title)) }
                    if link.external { written.append(("rel", "noopener")) }
                    self.openTag("a", written)
                default:
                    self.openTag(kept, [])
                    if kept == "pre" { self.preStart = self.html.count }
                }
                if HTMLAllowlist.blocks.contains(kept) { self.text.append(contentsOf: "\n\n".utf8) }
                self.written.append(kept)
                return Frame(node, closing: kept)
            }
        }

        /// The levels a table's parts take (a section, a row, a cell): a table opened with fewer left
        /// below ``HTMLAllowlist/maximumDepth`` is written as its text, never as parts without a table.
        private static let tableDepth = 4

        /// Whether a parser reading the output would close an open element at `name`'s opening tag,
        /// where the tree read from the input (in which an element since unwrapped stood between them)
        /// did not: a heading right inside a heading, a link inside a link, or a list item inside another
        /// with only inline elements or paragraphs between. Such an element is unwrapped, so the output reads back as it
        /// was written.
        private func wouldBeClosed(opening name: String) -> Bool {
            switch name {
            case "h2", "h3", "h4":
                return ["h2", "h3", "h4"].contains(self.written.last ?? "")
            case "a":
                // A link opened inside another closes the outer one, wherever it stands.
                return self.written.contains("a")
            case "li":
                for open in self.written.reversed() {
                    if open == "li" { return true }
                    if !HTMLAllowlist.transparentToListItems.contains(open) { return false }
                }
                return false
            default:
                return false
            }
        }

        private mutating func close(_ name: String) {
            self.written.removeLast()
            self.html.append(contentsOf: "</\(name)>".utf8)
            if HTMLAllowlist.blocks.contains(name) { self.text.append(contentsOf: "\n\n".utf8) }
        }

        /// An image: the media library's version of it when the resolver knows it, else its own
        /// `src` when that is safe (no image at all otherwise, noted as dropped).
        private mutating func image(_ attributes: [String: String]) {
            guard let source = attributes["src"] else { return }
            if self.noted.insert("image " + source).inserted { self.images.append(source) }
            let known = self.policy.resolveImage(source)
            var written: [(String, String)]
            if let known {
                written = [("src", known.src)]
                if let width = known.width { written.append(("width", String(width))) }
                if let height = known.height { written.append(("height", String(height))) }
                if let srcset = known.srcset { written.append(("srcset", srcset)) }
            } else {
                guard let safe = self.policy.imageSource(source) else {
                    self.note(source)
                    return
                }
                written = [("src", safe)]
                for name in ["width", "height"] {
                    if let value = attributes[name], (1...5).contains(value.utf8.count), value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
                        written.append((name, value))
                    }
                }
            }
            // The text's description first, else the library's (an image without one is announced
            // by its file name).
            let alt = attributes["alt"].flatMap { $0.isEmpty ? nil : $0 } ?? known?.alt ?? ""
            written.insert(("alt", alt), at: 1)
            self.openTag("img", written)
        }

        /// Notes something left out, once.
        private mutating func note(_ construct: String) {
            let shortened = RenderedText.shortened(construct)
            guard self.dropped.count < RenderedText.maximumDropped else { return }
            if self.noted.insert("dropped " + shortened).inserted { self.dropped.append(shortened) }
        }

        private mutating func openTag(_ name: String, _ attributes: [(String, String)]) {
            self.html.append(contentsOf: "<\(name)".utf8)
            for (attribute, value) in attributes {
                self.html.append(contentsOf: " \(attribute)=\"".utf8)
                Self.escape(value, into: &self.html)
                self.html.append(UInt8(ascii: "\""))
            }
            self.html.append(UInt8(ascii: ">"))
        }

        private static func attributes(of element: GumboElement) -> [String: String] {
            var found: [String: String] = [:]
            guard let data = element.attributes.data else { return found }
            for index in 0..<Int(element.attributes.length) {
                guard let attribute = data[index]?.assumingMemoryBound(to: GumboAttribute.self) else { continue }
                found[String(cString: attribute.pointee.name)] = String(cString: attribute.pointee.value)
            }
            return found
        }

        /// Text escaped for element content and attribute values.
        static func escape(_ text: String, into output: inout [UInt8]) {
            let bytes = Array(text.utf8)
            PlainText.escape(Self.readable(bytes[...]) ?? bytes[...], into: &output)
        }

        /// `bytes` without the characters an HTML parser would not read back as they are, or nil when
        /// it has none: a character reference can name a control character or a noncharacter, which
        /// parsing the output again would make U+FFFD (and a carriage return, a line feed), so the
        /// allowlist would not give its own output back unchanged.
        static func readable(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
            guard bytes.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 >= 0xEF }) else { return nil }
            var kept: [UInt8] = []
            kept.reserveCapacity(bytes.count)
            var index = bytes.startIndex
            while index < bytes.endIndex {
                let dropped = Self.unreadableLength(bytes, at: index)
                if dropped > 0 {
                    if bytes[index] == 0x0D { kept.append(0x0A) }
                    index += dropped
                } else {
                    kept.append(bytes[index])
                    index += 1
                }
            }
            return kept[...]
        }

        /// The length in bytes of the character at `index` when an HTML parser would not read it back
        /// as it is (controls other than tab, line feed and form feed; C1 controls; noncharacters),
        /// otherwise 0.
        private static func unreadableLength(_ bytes: ArraySlice<UInt8>, at index: Int) -> Int {
            func byte(_ offset: Int) -> UInt8 { index + offset < bytes.endIndex ? bytes[index + offset] : 0 }
            switch byte(0) {
            case 0x09, 0x0A, 0x0C: return 0
            case ..<0x20, 0x7F: return 1
            case 0xC2 where (0x80...0x9F).contains(byte(1)): return 2
            case 0xEF where byte(1) == 0xB7 && (0x90...0xAF).contains(byte(2)): return 3
            case 0xEF where byte(1) == 0xBF && byte(2) >= 0xBE: return 3
            case 0xF0...0xF4 where byte(1) & 0x0F == 0x0F && byte(2) == 0xBF && byte(3) >= 0xBE: return 4
            default: return 0
            }
        }
    }
}
