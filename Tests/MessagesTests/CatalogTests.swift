import Foundation
import Testing

@testable import Messages

/// The catalogs are complete and their templates well-formed, so no user-facing sentence can be missing
/// or broken at run time, in any language.
@Suite struct CatalogTests {
    @Test func everyBundledCatalogIsCompleteWithTheSameSlotsAsEnglish() throws {
        #expect(Languages.bundled.problems == [])
        #expect(Languages.bundled.codes.first == "EN", "English first: the fallback")
        #expect(Set(Languages.bundled.codes) == Set(try Self.catalogFilesInTheRepository()), "every file in Catalogs/ is a language")
    }

    /// The language codes of `Sources/Messages/Catalogs/*.ini`, read from the repository, not the bundle.
    static func catalogFilesInTheRepository() throws -> [String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/Messages/Catalogs").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ini") }
        return files.map { String($0.dropLast(4)) }
    }

    @Test func everyMessageHasWordingInEveryLanguage() {
        for catalog in Languages.bundled.catalogs {
            for id in MessageID.allCases {
                #expect(catalog.template(for: id).contains { !$0.isWhitespace }, "\(catalog.languageCode) \(id.rawValue)")
            }
        }
    }

    /// A translation is a translation: apart from the few messages worded alike in every language
    /// (names, templates of substitution tags), no French or German message is the English one left in
    /// place.
    @Test func translationsAreNotEnglishLeftInPlace() {
        let english = Languages.bundled.english
        for catalog in Languages.bundled.catalogs where catalog.languageCode != "EN" {
            let untranslated = MessageID.allCases.filter {
                !$0.isDatePattern && !$0.isSameInEveryLanguage && catalog.template(for: $0) == english.template(for: $0)
            }
            #expect(untranslated.isEmpty, "\(catalog.languageCode): \(untranslated.map(\.rawValue))")
        }
    }

    @Test func idsAreUniqueComposrStyleKeys() {
        let raw = MessageID.allCases.map(\.rawValue)
        #expect(Set(raw).count == raw.count)
        for key in raw {
            #expect(key.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "_" }, "\(key)")
        }
    }

    /// The check the bundled catalogs pass does catch each kind of mistake.
    @Test func aCatalogWithMistakesIsReported() {
        let english = Languages.bundled.english
        let file = try! CatalogFile(
            parsing: """
                [language]
                code=XX
                [strings]
                NOT_A_MESSAGE=x
                ENDPOINT_LOGIN_THROTTLED=Wait {2} {2|minute|minutes}
                ENDPOINT_SERVER_BUSY=Busy
                ENDPOINT_SERVER_BUSY=Busy again
                """)
        let problems = CatalogCheck.problems(in: file, named: "XX.ini", english: english)
        #expect(problems.contains("XX.ini: NOT_A_MESSAGE is not a message ID"))
        #expect(problems.contains("XX.ini: ENDPOINT_SERVER_BUSY is given twice"))
        #expect(problems.contains { $0.hasPrefix("XX.ini: ENDPOINT_LOGIN_THROTTLED uses slots {2} choices {2}, English {1} choices {1}") })
        #expect(problems.contains("XX.ini: MEMBER_INVALID_LOGIN is missing"))
    }

    @Test func malformedLinesAreRefusedWithTheirLineNumber() {
        #expect(throws: CatalogFile.Malformed.self) { try CatalogFile(parsing: "[strings]\nno equals sign") }
        var line: Int?
        do {
            _ = try CatalogFile(parsing: "[language]\ncode=XX\n\n[strings\n")
        } catch {
            line = error.line
        }
        #expect(line == 4)
    }

    /// Adding a language is adding one file: nothing else names the languages.
    @Test func aNewFileIsANewLanguageWithEnglishStandingInForWhatItLacks() throws {
        let bundled = EmbeddedData.files.keys.filter { $0.hasPrefix("Catalogs/") }.map { (name: $0, text: EmbeddedData.text($0)!) }
        let italian = (name: "Catalogs/IT.ini", text: "[language]\ncode=IT\nname=Italiano\nlocale=it_IT\n[strings]\nYOU_ARE_BANNED=Sei stato bannato.\n")
        let languages = Languages(files: bundled + [italian])
        let catalog = try #require(languages.catalog(named: "it-IT"))
        #expect(catalog.text(.youAreBanned) == "Sei stato bannato.")
        #expect(catalog.text(.notLoggedIn) == "You are not logged in.")
        #expect(languages.choose(parameter: nil, memberLanguage: nil, acceptLanguage: "it", siteDefault: "EN").languageCode == "IT")
        #expect(languages.problems.contains("Catalogs/IT.ini: MEMBER_INVALID_LOGIN is missing"))
    }

    @Test func aMessageMayEndWithASpaceAsInComposr() throws {
        #expect(MessageCatalog.english.template(for: .waitingConfirmMail).hasSuffix("account. "))
        #expect(try #require(Languages.bundled.catalog(named: "fr")).template(for: .waitingConfirmMail).hasSuffix(" "))
    }

    @Suite struct TemplateRendering {
        @Test func slotsAreFilledInOrder() {
            #expect(MessageTemplate("{2} then {1}").render(["a", "b"]) == "b then a")
        }

        @Test func pluralFormsFollowTheNumber() {
            let template = MessageTemplate("{1} {1|minute|minutes}")
            #expect(template.render(["1"]) == "1 minute")
            #expect(template.render(["5"]) == "5 minutes")
            #expect(template.render(["0"]) == "0 minutes")
            #expect(template.render(["0"], singular: [0, 1]) == "0 minute", "French counts 0 as singular")
            #expect(template.render(["1,000"]) == "1,000 minutes")
        }

        @Test func unfilledAndUnknownSlotsStayLiteral() {
            #expect(MessageTemplate("a {1} {x} {2|b}").render(["z"]) == "a z {x} {2|b}")
            #expect(MessageTemplate("open { only").render([]) == "open { only")
            #expect(MessageTemplate("{01} {0}").render(["z"]) == "{01} {0}")
        }

        @Test func catalogsRenderThroughTheirTemplates() throws {
            #expect(MessageCatalog.english.text(.loginThrottled, "1") == "Too many failed login attempts. Please wait 1 minute before trying again.")
            let french = try #require(Languages.bundled.catalog(named: "FR"))
            #expect(french.text(.loginThrottled, "0") == "Trop de tentatives de connexion ont échoué. Veuillez patienter 0 minute avant de réessayer.")
            #expect(french.text(.loginThrottled, "2").contains("2 minutes"))
            let german = try #require(Languages.bundled.catalog(named: "DE"))
            #expect(german.text(.pushQueued, "1") == "Die Benachrichtigung wurde für 1 Gerät in die Warteschlange gestellt.")
        }

        @Test func numbersAreGroupedAsTheLanguageWritesThem() throws {
            #expect(MessageCatalog.english.number(1_048_576) == "1,048,576")
            #expect(try #require(Languages.bundled.catalog(named: "DE")).number(1_048_576) == "1.048.576")
            let french = try #require(Languages.bundled.catalog(named: "FR")).number(1_048_576)
            #expect(french.filter(\.isNumber) == "1048576" && french.count == 9 && !french.contains(","))
        }
    }
}
