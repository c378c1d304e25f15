import CGumbo
import Text

/// The one allowlist every HTML that leaves the server goes through: HTML is parsed as an HTML5 fragment
/// by gumbo (so markup is read as browsers read it, entities and broken nesting included) and written out
/// again by ``Writer`` with only allowed elements and attributes, every text escaped; the renderers give
/// their elements and text to the same writer, with no HTML in between.
///
/// Kept: `p br h2 h3 h4 strong em u s a ul ol li blockquote code pre table thead tbody tr th td img figure
/// figcaption hr`, with `href` and `title` on links and `src alt width height srcset` on images (a few
/// elements are renamed to their allowed kin: `b`→`strong`, `h1`→`h2`…). Scripts, styles, frames,
/// forms' controls, foreign content and their text are dropped; any other element is unwrapped, its
/// content kept. Links are `http`, `https`, `mailto` or site-relative, images `http`, `https` or
/// site-relative, however they are spelt (case, entities, spaces, control characters); links to other
/// sites get `rel="noopener"`. Output written here parses back to itself (`HTMLAllowlistTests`, the
/// `html-allowlist` fuzz target).
public struct HTMLAllowlist: Sendable {
    /// An image the site's media library holds, as the allowlist writes it.
    public struct Image: Sendable, Equatable {
        /// Its site-relative URL.
        public var src: String
        public var width: Int?
        public var height: Int?
        /// Its versions for a page (`url 320w, …`), site-relative.
        public var srcset: String?
        /// Its description, for an image whose text gives none.
        public var alt: String

        public init(src: String, width: Int?, height: Int?, srcset: String?, alt: String = "") {
            self.src = src
            self.width = width
            self.height = height
            self.srcset = srcset
            self.alt = alt
        }
    }

    /// The site's public URL, without a trailing slash: addresses on it are kept site-relative.
    let publicURL: String
    /// The media library's image an image source names (`media:<id>`, or an image URL of this site).
    let resolveImage: @Sendable (String) -> Image?

    /// The deepest nesting written out: elements deeper are unwrapped, their text kept.
    public static let maximumDepth = 64
    /// The deepest nesting read at all: deeper markup is refused before it is parsed.
    static let maximumSourceDepth = 512

    public init(publicURL: String, resolveImage: @escaping @Sendable (String) -> Image? = { _ in nil }) {
        self.publicURL = PublicURL.normalised(publicURL)
        self.resolveImage = resolveImage
    }

    /// `html` allowlisted, with its plain text and the media images it shows. Throws ``TextRefused``
    /// for markup nested deeper than browsers would ever need.
    public func sanitize(_ html: String) throws(TextRefused) -> RenderedText {
        var writer = Writer(policy: self)
        try writer.write(parsed: Array(html.utf8)[...])
        return writer.result
    }

    /// How deep `html`'s tags open, counted as HTML's tokenizer reads tags and without building a tree:
    /// a start tag (`<` and a letter; its name runs to a space, `/` or `>`, `<` included, as
    /// `<x</>` opens `x<`) opens an element unless it is void (a `/>` closes nothing else); an end
    /// tag (`</` and a letter) closes the innermost open element of its name and those inside it, and
    /// nothing when none of its name is open (the parser ignores it); `</>` is nothing. An upper bound
    /// of the tree's depth (the parser also closes elements by itself), so gumbo never builds a tree
    /// deep enough to exhaust a stack when it frees it.
    static func sourceDepth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var open: [ArraySlice<UInt8>] = []
        var deepest = 0
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let closing = bytes[index + 1] == UInt8(ascii: "/")
            let nameStart = closing ? index + 2 : index + 1
            guard nameStart < bytes.count, Self.isASCIILetter(bytes[nameStart]) else {
                index += 1
                continue
            }
            var end = nameStart
            while end < bytes.count, ![0x20, 0x09, 0x0A, 0x0C, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">")].contains(bytes[end]) { end += 1 }
            let name = ArraySlice(bytes[nameStart..<end].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 })
            index = end
            if closing {
                if let innermost = open.lastIndex(of: name) { open.removeSubrange(innermost...) }
                continue
            }
            let text = String(decoding: name, as: UTF8.self)
            guard !Self.voidInHTML.contains(text) else { continue }
            // `<li>a<li>b`: the second closes the first, as the parser does.
            if open.last == name, Self.endedBySibling.contains(text) { open.removeLast() }
            open.append(name)
            deepest = max(deepest, open.count)
            if deepest > Self.maximumSourceDepth { return deepest }
        }
        return deepest
    }

    /// Elements a start tag of their own name ends when it comes straight inside them.
    private static let endedBySibling: Set<String> = ["p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th", "rb", "rt", "rp"]

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// The elements HTML's parser never opens (they have no content), written or not.
    static let voidInHTML: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link", "meta", "param", "source", "track", "wbr",
    ]
}

