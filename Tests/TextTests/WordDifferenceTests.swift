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
        let rebuiltOld = runs.map { run -> String in
            switch run {
            case .kept(let text), .removed(let text): text
            case .added: ""
            }
        }.joined()
        let rebuiltNew = runs.map { run -> String in
            switch run {
            case .kept(let text), .added(let text): text
            case .removed: ""
            }
        }.joined()
        #expect(rebuiltOld == old && rebuiltNew == new)
    }

    @Test func wordsKeepTheirWhitespace() {
        #expect(WordDifference.words(" a  b\n") == [" ", "a", "  ", "b", "\n"])
    }
}
