/// What changed between two texts, word by word, as an editor reads a revision's difference: runs of
/// words kept, removed and added, in reading order (removed before added where one replaced the
/// other). Whitespace belongs to the run it follows, so joining every run's text of the old (kept and
/// removed) gives the old text back, and of the new (kept and added) the new.
///
/// The standard library's `difference(from:)` (Myers' algorithm) finds the fewest changes, over words
/// and the whitespace between them.
public enum WordDifference {
    public enum Run: Equatable, Sendable {
        case kept(String)
        case removed(String)
        case added(String)
    }

    /// The runs turning `old` into `new`.
    public static func between(_ old: String, _ new: String) -> [Run] {
        let before = Self.words(old)
        let after = Self.words(new)
        let difference = after.difference(from: before)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var runs: [Run] = []
        var oldIndex = 0
        var newIndex = 0
        while oldIndex < before.count || newIndex < after.count {
            if oldIndex < before.count, removed.contains(oldIndex) {
                Self.append(.removed(before[oldIndex]), to: &runs)
                oldIndex += 1
            } else if newIndex < after.count, inserted.contains(newIndex) {
                Self.append(.added(after[newIndex]), to: &runs)
                newIndex += 1
            } else {
                Self.append(.kept(before[oldIndex]), to: &runs)
                oldIndex += 1
                newIndex += 1
            }
        }
        return runs
    }

    /// `text` as words and the whitespace runs between them, in order.
    static func words(_ text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var currentIsSpace = false
        for character in text {
            let isSpace = character.isWhitespace
            if !current.isEmpty, isSpace != currentIsSpace {
                pieces.append(current)
                current = ""
            }
            current.append(character)
            currentIsSpace = isSpace
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// Appends `run`, joined to the last run when that is of the same kind.
    private static func append(_ run: Run, to runs: inout [Run]) {
        switch (runs.last, run) {
        case (.kept(let last)?, .kept(let text)): runs[runs.count - 1] = .kept(last + text)
        case (.removed(let last)?, .removed(let text)): runs[runs.count - 1] = .removed(last + text)
        case (.added(let last)?, .added(let text)): runs[runs.count - 1] = .added(last + text)
        default: runs.append(run)
        }
    }
}
