extension String {
    /// The string without leading and trailing spaces, tabs and line breaks (PHP's `trim`).
    public var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\0" || $0 == "\u{0B}" }
        guard let start = self.firstIndex(where: { !isSpace($0) }),
            let end = self.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[start...end])
    }
}

extension String {
    /// The items of a list written with commas between them (a byline's names, an article's tags),
    /// each trimmed as ``trimmingWhitespace`` does, empty ones left out.
    public var commaSeparatedItems: [String] {
        self.split(separator: ",").map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
    }
}
