import Foundation

/// Splits a plain SQL file into statements.
///
/// Neither driver runs several statements in one prepared query, so migrations are cut at every `;`
/// that is outside a quoted string, a quoted identifier, a `$$`-quoted body or a comment. `--` and
/// `/* */` comments are dropped; empty statements are skipped. A trigger's `BEGIN … END` body (SQLite's)
/// is one statement with its own semicolons.
struct SQLScript {
    let statements: [String]

    init(_ text: String) {
        var statements: [String] = []
        var current = ""
        var iterator = Array(text.unicodeScalars)[...]
        while let scalar = iterator.popFirst() {
            switch scalar {
            case "'", "\"":
                current.unicodeScalars.append(scalar)
                while let next = iterator.popFirst() {
                    current.unicodeScalars.append(next)
                    if next == scalar { break }
                }
            case "$" where iterator.first == "$":
                // A dollar-quoted body (a PostgreSQL function's), whose semicolons are its own.
                iterator.removeFirst()
                current += "$$"
                while let next = iterator.popFirst() {
                    current.unicodeScalars.append(next)
                    if next == "$", iterator.first == "$" {
                        iterator.removeFirst()
                        current += "$"
                        break
                    }
                }
            case "-" where iterator.first == "-":
                while let next = iterator.popFirst(), next != "\n" {}
                current += "\n"
            case "/" where iterator.first == "*":
                iterator.removeFirst()
                while let next = iterator.popFirst() {
                    if next == "*", iterator.first == "/" {
                        iterator.removeFirst()
                        break
                    }
                }
                current += " "
            case ";" where Self.isInTriggerBody(current):
                current += ";"
            case ";":
                Self.append(current, to: &statements)
                current = ""
            default:
                current.unicodeScalars.append(scalar)
            }
        }
        Self.append(current, to: &statements)
        self.statements = statements
    }

    /// Whether `statement` so far is a `CREATE TRIGGER` whose body has begun and not ended.
    private static func isInTriggerBody(_ statement: String) -> Bool {
        let words = statement.uppercased().split(whereSeparator: \.isWhitespace)
        return words.starts(with: ["CREATE", "TRIGGER"]) && words.contains("BEGIN") && words.last != "END"
    }

    private static func append(_ statement: String, to statements: inout [String]) {
        let trimmed = statement.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty { statements.append(trimmed) }
    }
}