extension HTMLAllowlist {
    /// How an element is written out.
    enum Treatment {
        /// Written as this allowed element.
        case keep(Element)
        /// Left out, its content kept.
        case unwrap
        /// Left out with everything in it.
        case drop
    }

    static let renamed: [String: String] = [
        "b": "strong", "i": "em", "strike": "s", "del": "s", "ins": "u", "h1": "h2", "h5": "h4", "h6": "h4", "tfoot": "tbody",
    ]
    static let allowed: Set<String> = [
        "p", "br", "h2", "h3", "h4", "strong", "em", "u", "s", "a", "ul", "ol", "li", "blockquote", "code", "pre", "table", "thead", "tbody",
        "tr", "th", "td", "img", "figure", "figcaption", "hr",
    ]
    /// Elements left out with everything in them: scripts, styles, embedded and foreign content, form
    /// controls, the head's elements, and those that bound a parser's scopes (`button`, `marquee`,
    /// `object`, `template`, `caption`), whose content would read back otherwise without them.
    static let dropped: Set<String> = [
        "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "template", "noscript", "noframes", "textarea",
        "select", "option", "optgroup", "button", "input", "head", "title", "meta", "link", "base", "audio", "video", "source", "track",
        "canvas", "param", "map", "area", "caption", "colgroup", "col", "datalist", "dialog", "math", "svg", "xmp", "plaintext", "noembed",
        "marquee",
    ]
    /// Written elements a parser looks through for an open list item when it reads `<li>` (it stops at
    /// any other): an `<li>` inside one of these inside an `<li>` closes the outer one.
    static let transparentToListItems: Set<String> = ["strong", "em", "u", "s", "a", "code", "p"]
    static let void: Set<String> = ["br", "hr", "img"]
    /// Elements that part lines in the plain text.
    static let blocks: Set<String> = ["p", "h2", "h3", "h4", "li", "blockquote", "pre", "tr", "figure", "figcaption", "table", "ul", "ol", "hr"]

    /// Each of gumbo's known tags' treatment, indexed by tag, made once: an element's treatment is
    /// then a look-up, not a name made and searched (a maximal body holds tens of thousands).
    static let treatmentsByTag: [Treatment] = (0..<Int(GUMBO_TAG_LAST.rawValue)).map { raw in
        let tag = GumboTag(rawValue: UInt32(raw))
        return Self.treatment(of: tag == GUMBO_TAG_UNKNOWN ? "" : String(cString: gumbo_normalized_tagname(tag)))
    }

    /// The treatment of the element named `name` (lower case).
    static func treatment(of name: String) -> Treatment {
        Self.treatmentsByName[name] ?? .unwrap
    }

    /// The treatment of every element not simply unwrapped, made once.
    private static let treatmentsByName: [String: Treatment] = {
        var treatments: [String: Treatment] = [:]
        for name in Self.dropped { treatments[name] = .drop }
        for name in Self.allowed { treatments[name] = .keep(Element(name)) }
        for (name, kept) in Self.renamed { treatments[name] = .keep(Element(kept)) }
        return treatments
    }()

    /// An allowed element, with what writing one needs worked out once (a maximal body writes tens of
    /// thousands).
    struct Element: Sendable {
        let name: String
        /// Whether it parts lines in the plain text.
        let isBlock: Bool
        let isVoid: Bool
        /// `</name>`.
        let closing: [UInt8]

        init(_ name: String) {
            self.name = name
            self.isBlock = HTMLAllowlist.blocks.contains(name)
            self.isVoid = HTMLAllowlist.void.contains(name)
            self.closing = Array("</\(name)>".utf8)
        }
    }
}
