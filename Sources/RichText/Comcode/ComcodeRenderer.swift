/// Composr's Comcode rendered as HTML, following Composr's own rules (`comcode_compiler.php`,
/// `comcode_renderer.php` of Composr 10): a line break is `<br>` (not right after a block tag, not in a
/// list), spaces at a line's start or after another space are hard, and the tags an article uses:
/// `b i u s`, `url` and `email` (either way round), `title`, `list` with `[*]`, `quote` (with its
/// author: "carol said"), `highlight`, `code` and `codebox`, `img`, `attachment` and `media` (images the
/// resolver may know), `page` (an article page, or the site), `html` and `semihtml` (their HTML kept, for
/// the allowlist to read); tags of layout only (`center`, `size`, `color`, `font`…) keep their content.
/// Tempcode directives (`{$…}`, `{+START…}`, `{!…}`) and `[block]` are dynamic and left out, each
/// counted. Anything else — an unknown tag, one never closed, a closing tag without its opening — is
/// shown as the text it is. What comes out (``ComcodeOutput``) is not yet safe: it goes through the
/// allowlist's writer.
struct ComcodeRenderer {
    /// What the renderer needs from the site.
    struct Context {
        /// The sentence before a quote's author ("{1} said"), in the site's language.
        var said: (String) -> String
        /// The address of a Composr page link (`site:join`, `_SEARCH:news:view:3`): an article's page
        /// when it names one, else the site.
        var pageLink: (String) -> String
    }

    let source: ComcodeSource
    let context: Context
    var output = ComcodeOutput()
    var dropped: [String] = []
    /// The tags open, innermost last.
    var open: [Open] = []
    /// A block tag just opened or closed: the line break after it is not a `<br>`.
    var justEnded = false
    var lineStarting = true
    /// Inside `[semihtml]`: text is HTML, line breaks are not `<br>`.
    var rawDepth = 0
    /// Where each verbatim tag's closing was last looked for, and found (nil: there is none after).
    var closings: [String: (from: Int, found: Range<Int>?)] = [:]

    struct Open {
        var tag: ComcodeTag
        /// How many elements it opened (each ended when it closes).
        var elements: Int
        var isBlock: Bool
        /// The piece its output began at (a link is written once its content is known).
        var start: Int
        /// Where its content begins in the source.
        var sourceStart: Int
        /// The list item open in a list.
        var itemOpen = false
    }

    init(_ text: String, context: Context) {
        self.source = ComcodeSource(text)
        self.context = context
    }

    /// The rendering of the text, and the dynamic constructs left out.
    static func render(_ text: String, context: Context) -> (output: ComcodeOutput, dropped: [String]) {
        var renderer = ComcodeRenderer(text, context: context)
        renderer.run()
        return (renderer.output, renderer.dropped)
    }

    mutating func run() {
        var index = 0
        let bytes = self.source.bytes
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "["), let close = self.source.closeBracket(after: index + 1), let tag = ComcodeTag(self.source, index...close),
                self.obey(tag, at: index...close, next: &index)
            {
                continue
            }
            if byte == UInt8(ascii: "{"), index + 1 < bytes.count, [UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "!")].contains(bytes[index + 1]),
                let close = self.source.closeBrace(of: index)
            {
                self.drop(self.source.text(index..<close + 1))
                index = close + 1
                continue
            }
            index += self.character(at: index)
        }
        while !self.open.isEmpty { self.unwindUnclosed() }
    }

    /// Notes a construct left out (shortened, each once, up to ``RenderedText/maximumDropped``).
    mutating func drop(_ construct: String) {
        let shortened = RenderedText.shortened(construct)
        guard self.dropped.count < RenderedText.maximumDropped, !self.dropped.contains(shortened) else { return }
        self.dropped.append(shortened)
    }

    /// One character of text, with Composr's line breaks and hard spaces, or a character reference;
    /// how many bytes it took.
    private mutating func character(at index: Int) -> Int {
        let byte = self.source.bytes[index]
        if self.rawDepth > 0 {
            self.output.html(CollectionOfOne(byte))
            return 1
        }
        var length = 1
        switch byte {
        case UInt8(ascii: "\r"):
            return 1
        case UInt8(ascii: "\n"):
            let inList = self.open.last.map { $0.tag.name == "list" } ?? false
            if !self.justEnded && !inList { self.output.void("br") }
            self.justEnded = false
            self.lineStarting = true
            return 1
        case UInt8(ascii: " "):
            let hard = self.lineStarting || (index > 0 && self.source.bytes[index - 1] == UInt8(ascii: " "))
            if hard { self.output.text([0xC2, 0xA0]) } else { self.output.text(CollectionOfOne(byte)) }
        case UInt8(ascii: "&"):
            if let end = Self.entityEnd(self.source.bytes, at: index) {
                // Passed on for the writer's parser to read.
                self.output.html(self.source.bytes[index...end])
                length = end - index + 1
            } else {
                self.output.text(CollectionOfOne(byte))
            }
        default:
            self.output.text(CollectionOfOne(byte))
        }
        self.justEnded = false
        self.lineStarting = false
        return length
    }

    /// Where the character reference an `&` at `index` starts (`&hellip;`, `&#8230;`) ends, at its
    /// `;`: Composr passes one on as it is. Nil when it starts none.
    private static func entityEnd(_ bytes: [UInt8], at index: Int) -> Int? {
        var cursor = index + 1
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") { cursor += 1 }
        let start = cursor
        while cursor < bytes.count, cursor - start < 32,
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[cursor] | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor])
        {
            cursor += 1
        }
        return cursor > start && cursor < bytes.count && bytes[cursor] == UInt8(ascii: ";") ? cursor : nil
    }
}
