/// How a draft's kept text is laid out in `news_draft_texts`: parts of at most ``size`` Unicode
/// scalars, numbered ``spacing`` apart in their order, so that splicing a word into a megabyte body
/// rewrites the part or two it falls in, and the parts that makes are numbered between their
/// neighbours without renumbering the rest.
enum DraftTextParts {
    /// The most scalars a part holds when the server cuts a text (a part kept before parts were cut
    /// may hold more: the next splice into it cuts it).
    static let size = 16_384
    /// How far apart a text's parts are numbered when it is written whole.
    static let spacing = 1 << 20

    /// `text` cut into parts of at most ``size`` scalars, each with its length in scalars; an empty
    /// text is no part.
    static func cut(_ text: String) -> [(text: String, length: Int)] {
        var parts: [(text: String, length: Int)] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        while start < scalars.endIndex {
            let end = scalars.index(start, offsetBy: Self.size, limitedBy: scalars.endIndex) ?? scalars.endIndex
            let part = String(scalars[start..<end])
            parts.append((part, end == scalars.endIndex ? scalars.distance(from: start, to: end) : Self.size))
            start = end
        }
        return parts
    }

    /// The parts of a text of parts `lengths` that the scalars `start..<end` fall in: the first and
    /// last index, and the scalar the first begins at. Nil when the span is not within the text.
    static func locate(start: Int, end: Int, in lengths: [Int]) -> (first: Int, last: Int, offset: Int)? {
        guard !lengths.isEmpty, 0 <= start, start <= end, end <= lengths.reduce(0, +) else { return nil }
        // The part holding scalar `start` (at a boundary, the later; at the text's end, the last).
        var first = 0
        var offset = 0
        while first + 1 < lengths.count, offset + lengths[first] <= start {
            offset += lengths[first]
            first += 1
        }
        var last = first
        var reached = offset + lengths[first]
        while reached < end {
            last += 1
            reached += lengths[last]
        }
        return (first, last, offset)
    }

    /// `count` part numbers in order strictly between `lower` and `upper`, as evenly spread as they
    /// fit; nil when they do not (the text is then written whole, renumbered).
    static func numbers(_ count: Int, between lower: Int, and upper: Int) -> [Int]? {
        guard count > 0 else { return [] }
        let step = (upper - lower) / (count + 1)
        guard step > 0 else { return nil }
        return (1...count).map { lower + step * $0 }
    }

    /// The numbers of a text's `count` parts written whole.
    static func numbers(_ count: Int) -> [Int] {
        (0..<count).map { Self.spacing * ($0 + 1) }
    }
}
