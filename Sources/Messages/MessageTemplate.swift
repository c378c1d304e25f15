/// A Composr language-string template, read into its parts.
///
/// Kept apart from the catalogs so that every language, the renderer and the app exports share one
/// definition of the slot syntax: `{n}` is replaced by the n-th argument (1-based); `{n|one|many}`
/// becomes `one` when argument n is a count the language treats as singular and `many` otherwise.
/// Anything else in braces is text, as in Composr.
struct MessageTemplate: Sendable {
    enum Part: Equatable, Sendable {
        case text(String)
        /// `{n}`.
        case slot(Int)
        /// `{n|one|many}`.
        case choice(Int, one: String, many: String)
    }

    /// The template as written.
    let text: String
    let parts: [Part]

    init(_ template: String) {
        self.text = template
        var parts: [Part] = []
        var text = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                rest = rest[open...]
                break
            }
            if let part = Self.slot(rest[rest.index(after: open)..<close]) {
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
                parts.append(part)
            } else {
                text += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        if !text.isEmpty { parts.append(.text(text)) }
        self.parts = parts
    }

    /// The template with its slots filled from `arguments`; slots without an argument stay as written.
    func render(_ arguments: [String], singular: Set<Int> = [1]) -> String {
        var output = ""
        for part in self.parts {
            switch part {
            case .text(let text):
                output += text
            case .slot(let number):
                output += number <= arguments.count ? arguments[number - 1] : "{\(number)}"
            case .choice(let number, let one, let many):
                guard number <= arguments.count else {
                    output += "{\(number)|\(one)|\(many)}"
                    continue
                }
                output += Self.count(arguments[number - 1]).map(singular.contains) == true ? one : many
            }
        }
        return output
    }

    /// The slot numbers filled as text, and those that choose a word form: what translations of one
    /// message must agree on.
    var signature: (slots: Set<Int>, choices: Set<Int>) {
        var slots: Set<Int> = []
        var choices: Set<Int> = []
        for part in self.parts {
            switch part {
            case .text: break
            case .slot(let number): slots.insert(number)
            case .choice(let number, _, _): choices.insert(number)
            }
        }
        return (slots, choices)
    }

    private static func slot(_ inside: Substring) -> Part? {
        let pieces = inside.split(separator: "|", omittingEmptySubsequences: false)
        guard let number = Int(pieces[0]), number >= 1, String(number) == pieces[0] else { return nil }
        switch pieces.count {
        case 1: return .slot(number)
        case 3: return .choice(number, one: String(pieces[1]), many: String(pieces[2]))
        default: return nil
        }
    }

    /// A count as written in an argument, digit groups allowed ("1 048 576" in French).
    private static func count(_ argument: String) -> Int? {
        let digits = argument.filter(\.isNumber)
        guard !digits.isEmpty, argument.allSatisfy({ $0.isNumber || $0.isWhitespace || $0 == "," || $0 == "." || $0 == "\u{202F}" }) else { return nil }
        return Int(digits)
    }
}
