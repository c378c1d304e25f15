import Testing
import Text

/// Limits count Unicode scalars, never grapheme clusters, and read no further than four bytes per
/// scalar of the limit.
@Suite struct TextLengthTests {
    @Test func scalarsAreCountedNotCharacters() {
        let accented = "e" + String(repeating: "\u{301}", count: 30)
        #expect(accented.count == 1, "one Character")
        #expect(!TextLength.fits(accented, atMost: 30))
        #expect(TextLength.fits(accented, atMost: 31))
        #expect(TextLength.fits("日本語", in: 3...3), "three scalars of three bytes each")
        #expect(!TextLength.fits("日本語", in: 4...10))
        #expect(TextLength.fits("", atMost: 0) && !TextLength.fits("", in: 1...5))
        #expect(TextLength.isShorter("ab", than: 3) && !TextLength.isShorter("a\u{301}\u{301}", than: 3))
        #expect(TextLength.isShorter("", than: 1) && !TextLength.isShorter("😀", than: 1))
    }

    @Test func aPrefixIsTakenInScalars() {
        let jamo = String(repeating: "\u{1100}", count: 10_000)
        #expect(jamo.count == 1)
        #expect(TextLength.prefix(jamo, 60).unicodeScalars.count == 60)
        #expect(TextLength.prefix("short", 60) == "short")
    }

    /// A text of 16,000 jamo is judged from its byte count alone.
    @Test func aLongTextIsRuledOutByItsBytes() {
        let jamo = "abc " + String(repeating: "\u{1100}", count: 16_000)
        #expect(!TextLength.fits(jamo, atMost: 200))
        #expect(!TextLength.fits(jamo, in: 2...200))
    }
}
