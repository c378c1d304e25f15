/// What is wrong with a catalog file measured against English: names that are not message IDs, IDs
/// given twice or missing, and translations whose slots differ from the English ones (a `{2}` that
/// English does not fill, or a word-form choice on another number).
///
/// Problems never stop the server (the English wording stands in); ``Languages/problems`` collects
/// them and a test requires there are none.
enum CatalogCheck {
    static func problems(in file: CatalogFile, named name: String, english: MessageCatalog) -> [String] {
        var problems: [String] = []
        var seen: Set<String> = []
        for (key, text) in file.strings {
            guard let id = MessageID(rawValue: key) else {
                problems.append("\(name): \(key) is not a message ID")
                continue
            }
            if !seen.insert(key).inserted { problems.append("\(name): \(key) is given twice") }
            let translated = MessageTemplate(text).signature
            let original = english.parsedTemplate(for: id).signature
            if translated.slots != original.slots || translated.choices != original.choices {
                problems.append("\(name): \(key) uses slots \(Self.describe(translated)), English \(Self.describe(original))")
            }
            if !text.contains(where: { !$0.isWhitespace }) { problems.append("\(name): \(key) is empty") }
        }
        for id in MessageID.allCases where !seen.contains(id.rawValue) {
            problems.append("\(name): \(id.rawValue) is missing")
        }
        return problems
    }

    private static func describe(_ signature: (slots: Set<Int>, choices: Set<Int>)) -> String {
        "{" + signature.slots.sorted().map(String.init).joined(separator: ",") + "} choices {"
            + signature.choices.sorted().map(String.init).joined(separator: ",") + "}"
    }
}
