/// Patterns for SQL's `LIKE … ESCAPE '\'`, which both engines read alike.
public enum SQLLike {
    /// The pattern matching text that contains `text` (its wildcards `%` and `_`, and the escape
    /// character, escaped), lowercased for a comparison with `LOWER(column)`.
    public static func containing(_ text: String) -> String {
        var pattern = "%"
        for character in text.lowercased() {
            if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
            pattern.append(character)
        }
        return pattern + "%"
    }
}
