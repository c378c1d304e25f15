/// One catalog file as written: its `[language]` settings and its `[strings]`, in Composr's `.ini`
/// style (`NAME=text` lines, `;` comments).
///
/// Only the syntax is checked here; whether the names and slots are right is ``CatalogCheck``'s job.
struct CatalogFile {
    /// `[language]` settings: `code`, `tag`, `name`, `locale`, `singular`, `ordinal_suffixes`.
    var settings: [String: String] = [:]
    /// `[strings]` lines, in file order.
    var strings: [(key: String, text: String)] = []

    /// A line the parser could not read.
    struct Malformed: Error, CustomStringConvertible {
        let line: Int
        let reason: String
        var description: String { "line \(self.line): \(self.reason)" }
    }

    /// Parses `text`. Everything after a line's first `=` is its value, spaces included, so a message
    /// may end with a space as Composr's do; only a trailing carriage return is dropped.
    init(parsing text: String) throws(Malformed) {
        var section = ""
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.last == "\r" ? rawLine.dropLast() : rawLine
            if line.allSatisfy(\.isWhitespace) || line.first == ";" { continue }
            if line.first == "[" {
                guard line.last == "]" else { throw Malformed(line: index + 1, reason: "unclosed section name") }
                section = String(line.dropFirst().dropLast())
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { throw Malformed(line: index + 1, reason: "expected NAME=text") }
            let key = String(line[..<equals]).trimmingSpaces
            let value = String(line[line.index(after: equals)...])
            switch section {
            case "language": self.settings[key] = value.trimmingSpaces
            case "strings": self.strings.append((key, value))
            default: throw Malformed(line: index + 1, reason: "outside [language] and [strings]")
            }
        }
    }
}

extension String {
    var trimmingSpaces: String {
        String(self.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
