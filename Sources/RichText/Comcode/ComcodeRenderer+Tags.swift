extension ComcodeRenderer {
    /// Inline tags and the element each becomes (`highlight` is emphasis: the allowlist has no `mark`).
    static let inline: [String: String] = ["b": "strong", "i": "em", "u": "u", "s": "s", "highlight": "strong", "tt": "code"]
    /// Tags of layout only, whose content is kept without them.
    static let layoutOnly: Set<String> = [
        "center", "left", "right", "indent", "align", "size", "color", "colour", "font", "sup", "sub", "box", "tooltip", "abbr", "acronym",
        "cite", "ins", "del", "dfn", "address", "surround", "hide", "section", "overlay", "concept", "pulse", "ticker", "if_in_group",
    ]
    /// Tags whose content is read as it stands, up to their closing tag.
    static let verbatim: Set<String> = ["code", "codebox", "html", "img", "attachment", "attachment_safe", "media", "block"]
    /// Tags that stand as blocks: the line break right after them is theirs, not a `<br>`.
    static let blocks: Set<String> = [
        "list", "quote", "title", "code", "codebox", "center", "left", "right", "indent", "align", "box", "hide", "media", "attachment",
        "attachment_safe", "block", "section", "surround",
    ]
    /// Tags whose content is shown as a link's caption or address (`url`, `email`, `page`).
    static let links: Set<String> = ["url", "email", "page"]

    /// Obeys the tag written at `range`; false when it is not obeyed (then it is text). Moves `index`
    /// past what it consumed.
    mutating func obey(_ tag: ComcodeTag, at range: ClosedRange<Int>, next index: inout Int) -> Bool {
        if tag.closing { return self.close(tag.name, next: &index, after: range.upperBound) }
        if tag.name == "*" {
            guard let list = self.open.indices.last, self.open[list].tag.name == "list" else { return false }
            if self.open[list].itemOpen { self.output.close() }
            self.output.open("li")
            self.open[list].itemOpen = true
            self.lineStarting = true
            index = range.upperBound + 1
            return true
        }
        // Deeper than the renderer goes: the tag is shown as text (flattened, never a deep stack).
        guard self.open.count < RichTextRenderer.maximumDepth else { return false }
        if Self.verbatim.contains(tag.name) {
            guard let closing = self.closing(of: tag.name, from: range.upperBound + 1) else { return false }
            self.writeVerbatim(tag, content: self.source.text((range.upperBound + 1)..<closing.lowerBound))
            index = closing.upperBound
            self.justEnded = Self.blocks.contains(tag.name)
            return true
        }
        let start = self.output.boundary()
        var elements = 1
        switch tag.name {
        case let name where Self.inline[name] != nil:
            self.output.open(Self.inline[name] ?? "span")
        case let name where Self.layoutOnly.contains(name) || Self.links.contains(name):
            elements = 0
        case "title":
            self.output.open("h\(min(max(Int(tag.parameter) ?? 1, 1), 6))")
        case "list":
            let ordered = ["1", "a", "i", "A", "I", "decimal", "lower-alpha", "upper-alpha", "lower-roman", "upper-roman"].contains(tag.parameter)
            self.output.open(ordered ? "ol" : "ul")
        case "quote":
            self.output.open("blockquote")
            let author = tag.parameter.isEmpty ? tag.attributes["author"] ?? "" : tag.parameter
            if !author.isEmpty {
                self.output.open("h4")
                self.output.text(self.context.said(author).utf8)
                self.output.close()
            }
        case "semihtml":
            self.rawDepth += 1
            self.output.append(.semihtmlStart)
            elements = 0
        default:
            return false
        }
        self.open.append(Open(tag: tag, elements: elements, isBlock: Self.blocks.contains(tag.name), start: start, sourceStart: range.upperBound + 1))
        self.justEnded = Self.blocks.contains(tag.name)
        index = range.upperBound + 1
        return true
    }

    /// Closes the innermost open `name` (and any opened inside it and left open); false when none is
    /// open, so the closing tag is text.
    private mutating func close(_ name: String, next index: inout Int, after end: Int) -> Bool {
        guard let position = self.open.lastIndex(where: { $0.tag.name == name }) else { return false }
        while self.open.count > position + 1 { self.finish(self.open.removeLast(), sourceEnd: nil) }
        let tag = self.open.removeLast()
        let closeStart = self.source.bytes[..<end].lastIndex(of: UInt8(ascii: "[")) ?? end
        self.finish(tag, sourceEnd: closeStart)
        self.justEnded = tag.isBlock
        index = end + 1
        // A title takes the blank line after it (Composr skips a "\n\n" right after `[/title]`).
        if name == "title", self.source.bytes[index...].prefix(2).elementsEqual([0x0A, 0x0A]) { index += 2 }
        return true
    }

    /// Writes the end of `tag`: the ends of its elements, or for a link, the link itself now that its
    /// content is known (`sourceEnd` nil: closed by an outer tag's end, without content of its own).
    mutating func finish(_ tag: Open, sourceEnd: Int?) {
        if tag.tag.name == "semihtml" {
            self.rawDepth -= 1
            self.output.append(.semihtmlEnd)
        }
        if tag.tag.name == "list", tag.itemOpen { self.output.close() }
        guard Self.links.contains(tag.tag.name) else {
            for _ in 0..<tag.elements { self.output.close() }
            return
        }
        let content = self.source.text(tag.sourceStart..<(sourceEnd ?? tag.sourceStart)).trimmingSpaces
        self.writeLink(tag.tag, content: content, caption: .rendered(self.output.removePieces(from: tag.start)))
    }

    /// An open tag the text never closed: closed at the end, its content kept; a link without its end
    /// has no address or caption to trust, so it is shown as the text it is.
    mutating func unwindUnclosed() {
        let tag = self.open.removeLast()
        guard Self.links.contains(tag.tag.name) else { return self.finish(tag, sourceEnd: self.source.bytes.count) }
        self.output.insert(text: tag.tag.written, at: tag.start)
    }

    /// Where `[/name]` next closes at or after `index`, remembered per name so a text of many unclosed
    /// tags is scanned once.
    private mutating func closing(of name: String, from index: Int) -> Range<Int>? {
        if let known = self.closings[name], known.from <= index {
            guard let found = known.found else { return nil }
            if found.lowerBound >= index { return found }
        }
        let found = self.source.closing(name, from: index)
        self.closings[name] = (index, found)
        return found
    }
}

extension String {
    /// The text without the spaces and line breaks around it.
    fileprivate var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first == " " || first == "\n" || first == "\r" || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\n" || last == "\r" || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
