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
