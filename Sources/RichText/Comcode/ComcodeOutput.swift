/// What the Comcode renderer makes, in order: elements and their ends, text, and the HTML the text
/// holds of its own (`[html]`, a `[semihtml]` region, character references). Given to the allowlist's
/// writer element by element, so only that HTML is ever parsed.
struct ComcodeOutput {
    enum Piece {
        /// An element, ended by a later ``close``.
        case open(String, [(String, String)])
        /// An element without content (`br`, `img`).
        case void(String, [(String, String)])
        case close
        /// Text, unescaped, in ``bytes``.
        case text(Range<Int>)
        /// HTML, in ``bytes``.
        case html(Range<Int>)
        /// A `[semihtml]` region begins or ends: what is between (its HTML and the tags in it) is one
        /// HTML text, parsed as one.
        case semihtmlStart, semihtmlEnd

        /// Whether it is text, HTML or an element without content: what may join HTML in one parse.
        var isFlat: Bool {
            switch self {
            case .text, .html, .void: return true
            case .open, .close, .semihtmlStart, .semihtmlEnd: return false
            }
        }
    }

    private(set) var pieces: [Piece] = []
    /// The bytes of every text and HTML piece.
    private var bytes: [UInt8] = []
    /// The first piece text or HTML may be joined to: a piece before a ``boundary()`` never grows.
    private var joinable = 0

    init() {
        self.bytes.reserveCapacity(1 << 12)
    }

    /// Where the next piece goes, which no later text or HTML joins a piece before (where a link's
    /// caption begins, to be taken out when it ends).
    mutating func boundary() -> Int {
        self.joinable = self.pieces.count
        return self.pieces.count
    }

    mutating func open(_ element: String, _ attributes: [(String, String)] = []) { self.pieces.append(.open(element, attributes)) }
    mutating func void(_ element: String, _ attributes: [(String, String)] = []) { self.pieces.append(.void(element, attributes)) }
    mutating func close() { self.pieces.append(.close) }
    mutating func append(_ piece: Piece) { self.pieces.append(piece) }
    mutating func append(contentsOf pieces: some Collection<Piece>) { self.pieces.append(contentsOf: pieces) }

    /// Text, joined to the text right before it.
    mutating func text(_ text: some Collection<UInt8>) {
        let start = self.bytes.count
        self.bytes.append(contentsOf: text)
        if self.pieces.count > self.joinable, case .text(let last) = self.pieces.last, last.upperBound == start {
            self.pieces[self.pieces.count - 1] = .text(last.lowerBound..<self.bytes.count)
        } else {
            self.pieces.append(.text(start..<self.bytes.count))
        }
    }

    /// HTML, joined to the HTML right before it.
    mutating func html(_ html: some Collection<UInt8>) {
        let start = self.bytes.count
        self.bytes.append(contentsOf: html)
        if self.pieces.count > self.joinable, case .html(let last) = self.pieces.last, last.upperBound == start {
            self.pieces[self.pieces.count - 1] = .html(last.lowerBound..<self.bytes.count)
        } else {
            self.pieces.append(.html(start..<self.bytes.count))
        }
    }

    /// Takes the pieces from `start` on out, for writing again elsewhere (a link's caption).
    mutating func removePieces(from start: Int) -> [Piece] {
        let removed = Array(self.pieces[start...])
        self.pieces.removeSubrange(start...)
        self.joinable = min(self.joinable, start)
        return removed
    }

    /// Puts text in at piece `index`.
    mutating func insert(text: String, at index: Int) {
        let start = self.bytes.count
        self.bytes.append(contentsOf: text.utf8)
        self.pieces.insert(.text(start..<self.bytes.count), at: index)
        self.joinable = self.pieces.count
    }

    /// Gives every piece to `writer`; throws ``TextRefused`` when HTML in it nests beyond reason.
    func write(into writer: inout HTMLAllowlist.Writer) throws(TextRefused) {
        var openings: [HTMLAllowlist.Writer.Opening?] = []
        var index = 0
        while index < self.pieces.count {
            defer { index += 1 }
            switch self.pieces[index] {
            case .open(let element, let attributes):
                openings.append(writer.open(HTMLAllowlist.treatment(of: element), name: { element }, attributes: { Self.dictionary(attributes) }))
            case .void(let element, let attributes):
                _ = writer.open(HTMLAllowlist.treatment(of: element), name: { element }, attributes: { Self.dictionary(attributes) })
            case .close:
                if let opening = openings.removeLast() { writer.close(opening) }
            case .text(let range):
                self.bytes[range].withUnsafeBufferPointer { writer.text($0) }
            case .html:
                // With the text and line breaks after it, up to the next element: one parse for a
                // paragraph of character references, not one each.
                var end = index + 1
                while end < self.pieces.count, self.pieces[end].isFlat { end += 1 }
                var html: [UInt8] = []
                self.serialize(self.pieces[index..<end], into: &html)
                try writer.write(parsed: html[...])
                index = end - 1
            case .semihtmlStart:
                let (html, end) = self.serialized(from: index + 1)
                try writer.write(parsed: html[...])
                index = end
            case .semihtmlEnd:
                continue
            }
        }
    }

    /// The pieces from `start` to the end of their `[semihtml]` region written as HTML, and where
    /// that end is.
    private func serialized(from start: Int) -> (html: [UInt8], end: Int) {
        var depth = 1
        var end = start
        while end < self.pieces.count {
            if case .semihtmlStart = self.pieces[end] { depth += 1 }
            if case .semihtmlEnd = self.pieces[end] {
                depth -= 1
                if depth == 0 { break }
            }
            end += 1
        }
        var html: [UInt8] = []
        self.serialize(self.pieces[start..<end], into: &html)
        return (html, end)
    }

    /// `pieces` written as HTML (region marks left out).
    private func serialize(_ pieces: ArraySlice<Piece>, into html: inout [UInt8]) {
        var open: [String] = []
        for piece in pieces {
            switch piece {
            case .open(let element, let attributes), .void(let element, let attributes):
                html.append(contentsOf: "<\(element)".utf8)
                for (name, value) in attributes {
                    html.append(contentsOf: " \(name)=\"".utf8)
                    PlainText.escape(value.utf8, into: &html)
                    html.append(UInt8(ascii: "\""))
                }
                html.append(UInt8(ascii: ">"))
                if case .open = piece { open.append(element) }
            case .close:
                html.append(contentsOf: "</\(open.removeLast())>".utf8)
            case .text(let range):
                PlainText.escape(self.bytes[range], into: &html)
            case .html(let range):
                html.append(contentsOf: self.bytes[range])
            case .semihtmlStart, .semihtmlEnd:
                continue
            }
        }
    }

    private static func dictionary(_ attributes: [(String, String)]) -> [String: String] {
        Dictionary(attributes, uniquingKeysWith: { first, _ in first })
    }
}
