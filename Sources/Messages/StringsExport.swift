import Foundation

/// A catalog's messages as the string resources an app bundles, so that it can show the server's
/// sentences offline (what Composr's mobile SDK toolkit exports from `lang/*.ini`, with plurals done
/// properly where its toolkit left them out).
///
/// Slots become positional format specifiers (`%1$@` on iOS, `%1$s` on Android, `%1$d` for a number
/// that chooses a word form) and `%` is doubled in messages with slots; a message with a word-form
/// choice becomes a plural resource (`.stringsdict` on iOS, `<plurals>` on Android) whose variants are
/// whole sentences. JSON keeps Composr's own syntax. Date patterns and the console's words are left out
/// (``MessageID/isDatePattern``, ``MessageID/isConsoleText``).
public enum StringsExport {
    public enum Format: String, CaseIterable, Sendable {
        case ios, android, json
    }

    /// The files to write for `catalog` in `format`, as paths relative to the output folder.
    public static func files(_ catalog: MessageCatalog, format: Format) -> [(path: String, contents: String)] {
        let messages = MessageID.allCases.filter { !$0.isDatePattern && !$0.isConsoleText }.sorted { $0.rawValue < $1.rawValue }
        switch format {
        case .ios:
            return [
                ("\(catalog.tag).lproj/Localizable.strings", AppleStrings.strings(catalog, messages)),
                ("\(catalog.tag).lproj/Localizable.stringsdict", AppleStrings.stringsdict(catalog, messages)),
            ]
        case .android:
            return [("values-\(catalog.tag)/strings.xml", AndroidStrings.xml(catalog, messages))]
        case .json:
            var object: [String: String] = [:]
            for id in messages { object[id.rawValue] = catalog.template(for: id) }
            let data =
                (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? Data("{}".utf8)
            return [("\(catalog.tag).json", String(decoding: data, as: UTF8.self) + "\n")]
        }
    }

    /// `template` in printf style: `specifier(n, isCount)` for each slot, and for a choice the word
    /// form `singular` selects; literal `%` doubled when the message has slots.
    static func printf(_ template: MessageTemplate, singular: Bool, specifier: (Int, Bool) -> String) -> String {
        let counts = template.signature.choices
        let formatted = template.parts.contains { if case .text = $0 { false } else { true } }
        return template.parts.map { part in
            switch part {
            case .text(let text): formatted ? text.replacingOccurrences(of: "%", with: "%%") : text
            case .slot(let number): specifier(number, counts.contains(number))
            case .choice(_, let one, let many): singular ? one : many
            }
        }.joined()
    }

    /// The slot whose number chooses the word forms of `template`, if it has choices.
    static func countSlot(_ template: MessageTemplate) -> Int? {
        template.signature.choices.min()
    }
}
