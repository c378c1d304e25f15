import Foundation
import Testing

@testable import Messages

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Each export format, read back with the platform's rules, gives exactly the sentences the server
/// sends, for every message in every language.
@Suite struct StringsExportTests {
    static let exported = MessageID.allCases.filter { !$0.isDatePattern && !$0.isConsoleText }

    /// The arguments a test fills slots with: counts for the slot that chooses a word form, text
    /// (with characters that need escaping) for the others.
    static func arguments(_ id: MessageID, count: Int) -> [String] {
        (1...4).map { MessageTemplate(MessageCatalog.english.template(for: id)).signature.choices.contains($0) ? String(count) : "a%'\"<&>\($0)" }
    }

    @Test(arguments: Languages.bundled.catalogs.map(\.languageCode))
    func iosStringsAndStringsdictParseBackToTheServersSentences(code: String) throws {
        let catalog = try #require(Languages.bundled.catalog(named: code))
        let files = StringsExport.files(catalog, format: .ios)
        #expect(files.map(\.path) == ["\(catalog.tag).lproj/Localizable.strings", "\(catalog.tag).lproj/Localizable.stringsdict"])
        let strings = try #require(try PropertyListSerialization.propertyList(from: Data(files[0].contents.utf8), format: nil) as? [String: String])
        let plurals = try #require(try PropertyListSerialization.propertyList(from: Data(files[1].contents.utf8), format: nil) as? [String: [String: Any]])
        #expect(Set(strings.keys) == Set(Self.exported.map(\.rawValue)))
        for id in Self.exported {
            let format = try #require(strings[id.rawValue])
            #expect(Self.apple(format, Self.arguments(id, count: 5)) == catalog.text(id, Self.arguments(id, count: 5)), "\(code) \(id.rawValue)")
            guard let count = StringsExport.countSlot(catalog.parsedTemplate(for: id)) else {
                #expect(plurals[id.rawValue] == nil)
                continue
            }
            let entry = try #require(plurals[id.rawValue])
            #expect(entry["NSStringLocalizedFormatKey"] as? String == "%\(count)$#@count@")
            let variants = try #require(entry["count"] as? [String: String])
            #expect(variants["NSStringFormatSpecTypeKey"] == "NSStringPluralRuleType")
            for (quantity, number) in [("one", 1), ("other", 5)] {
                let arguments = Self.arguments(id, count: number)
                #expect(Self.apple(try #require(variants[quantity]), arguments) == catalog.text(id, arguments), "\(code) \(id.rawValue) \(quantity)")
            }
        }
    }

