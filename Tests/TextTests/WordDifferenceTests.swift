import Testing

@testable import Text

@Suite struct WordDifferenceTests {
    @Test func aReplacedWordIsRemovedThenAdded() {
        #expect(
            WordDifference.between("High water at six today.", "High water at eight today.")
                == [.kept("High water at "), .removed("six"), .added("eight"), .kept(" today.")])
    }

    @Test func identicalAndEmptyTexts() {
        #expect(WordDifference.between("same words", "same words") == [.kept("same words")])
        #expect(WordDifference.between("", "") == [])
        #expect(WordDifference.between("", "new") == [.added("new")])
        #expect(WordDifference.between("old", "") == [.removed("old")])
    }

    /// Whatever the texts, the old runs give the old text back and the new runs the new one.
    @Test(arguments: [
        ("The quick brown fox", "A quick red fox jumps"), ("one two three", "three two one"), ("a\n\nb  c", "a b\nc"),
        ("Überschrift — mit Umlauten", "Überschrift ohne Umlaute"), ("", "x y"),
    ])
    func theRunsRebuildBothTexts(old: String, new: String) {
        let runs = WordDifference.between(old, new)
        #expect(Self.rebuilt(runs, old: true) == old && Self.rebuilt(runs, old: false) == new)
    }

    /// The old text (kept and removed runs) or the new one (kept and added) the runs give back.
    static func rebuilt(_ runs: [WordDifference.Run], old: Bool) -> String {
        runs.map { run -> String in
            switch run {
            case .kept(let text): text
            case .removed(let text): old ? text : ""
            case .added(let text): old ? "" : text
            }
        }.joined()
    }

    /// Two long bodies (past what is compared exactly) with a word changed every 50: each change is one
    /// removed and one added word, everything else kept, as the fewest changes would say.
    @Test func scatteredChangesInLongTextsAreFoundOneByOne() {
        let words = (0..<6_000).map { ["harbour", "tide", "quay", "boats", "dawn", "storm", "cafe", "market", "ferry", "light"][$0 % 10] }
        let changed = words.enumerated().map { $0.offset % 50 == 0 ? $0.element.uppercased() : $0.element }
        let runs = WordDifference.between(words.joined(separator: " "), changed.joined(separator: " "))
        let removed = runs.compactMap { run -> String? in if case .removed(let text) = run { text } else { nil } }
        let added = runs.compactMap { run -> String? in if case .added(let text) = run { text } else { nil } }
        #expect(removed == stride(from: 0, to: 6_000, by: 50).map { words[$0] })
        #expect(added == stride(from: 0, to: 6_000, by: 50).map { changed[$0] })
    }

    /// A paragraph put into the middle of a long body, another taken out further on: one added run and
    /// one removed run, the rest kept.
    @Test func aParagraphAddedAndOneRemovedInALongText() {
        let paragraphs = (0..<400).map { "Paragraph \($0) says the tide is high at \($0 % 12) o'clock." }
        var edited = paragraphs
        edited.remove(at: 300)
        edited.insert("A new paragraph about the ferry.", at: 100)
        let runs = WordDifference.between(paragraphs.joined(separator: "\n\n"), edited.joined(separator: "\n\n"))
        let changes = runs.filter { if case .kept = $0 { false } else { true } }
        #expect(changes.count == 2)
        guard changes.count == 2, case .added(let added) = changes[0], case .removed(let removed) = changes[1] else { return }
        #expect(added.contains("A new paragraph about the ferry.") && removed.contains("300 says the tide"))
    }

    /// Whatever the long texts (past what is compared exactly), the runs give both back.
    @Test(arguments: [(1, 7), (3, 1_000), (5_000, 13)])
    func longRunsRebuildBothTexts(changeEvery: Int, seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        let vocabulary = ["a", "b", "c", "tide", "quay", "Überschrift", "—", "x\ny"]
        let old = (0..<4_000).map { _ in vocabulary.randomElement(using: &generator)! }
        let new = old.enumerated().flatMap { index, word -> [String] in
            guard index % changeEvery == 0 else { return [word] }
            return [[], [word, "inserted"], [vocabulary.randomElement(using: &generator)!]][Int.random(in: 0..<3, using: &generator)]
        }
        let runs = WordDifference.between(old.joined(separator: " "), new.joined(separator: "  "))
        #expect(Self.rebuilt(runs, old: true) == old.joined(separator: " "))
        #expect(Self.rebuilt(runs, old: false) == new.joined(separator: "  "))
    }

    @Test func piecesKeepTheirWhitespace() {
        #expect(Self.pieces(of: " a  b\u{2003}Überschrift\n\u{85}😀") == [" ", "a", "  ", "b", "\u{2003}", "Überschrift", "\n\u{85}", "😀"])
        #expect(Self.pieces(of: "") == [])
    }

    /// The same bytes get the same number in either text, past the table's first growth; other bytes
    /// (a word recomposed, é as e and a combining accent) another.
    @Test func equalPiecesShareANumber() {
        let words = (0..<5_000).map { "word\($0)" } + ["caf\u{E9}", "cafe\u{301}"]
        var numbering = WordDifference.PieceNumbering()
        var text = words.joined(separator: " ")
        var reversed = words.reversed().joined(separator: " ")
        let first = text.withUTF8 { numbering.numbers(of: WordDifference.Pieces($0)) }
        let again = reversed.withUTF8 { numbering.numbers(of: WordDifference.Pieces($0)) }
        #expect(first == Array(again.reversed()))
        #expect(Set(first).count == words.count + 1, "each word its own number, one for the space")
    }

    static func pieces(of text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            let pieces = WordDifference.Pieces(bytes)
            return (0..<pieces.count).map { String(decoding: pieces.bytes($0..<$0 + 1), as: UTF8.self) }
        }
    }
}

/// A small deterministic generator (SplitMix64), so a failing case can be run again.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { self.state = seed }
    mutating func next() -> UInt64 {
        self.state &+= 0x9E37_79B9_7F4A_7C15
        var z = self.state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
