import Foundation

/// Text as search compares it: lower case, without accents or other diacritics, whitespace runs as
/// one space. Articles are stored folded (`news.search_text`) and searched words are folded the same
/// way, so `Café` finds `cafe` and `CAFÉ`.
public enum SearchText {
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `word` as a `LIKE` pattern matching it anywhere, with `%`, `_` and the escape character `!`
    /// escaped (the statement says `ESCAPE '!'`): searched text is never a pattern.
    static func containsPattern(_ word: String) -> String {
        var pattern = "%"
        for character in word {
            if character == "%" || character == "_" || character == "!" { pattern.append("!") }
            pattern.append(character)
        }
        return pattern + "%"
    }
}
