import News
import Testing

@testable import News

@Suite struct SearchTextTests {
    @Test func aSearchLooksUpEveryTrigramOfTheLongWordsOnce() throws {
        #expect(try #require(SearchQuery("Café")).trigramMatch == #""caf" AND "afe""#)
        #expect(try #require(SearchQuery("aaaa baaa")).trigramMatch == #""aaa" AND "baa""#)
        #expect(try #require(SearchQuery("abc ab")).trigramMatch == #""abc""#, "a short word has no trigram: the statement checks it")
        let short = try #require(SearchQuery("AI, (5G) c"))
        #expect(short.trigramMatch == nil && short.shortWords == ["ai", "5g", "c"], "short words only: the short-word index serves them")
        #expect(short.shortWordMatch == #""ai" AND "5g" AND "c""#)
        #expect(SearchQuery("-- … ?!") == nil, "no letter or digit")
    }

    /// Words lose the punctuation at their ends, not inside; a short word is a whole word of the text,
    /// which parts words at punctuation and symbols as well as spaces.
    @Test func shortWordsAreWholeWords() throws {
        #expect(SearchText.trimmed("(e-mail),") == "e-mail")
        #expect(SearchText.trimmed("«»") == "")
        #expect(SearchText.shortWords("ai-made, he said: 5g (uk) ai e\u{301}") == "ai he 5g uk e\u{301}")
        #expect(SearchText.shortWords("said tiny") == "", "only words of one or two characters")
        let search = try #require(SearchQuery("AI harbour"))
        #expect(search.longWords == ["harbour"] && search.shortWords == ["ai"])
        #expect(search.wordsHeld(by: "ai-made harbours") == ["ai", "harbour"])
        #expect(search.wordsHeld(by: "she said harbour") == ["harbour"], "'ai' inside 'said' is not the word")
    }

    /// Folding a folded word changes nothing, even where Foundation takes one mark a pass off a stack
    /// (the fuzzer's find: an Armenian modifier letter under two double breves); marks that folding
    /// keeps (Devanagari's virama, Thai's vowels) stay.
    @Test func foldingTwiceChangesNothing() throws {
        for text in ["\u{559}\u{35C}\u{35C}", "\u{559}" + String(repeating: "\u{35C}", count: 40) + "x", "क्ष", "กิ", "Café", "ﬁ"] {
            let folded = SearchText.fold(text)
            #expect(SearchText.fold(folded) == folded, "\(text.unicodeScalars.map(\.value))")
        }
        #expect(SearchText.fold("\u{559}\u{35C}\u{35C}") == "\u{559}")
        #expect(SearchText.fold("क्ष") == "क्ष" && SearchText.fold("กิ") == "กิ")
        let search = try #require(SearchQuery("\u{559}\u{35C}\u{35C}\n\r\u{559}/\u{13}o6"))
        #expect(search.words == ["\u{559}", "o6"], "the two spellings of one word are one word")
    }

    /// A searched word is folded again once its ends are trimmed (the fuzzer's find: Foundation folds
    /// U+035C by the letter before it, so trimming U+055B off lets it fold further).
    @Test func aTrimmedWordIsFoldedAgain() throws {
        let word = SearchText.searchWord(SearchText.fold("\u{55B}\u{599}\u{35C}\u{35C}\u{359}"))
        #expect(word == "\u{599}")
        #expect(SearchText.fold(word) == word && SearchText.trimmed(word) == word)
        #expect(try #require(SearchQuery("\u{55B}\u{599}\u{35C}\u{35C}\u{359}/\u{13}o@")).words == ["\u{599}", "o"])
        #expect(SearchText.searchWord("(e-mail),") == "e-mail")
    }

    @Test func trigramsAreCountedInScalarsAndQuotedAsPlainText() {
        #expect(SearchText.ftsQuery(SearchText.trigrams(of: "日本語で")) == #""日本語" AND "本語で""#)
        #expect(SearchText.ftsQuery(SearchText.trigrams(of: #"a"b*"#)) == #""a""b" AND """b*""#)
        #expect(SearchText.ftsQuery(SearchText.trigrams(of: "e\u{301}te")) == "\"e\u{301}t\" AND \"\u{301}te\"")
    }

    /// The index is asked for a bounded number of trigrams however long the words: a word's share is
    /// spread along it (its first and last trigram always among them), and every word still counts.
    @Test func theIndexIsAskedForTwelveTrigramsAtMost() throws {
        let long = try #require(SearchQuery(String(repeating: "abcdefghij", count: 20)))
        #expect(SearchQuery.trigrams(of: long.words).count == 10, "ten letters repeated have ten distinct trigrams")
        let longest = try #require(SearchQuery("abcdefghijklmnopqrstuvwxyz"))
        let trigrams = SearchQuery.trigrams(of: longest.words)
        #expect(trigrams.count == SearchQuery.maximumTrigrams)
        #expect(trigrams.first == "abc" && trigrams.last == "xyz")
        let many = try #require(SearchQuery((1...30).map { "word\($0)x" }.joined(separator: " ")))
        #expect(many.words.count == SearchQuery.maximumWords, "twenty words at most")
        #expect(SearchQuery.trigrams(of: many.words).count <= SearchQuery.maximumTrigrams)
        let jamo = try #require(SearchQuery("abc " + String(repeating: "\u{1100}\u{1161}", count: 8_000)))
        #expect(SearchQuery.trigrams(of: jamo.words).count <= SearchQuery.maximumTrigrams)
        #expect(jamo.words.count == 2)
    }
}
