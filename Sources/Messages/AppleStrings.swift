/// iOS string resources: `Localizable.strings` (every message) and `Localizable.stringsdict` (the
/// messages with word-form choices, which iOS then prefers), in the escaping Apple's parsers expect.
enum AppleStrings {
    static func strings(_ catalog: MessageCatalog, _ messages: [MessageID]) -> String {
        var lines = ["/* \(catalog.name) (\(catalog.languageCode)): the server's messages, keyed by Composr's language-string IDs. */"]
        for id in messages {
            let text = StringsExport.printf(catalog.parsedTemplate(for: id), singular: false, specifier: Self.specifier)
            lines.append("\"\(id.rawValue)\" = \"\(Self.quoted(text))\";")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func stringsdict(_ catalog: MessageCatalog, _ messages: [MessageID]) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        for id in messages {
            let template = catalog.parsedTemplate(for: id)
            guard let slot = StringsExport.countSlot(template) else { continue }
            let one = StringsExport.printf(template, singular: true, specifier: Self.specifier)
            let other = StringsExport.printf(template, singular: false, specifier: Self.specifier)
            xml += """
                <key>\(id.rawValue)</key>
                <dict>
                    <key>NSStringLocalizedFormatKey</key>
                    <string>%\(slot)$#@count@</string>
                    <key>count</key>
                    <dict>
                        <key>NSStringFormatSpecTypeKey</key>
                        <string>NSStringPluralRuleType</string>
                        <key>NSStringFormatValueTypeKey</key>
                        <string>d</string>
                        <key>one</key>
                        <string>\(XMLText.escaped(one))</string>
                        <key>other</key>
                        <string>\(XMLText.escaped(other))</string>
                    </dict>
                </dict>

                """
        }
        return xml + "</dict>\n</plist>\n"
    }

    private static func specifier(_ slot: Int, _ isCount: Bool) -> String {
        isCount ? "%\(slot)$d" : "%\(slot)$@"
    }

    /// A `.strings` value: backslash, quote and line breaks escaped.
    private static func quoted(_ text: String) -> String {
        text.escaping(["\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\r": "\\r", "\t": "\\t"])
    }
}

/// Text in XML element content.
enum XMLText {
    static func escaped(_ text: String) -> String {
        text.escaping(["&": "&amp;", "<": "&lt;", ">": "&gt;"])
    }
}

extension String {
    /// The text with each character that `table` names replaced by its entry.
    func escaping(_ table: [Character: String]) -> String {
        var output = ""
        for character in self {
            if let replacement = table[character] { output += replacement } else { output.append(character) }
        }
        return output
    }
}