    @Test(arguments: Languages.bundled.catalogs.map(\.languageCode))
    func androidResourcesParseBackToTheServersSentences(code: String) throws {
        let catalog = try #require(Languages.bundled.catalog(named: code))
        let files = StringsExport.files(catalog, format: .android)
        #expect(files.map(\.path) == ["values-\(catalog.tag)/strings.xml"])
        let resources = try AndroidResources(xml: files[0].contents)
        #expect(Set(resources.strings.keys).union(resources.plurals.keys) == Set(Self.exported.map(\.rawValue)))
        for id in Self.exported {
            if StringsExport.countSlot(catalog.parsedTemplate(for: id)) != nil {
                let items = try #require(resources.plurals[id.rawValue])
                for (quantity, number) in [("one", 1), ("other", 5)] {
                    let arguments = Self.arguments(id, count: number)
                    let text = try AndroidResources.format(try AndroidResources.unescape(try #require(items[quantity])), arguments)
                    #expect(text == catalog.text(id, arguments), "\(code) \(id.rawValue) \(quantity)")
                }
            } else {
                let arguments = Self.arguments(id, count: 5)
                let text = try AndroidResources.format(try AndroidResources.unescape(try #require(resources.strings[id.rawValue])), arguments)
                #expect(text == catalog.text(id, arguments), "\(code) \(id.rawValue)")
            }
        }
    }

    /// The console's words stay out of the apps' exports: its own (`ENDPOINT_CONSOLE_…`) and the
    /// Composr words it shows; the apps' sentences stay in.
    @Test func theConsolesWordsAreKnownByTheirPrefixOrListed() {
        #expect(MessageID.consoleApp.isConsoleText && MessageID.consoleAppBackToGenerated.isConsoleText)
        #expect(MessageID.logIn.isConsoleText && MessageID.secondaryCategories.isConsoleText)
        #expect(!MessageID.fieldTooLong.isConsoleText && !MessageID.dateToday.isConsoleText && !MessageID.gallery.isConsoleText)
        #expect(Self.exported.contains(.fieldTooLong) && !Self.exported.contains(.consoleApp))
    }

    @Test func jsonKeepsComposrsTemplates() throws {
        let french = try #require(Languages.bundled.catalog(named: "FR"))
        let files = StringsExport.files(french, format: .json)
        #expect(files.map(\.path) == ["fr.json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(files[0].contents.utf8)) as? [String: String])
        #expect(object.count == Self.exported.count)
        #expect(object["ENDPOINT_LOGIN_THROTTLED"] == french.template(for: .loginThrottled))
        #expect(object["ENDPOINT_DATE"] == nil, "date patterns are the server's, not the app's")
    }

    @Test func androidEscapingCoversWhatAaptTreatsSpecially() {
        #expect(AndroidStrings.escaped("@x ?y") == "\\@x ?y")
        #expect(AndroidStrings.escaped("?x") == "\\?x")
        #expect(AndroidStrings.escaped(" a  b ") == "\\u0020a \\u0020b\\u0020")
        #expect(AndroidStrings.escaped("it's \"q\" <b>&\\") == "it\\'s \\\"q\\\" &lt;b&gt;&amp;\\\\")
    }

    /// `format` as Foundation's `String(format:)` fills it: `%n$@` with text, `%n$d` with a count.
    static func apple(_ format: String, _ arguments: [String]) -> String {
        let values: [any CVarArg] = arguments.map { Int($0).map { $0 as any CVarArg } ?? ($0 as NSString) }
        return String(format: format, arguments: values)
    }
}

/// An Android `strings.xml` read as `aapt` reads it.
struct AndroidResources {
    var strings: [String: String] = [:]
    var plurals: [String: [String: String]] = [:]

    struct Invalid: Error { let reason: String }

    init(xml: String) throws {
        let reader = Reader()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reader
        guard parser.parse() else { throw Invalid(reason: "not well-formed XML: \(String(describing: parser.parserError))") }
        self.strings = reader.strings
        self.plurals = reader.plurals
    }

    /// Android's resource-string rules: backslash escapes, unescaped ASCII whitespace runs collapsed to
    /// one space and trimmed at the ends (a no-break space is text); an unescaped apostrophe or double quote is refused here (aapt2
    /// refuses the first and treats the second as quoting).
    static func unescape(_ raw: String) throws -> String {
        var output = ""
        var characters = raw.makeIterator()
        var pendingSpace = false
        while let character = characters.next() {
            if " \t\n\r".contains(character) {
                pendingSpace = true
                continue
            }
            if pendingSpace, !output.isEmpty { output.append(" ") }
            pendingSpace = false
            switch character {
            case "'", "\"": throw Invalid(reason: "unescaped \(character) in \(raw)")
            case "\\":
                guard let next = characters.next() else { throw Invalid(reason: "trailing backslash") }
                switch next {
                case "n": output.append("\n")
                case "t": output.append("\t")
                case "u":
                    let hex = String((0..<4).compactMap { _ in characters.next() })
                    guard let scalar = UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) else { throw Invalid(reason: "bad \\u\(hex)") }
                    output.append(Character(scalar))
                default: output.append(next)
                }
            default: output.append(character)
            }
        }
        return output
    }

    /// `format` as `Resources.getString(id, args…)` fills it: `%n$s`, `%n$d` and `%%`, nothing else.
    static func format(_ format: String, _ arguments: [String]) throws -> String {
        var output = ""
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            output += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            if after.first == "%" {
                output += "%"
                rest = after.dropFirst()
                continue
            }
            guard let dollar = after.firstIndex(of: "$"), let number = Int(after[..<dollar]),
                let kind = after[after.index(after: dollar)...].first, kind == "s" || kind == "d", number <= arguments.count
            else { throw Invalid(reason: "bad format specifier in \(format)") }
            output += arguments[number - 1]
            rest = after[after.index(dollar, offsetBy: 2)...]
        }
        return output + rest
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var strings: [String: String] = [:]
        var plurals: [String: [String: String]] = [:]
        private var name: String?
        private var quantity: String?
        private var text = ""

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            self.text = ""
            switch element {
            case "string", "plurals": self.name = attributes["name"]
            case "item": self.quantity = attributes["quantity"]
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            self.text += string
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            guard let name = self.name else { return }
            switch element {
            case "string": self.strings[name] = self.text
            case "item": self.plurals[name, default: [:]][self.quantity ?? ""] = self.text
            default: break
            }
        }
    }
}
