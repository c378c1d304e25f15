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

    /// Middles up to this many pieces (both texts together) get the fewest changes.
    static let exactPieces = 2_048
    /// How many pieces in a row make a place where two long texts meet again.
    static let anchorPieces = 8

    /// The runs turning `old` into `new`.
    public static func between(_ old: String, _ new: String) -> [Run] {
        let before = Self.words(old)
        let after = Self.words(new)
        var numbers: [Substring: Int] = [:]
        let number = { (piece: Substring) -> Int in
            if let known = numbers[piece] { return known }
            numbers[piece] = numbers.count
            return numbers.count - 1
        }
        var script = Script()
        script.align(before.map(number), after.map(number))
        var runs: [Run] = []
        var oldIndex = 0
        var newIndex = 0
        for (kind, count) in script.steps {
            switch kind {
            case .kept:
                runs.append(.kept(before[oldIndex..<oldIndex + count].joined()))
                oldIndex += count
                newIndex += count
            case .removed:
                runs.append(.removed(before[oldIndex..<oldIndex + count].joined()))
                oldIndex += count
            case .added:
                runs.append(.added(after[newIndex..<newIndex + count].joined()))
                newIndex += count
            }
        }
        return runs
    }

    /// `text` as words and the whitespace runs between them, in order.
    static func words(_ text: String) -> [Substring] {
        var pieces: [Substring] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var startIsSpace = false
        var index = start
        while index < scalars.endIndex {
            let isSpace = Self.isWhitespace(scalars[index])
            if index > start, isSpace != startIsSpace {
                pieces.append(Substring(scalars[start..<index]))
                start = index
            }
            if index == start { startIsSpace = isSpace }
            index = scalars.index(after: index)
        }
        if start < scalars.endIndex { pieces.append(Substring(scalars[start..<scalars.endIndex])) }
        return pieces
    }

    /// Unicode's whitespace, answered without a property lookup for ASCII (most of most texts, and
    /// looking every scalar's property up was a third of comparing two long bodies).
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }

    private enum Kind { case kept, removed, added }

    /// The steps turning one list of numbered pieces into another: how many kept, removed or added in a
    /// row, steps of one kind joined.
    private struct Script {
        var steps: [(Kind, Int)] = []

        mutating func append(_ kind: Kind, _ count: Int) {
            guard count > 0 else { return }
            if let last = self.steps.last, last.0 == kind {
                self.steps[self.steps.count - 1].1 += count
            } else {
                self.steps.append((kind, count))
            }
        }

        /// Keeps the common beginning and end, and aligns the middle exactly or, when long, by anchors.
        mutating func align(_ old: [Int], _ new: [Int]) {
            var prefix = 0
            while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
                suffix += 1
            }
            self.append(.kept, prefix)
            let oldMiddle = old[prefix..<old.count - suffix]
            let newMiddle = new[prefix..<new.count - suffix]
            if oldMiddle.count + newMiddle.count <= WordDifference.exactPieces {
                self.alignExactly(oldMiddle, newMiddle)
            } else {
                self.alignByAnchors(oldMiddle, newMiddle)
            }
            self.append(.kept, suffix)
        }

        /// The fewest changes (Myers' algorithm); a stretch too long for it is removed and added whole.
        private mutating func alignExactly(_ old: ArraySlice<Int>, _ new: ArraySlice<Int>) {
            guard old.count + new.count <= WordDifference.exactPieces else {
                self.append(.removed, old.count)
                self.append(.added, new.count)
                return
            }
            let difference = Array(new).difference(from: Array(old))
            var removed = Set<Int>()
            var inserted = Set<Int>()
            for change in difference {
                switch change {
                case .remove(let offset, _, _): removed.insert(offset)
                case .insert(let offset, _, _): inserted.insert(offset)
                }
            }
            var oldIndex = 0
            var newIndex = 0
            while oldIndex < old.count || newIndex < new.count {
                if oldIndex < old.count, removed.contains(oldIndex) {
                    self.append(.removed, 1)
                    oldIndex += 1
                } else if newIndex < new.count, inserted.contains(newIndex) {
                    self.append(.added, 1)
                    newIndex += 1
                } else {
                    self.append(.kept, 1)
                    oldIndex += 1
                    newIndex += 1
                }
            }
        }

        /// Walks both texts together; where they part, finds the nearest place they meet again (the
        /// fewest pieces skipped on both sides together) and aligns only the stretch between exactly.
        private mutating func alignByAnchors(_ old: ArraySlice<Int>, _ new: ArraySlice<Int>) {
            let anchors = Anchors(new)
            var oldIndex = old.startIndex
            var newIndex = new.startIndex
            while oldIndex < old.endIndex, newIndex < new.endIndex {
                if old[oldIndex] == new[newIndex] {
                    self.append(.kept, 1)
                    oldIndex += 1
                    newIndex += 1
                    continue
                }
                var meeting: (old: Int, new: Int)?
                var skipped = Int.max
                var oldSkip = 0
                while oldSkip < skipped, oldIndex + oldSkip + WordDifference.anchorPieces <= old.endIndex {
                    let piece = old[(oldIndex + oldSkip)..<(oldIndex + oldSkip + WordDifference.anchorPieces)]
                    let limit = skipped == .max ? new.endIndex : newIndex + skipped - oldSkip
                    if let found = anchors.first(piece, from: newIndex, before: limit) {
                        meeting = (oldIndex + oldSkip, found)
                        skipped = oldSkip + found - newIndex
                    }
                    oldSkip += 1
                }
                guard let meeting else { break }
                self.alignExactly(old[oldIndex..<meeting.old], new[newIndex..<meeting.new])
                oldIndex = meeting.old
                newIndex = meeting.new
            }
            self.alignExactly(old[oldIndex...], new[newIndex...])
        }
    }

    /// Where each run of `anchorPieces` pieces starts in a text, to find the next place a run of the
    /// other text's occurs without scanning.
    private struct Anchors {
        let pieces: ArraySlice<Int>
        let starts: [Int: [Int]]

        init(_ pieces: ArraySlice<Int>) {
            self.pieces = pieces
            var starts: [Int: [Int]] = [:]
            var start = pieces.startIndex
            while start + WordDifference.anchorPieces <= pieces.endIndex {
                starts[Self.key(pieces[start..<start + WordDifference.anchorPieces]), default: []].append(start)
                start += 1
            }
            self.starts = starts
        }

        /// The first position at or after `from` and before `limit` where `run` occurs.
        func first(_ run: ArraySlice<Int>, from: Int, before limit: Int) -> Int? {
            guard let starts = self.starts[Self.key(run)] else { return nil }
            var low = 0
            var high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] < from { low = middle + 1 } else { high = middle }
            }
            for start in starts[low...] {
                guard start < limit else { return nil }
                if self.pieces[start..<start + run.count].elementsEqual(run) { return start }
            }
            return nil
        }

        private static func key(_ run: ArraySlice<Int>) -> Int {
            var hasher = Hasher()
            for piece in run { hasher.combine(piece) }
            return hasher.finalize()
        }
    }
}
