/// What changed between two texts, word by word, as an editor reads a revision's difference: runs of
/// words kept, removed and added, in reading order (removed before added where one replaced the
/// other). Whitespace belongs to the run it follows, so joining every run's text of the old (kept and
/// removed) gives the old text back, and of the new (kept and added) the new.
///
/// Texts are compared as pieces (words and the whitespace between them), each piece numbered once so
/// comparing two is comparing two integers. What both texts begin and end with is kept as it is; a
/// middle of at most `exactPieces` pieces gets the fewest changes (Myers' algorithm, the standard
/// library's `difference(from:)`). A longer middle — two revisions of a long body — is walked instead:
/// where the texts part, they meet again at the nearest place where `anchorPieces` pieces in a row are
/// alike, found through an index of the new text's runs of that length, and only what lies between is
/// compared exactly. That keeps two 1 MB bodies with thousands of scattered changes to milliseconds,
/// where Myers' algorithm alone takes seconds (its time grows with the length times the changes).
public enum WordDifference {
    public enum Run: Equatable, Sendable {
        case kept(String)
        case removed(String)
        case added(String)
    }

    /// What a run does to the old text.
    public enum Kind: Sendable { case kept, removed, added }

    /// Middles up to this many pieces (both texts together) get the fewest changes.
    static let exactPieces = 2_048
    /// How many pieces in a row make a place where two long texts meet again.
    static let anchorPieces = 8

    /// The runs turning `old` into `new`.
    public static func between(_ old: String, _ new: String) -> [Run] {
        var runs: [Run] = []
        Self.forEachRun(old, new) { kind, bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            switch kind {
            case .kept: runs.append(.kept(text))
            case .removed: runs.append(.removed(text))
            case .added: runs.append(.added(text))
            }
        }
        return runs
    }

    /// ``between(_:_:)``'s runs as each one's kind and UTF-8 bytes (valid during the call only), in
    /// order: a page writes a long body's difference straight from them, making no string of a run.
    public static func forEachRun(_ old: String, _ new: String, _ body: (Kind, UnsafeBufferPointer<UInt8>) -> Void) {
        var old = old
        var new = new
        old.withUTF8 { oldBytes in
            new.withUTF8 { newBytes in
                let before = Pieces(oldBytes)
                let after = Pieces(newBytes)
                var numbering = PieceNumbering()
                var script = Script()
                script.align(numbering.numbers(of: before), numbering.numbers(of: after))
                var oldIndex = 0
                var newIndex = 0
                for (kind, count) in script.steps {
                    switch kind {
                    case .kept:
                        body(kind, before.bytes(oldIndex..<oldIndex + count))
                        oldIndex += count
                        newIndex += count
                    case .removed:
                        body(kind, before.bytes(oldIndex..<oldIndex + count))
                        oldIndex += count
                    case .added:
                        body(kind, after.bytes(newIndex..<newIndex + count))
                        newIndex += count
                    }
                }
            }
        }
    }

    /// Unicode's whitespace, answered without a property lookup for ASCII (most of most texts, and
    /// looking every scalar's property up was a third of comparing two long bodies).
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }
}
