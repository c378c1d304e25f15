extension WordDifference {
    /// The steps turning one list of numbered pieces into another: how many kept, removed or added in a
    /// row, steps of one kind joined.
    struct Script {
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
        mutating func align(_ old: [Int32], _ new: [Int32]) {
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
        private mutating func alignExactly(_ old: ArraySlice<Int32>, _ new: ArraySlice<Int32>) {
            // One side empty, or one piece replaced by one (where long texts part, most often), is
            // answered without Myers' allocations.
            let replacedOne = old.count == 1 && new.count == 1 && old.first != new.first
            guard old.count + new.count <= WordDifference.exactPieces, !old.isEmpty, !new.isEmpty, !replacedOne else {
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
        /// A meeting within `nearPieces` is looked for by comparing; a farther one through an index of
        /// the new text, made the first time one is needed.
        private mutating func alignByAnchors(_ old: ArraySlice<Int32>, _ new: ArraySlice<Int32>) {
            var anchors: Anchors?
            var oldIndex = old.startIndex
            var newIndex = new.startIndex
            while oldIndex < old.endIndex, newIndex < new.endIndex {
                if old[oldIndex] == new[newIndex] {
                    self.append(.kept, 1)
                    oldIndex += 1
                    newIndex += 1
                    continue
                }
                // Too little is left on a side for a run of alike pieces to meet in.
                let length = WordDifference.anchorPieces
                guard old.endIndex - oldIndex > length, new.endIndex - newIndex > length else { break }
                let near = Self.nearMeeting(old, new, from: (oldIndex, newIndex))
                let found: (old: Int, new: Int)?
                if let near {
                    found = near
                } else {
                    let index = anchors ?? Anchors(new)
                    anchors = index
                    found = index.meeting(old, from: (oldIndex, newIndex))
                }
                guard let meeting = found else { break }
                self.alignExactly(old[oldIndex..<meeting.old], new[newIndex..<meeting.new])
                oldIndex = meeting.old
                newIndex = meeting.new
            }
            self.alignExactly(old[oldIndex...], new[newIndex...])
        }

        /// How far apart (pieces skipped on both sides together) a meeting is looked for by comparing.
        static let nearPieces = 16

        /// The nearest place within ``nearPieces`` where `anchorPieces` pieces in a row are alike in
        /// both texts, after they part at `start`.
        private static func nearMeeting(_ old: ArraySlice<Int32>, _ new: ArraySlice<Int32>, from start: (old: Int, new: Int)) -> (old: Int, new: Int)? {
            let length = WordDifference.anchorPieces
            for skipped in 1...Self.nearPieces {
                for oldSkip in 0...skipped {
                    let oldStart = start.old + oldSkip
                    let newStart = start.new + skipped - oldSkip
                    guard oldStart + length <= old.endIndex, newStart + length <= new.endIndex else { continue }
                    if old[oldStart..<oldStart + length].elementsEqual(new[newStart..<newStart + length]) { return (oldStart, newStart) }
                }
            }
            return nil
        }
    }

    /// Where each run of `anchorPieces` pieces starts in a text, to find the next place a run of the
    /// other text's occurs without scanning.
    struct Anchors {
        let pieces: ArraySlice<Int32>
        let starts: [Int: [Int]]

        init(_ pieces: ArraySlice<Int32>) {
            self.pieces = pieces
            var starts: [Int: [Int]] = [:]
            var start = pieces.startIndex
            while start + WordDifference.anchorPieces <= pieces.endIndex {
                starts[Self.key(pieces[start..<start + WordDifference.anchorPieces]), default: []].append(start)
                start += 1
            }
            self.starts = starts
        }

        /// The nearest place after the texts part at `start` where a run of `old` occurs in the indexed
        /// text: the fewest pieces skipped on both sides together.
        func meeting(_ old: ArraySlice<Int32>, from start: (old: Int, new: Int)) -> (old: Int, new: Int)? {
            var meeting: (old: Int, new: Int)?
            var skipped = Int.max
            var oldSkip = 0
            while oldSkip < skipped, start.old + oldSkip + WordDifference.anchorPieces <= old.endIndex {
                let run = old[(start.old + oldSkip)..<(start.old + oldSkip + WordDifference.anchorPieces)]
                let limit = skipped == .max ? self.pieces.endIndex : start.new + skipped - oldSkip
                if let found = self.first(run, from: start.new, before: limit) {
                    meeting = (start.old + oldSkip, found)
                    skipped = oldSkip + found - start.new
                }
                oldSkip += 1
            }
            return meeting
        }

        /// The first position at or after `from` and before `limit` where `run` occurs.
        func first(_ run: ArraySlice<Int32>, from: Int, before limit: Int) -> Int? {
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

        /// A run's key: its numbers mixed (equal runs, equal keys; a collision only costs a comparison).
        private static func key(_ run: ArraySlice<Int32>) -> Int {
            run.reduce(0) { ($0 &* 1_000_003) ^ Int($1) }
        }
    }
}
