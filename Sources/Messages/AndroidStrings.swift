/// Android string resources (`res/values-<tag>/strings.xml`): `<string>` for plain messages,
/// `<plurals>` for those with a word-form choice, in the escaping `aapt` requires.
enum AndroidStrings {
    static func xml(_ catalog: MessageCatalog, _ messages: [MessageID]) -> String {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <!-- \(XMLText.escaped(catalog.name)) (\(catalog.languageCode)): the server's messages, keyed by Composr's language-string IDs. -->
            <resources>

            """
        for id in messages {
            let template = catalog.parsedTemplate(for: id)
            if StringsExport.countSlot(template) != nil {
                let one = StringsExport.printf(template, singular: true, specifier: Self.specifier)
                let other = StringsExport.printf(template, singular: false, specifier: Self.specifier)
                xml += """
                        <plurals name="\(id.rawValue)">
                            <item quantity="one">\(Self.escaped(one))</item>
                            <item quantity="other">\(Self.escaped(other))</item>
                        </plurals>

                    """
            } else {
                let text = StringsExport.printf(template, singular: false, specifier: Self.specifier)
                xml += "    <string name=\"\(id.rawValue)\">\(Self.escaped(text))</string>\n"
            }
        }
        return xml + "</resources>\n"
    }

    private static func specifier(_ slot: Int, _ isCount: Bool) -> String {
        isCount ? "%\(slot)$d" : "%\(slot)$s"
    }

    /// Element text as Android reads it: XML-escaped, then backslash, both quotes and line breaks
    /// escaped, a leading `@` or `?` escaped (it would name a resource), and spaces Android would
    /// collapse or trim (leading, trailing, repeated) written as `\u0020`.
    static func escaped(_ text: String) -> String {
        var output = ""
        var previous: Character?
        for (index, character) in zip(text.indices, text) {
            let isEdge = index == text.startIndex || text.index(after: index) == text.endIndex
            switch character {
            case "\\": output += "\\\\"
            case "'": output += "\\'"
            case "\"": output += "\\\""
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "@" where index == text.startIndex, "?" where index == text.startIndex: output += "\\" + String(character)
            case " " where isEdge || previous == " ": output += "\\u0020"
            default: output += XMLText.escaped(String(character))
            }
            previous = character
        }
        return output
    }
}
