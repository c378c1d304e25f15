public import Foundation

/// One language's wording for every ``MessageID``, read from its catalog file (`Catalogs/<CODE>.ini`).
///
/// Templates are Composr's: `{1}`, `{2}`… are substitution slots and `{1|singular|plural}` picks a word
/// form by the number in slot 1, with the language's own idea of which counts are singular. A catalog
/// is always complete: ``Languages`` fills what a file lacks from English and reports it. A class, so
/// that handing the catalog to every request costs one reference, not a copy of its tables.
public final class MessageCatalog: Sendable {
    /// Composr's language code (`EN`, `FR`, …): what members store and `keep_lang` names.
    public let languageCode: String
    /// The BCP 47 tag answers carry in `Content-Language` and pages in `<html lang>` (`en`, `fr`, …).
    public let tag: String
    /// The language's name in itself ("Français").
    public let name: String
    /// Where month and weekday names, AM/PM marks and digit grouping come from.
    public let locale: Locale
    private let templates: [MessageID: MessageTemplate]
    private let singularCounts: Set<Int>
    private let ordinalSuffixes: [Int: String]
    private let otherOrdinalSuffix: String

    /// The catalog `file` describes, with `fallback`'s template wherever the file has none.
    init(_ file: CatalogFile, fallback: MessageCatalog?) throws(CatalogFile.Malformed) {
        guard let code = file.settings["code"], !code.isEmpty else { throw CatalogFile.Malformed(line: 0, reason: "no code in [language]") }
        self.languageCode = code.uppercased()
        self.tag = file.settings["tag"] ?? code.lowercased()
        self.name = file.settings["name"] ?? code
        self.locale = Locale(identifier: file.settings["locale"] ?? self.tag)
        self.singularCounts = Set((file.settings["singular"] ?? "1").split(separator: " ").compactMap { Int($0) })
        var suffixes: [Int: String] = [:]
        var other = ""
        for entry in (file.settings["ordinal_suffixes"] ?? "").split(separator: " ") {
            let pair = entry.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { throw CatalogFile.Malformed(line: 0, reason: "ordinal_suffixes entry \(entry) is not DAY:SUFFIX") }
            if pair[0] == "*" { other = String(pair[1]) } else if let day = Int(pair[0]) { suffixes[day] = String(pair[1]) }
        }
        self.ordinalSuffixes = suffixes
        self.otherOrdinalSuffix = other
        var templates = fallback?.templates ?? [:]
        for (key, text) in file.strings {
            if let id = MessageID(rawValue: key) { templates[id] = MessageTemplate(text) }
        }
        self.templates = templates
    }

    /// The template for `id`, in Composr's syntax.
    public func template(for id: MessageID) -> String {
        self.parsedTemplate(for: id).text
    }

    /// The sentence for `id` with its slots filled from `arguments` (slot `{1}` is `arguments[0]`).
    ///
    /// Slots without an argument stay as they are, as in Composr.
    public func text(_ id: MessageID, _ arguments: [String] = []) -> String {
        self.parsedTemplate(for: id).render(arguments, singular: self.singularCounts)
    }

    /// Variadic convenience for ``text(_:_:)-(_,[String])``.
    public func text(_ id: MessageID, _ arguments: String...) -> String {
        self.text(id, arguments)
    }

    /// A count as the language writes it in sentences ("1,000" in English, "1 000" in French).
    public func number(_ value: Int) -> String {
        value.formatted(IntegerFormatStyle<Int>(locale: self.locale))
    }

    /// What follows a day number in dates (strftime `%o`): "st" after 1 in English, "er" in French.
    public func ordinalSuffix(_ day: Int) -> String {
        self.ordinalSuffixes[day] ?? self.otherOrdinalSuffix
    }

    func parsedTemplate(for id: MessageID) -> MessageTemplate {
        self.templates[id] ?? MessageTemplate("")
    }

    /// English, which every server has.
    public static var english: MessageCatalog { Languages.bundled.english }
}
