extension HTMLAllowlist {
    /// Writes what it is given — elements, their ends and text, from a parsed tree (``write(parsed:)``)
    /// or straight from a renderer — as allowlisted HTML and plain text: the one place HTML that leaves
    /// the server is written.
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

        /// An element the writer was given and will be told the end of: what it then closes (nil: it
        /// was unwrapped) and whether it started a run of text only.
        struct Opening {
            var closing: HTMLAllowlist.Element?
            var startsTextOnly = false
        }

        /// Text, unescaped: written escaped, and kept for the plain text.
        mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
            if self.html.count == self.preStart, bytes.first == UInt8(ascii: "\n") { self.html.append(UInt8(ascii: "\n")) }
            if let readable = Self.readable(bytes) {
                PlainText.escape(readable, into: &self.html)
                self.text.append(contentsOf: readable)
            } else {
                PlainText.escape(bytes, into: &self.html)
                self.text.append(contentsOf: bytes)
            }
        }

        /// Writes the opening of an element as the allowlist treats it (`name` for noting one dropped,
        /// `attributes` read only for links and images); what to tell ``close(_:)`` after its children,
        /// or nil when its children are not written (a void or dropped element).
        mutating func open(_ treatment: Treatment, name: () -> String, attributes: () -> [String: String]) -> Opening? {
            switch treatment {
            case .drop:
                self.note("<\(name())>")
                return nil
            case .unwrap:
                return Opening(closing: nil)
            case .keep(let element):
                let kept = element.name
                guard self.textOnly == 0, self.written.count < HTMLAllowlist.maximumDepth, !self.wouldBeClosed(opening: kept) else {
                    return element.isVoid ? nil : Opening(closing: nil)
                }
                if kept == "table", self.written.count + Self.tableDepth >= HTMLAllowlist.maximumDepth {
                    self.textOnly += 1
                    return Opening(closing: nil, startsTextOnly: true)
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
                    self.image(Self.readable(attributes()))
                    return nil
                case "a":
                    let attributes = Self.readable(attributes())
                    guard let href = attributes["href"], let link = self.policy.link(href) else { return Opening(closing: nil) }
                    var written = [("href", link.url)]
                    if let title = attributes["title"] { written.append(("title", title)) }
                    if link.external { written.append(("rel", "noopener")) }
                    self.openTag("a", written)
                default:
                    self.openTag(kept, [])
                    if kept == "pre" { self.preStart = self.html.count }
                }
                if element.isBlock { self.text.append(contentsOf: "\n\n".utf8) }
                self.written.append(kept)
                return Opening(closing: element)
            }
        }

        /// Writes the end of an element ``open(_:name:attributes:)`` opened.
        mutating func close(_ opening: Opening) {
            if let element = opening.closing {
                self.written.removeLast()
                self.html.append(contentsOf: element.closing)
                if element.isBlock { self.text.append(contentsOf: "\n\n".utf8) }
            }
            if opening.startsTextOnly { self.textOnly -= 1 }
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
            self.html.append(UInt8(ascii: "<"))
            self.html.append(contentsOf: name.utf8)
            for (attribute, value) in attributes {
                self.html.append(UInt8(ascii: " "))
                self.html.append(contentsOf: attribute.utf8)
                self.html.append(contentsOf: "=\"".utf8)
                Self.escape(value, into: &self.html)
                self.html.append(UInt8(ascii: "\""))
            }
            self.html.append(UInt8(ascii: ">"))
        }

        /// Attribute values as they will be written (``readable(_:)``), so what is checked of them is
        /// what a parser reads back.
        private static func readable(_ attributes: [String: String]) -> [String: String] {
            attributes.mapValues { value in Self.readable(Array(value.utf8)).map { String(decoding: $0, as: UTF8.self) } ?? value }
        }

        /// Text escaped for element content and attribute values.
        static func escape(_ text: String, into output: inout [UInt8]) {
            let bytes = Array(text.utf8)
            PlainText.escape(Self.readable(bytes) ?? bytes, into: &output)
        }

        /// `bytes` without the characters an HTML parser would not read back as they are, or nil when
        /// it has none: a character reference can name a control character or a noncharacter, which
        /// parsing the output again would make U+FFFD (and a carriage return, a line feed), so the
        /// allowlist would not give its own output back unchanged.
        static func readable<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> [UInt8]? where Bytes.Index == Int {
            guard bytes.contains(where: { ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F || $0 == 0xC2 || $0 >= 0xEF }) else { return nil }
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
            return kept
        }

        /// The length in bytes of the character at `index` when an HTML parser would not read it back
        /// as it is (controls other than tab, line feed and form feed; C1 controls; noncharacters),
        /// otherwise 0.
        private static func unreadableLength<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Int) -> Int
        where Bytes.Index == Int {
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
