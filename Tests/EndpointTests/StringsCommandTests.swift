import Foundation
import TestSupport
import Testing

/// `endpoint strings export` as an app developer runs it: the files land where each platform expects
/// them, and a wrong language or format is a sentence, not a stack.
@Suite struct StringsCommandTests {
    @Test func exportsOneLanguageOrAllIntoTheOutputFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }

        let android = try Subprocess.run(
            EndpointProcess.executable, ["strings", "export", "--language", "fr-CA", "--format", "android", "--output", folder.path])
        #expect(android.status == 0, "\(android.errors)")
        let xml = try String(contentsOf: folder.appendingPathComponent("values-fr/strings.xml"), encoding: .utf8)
        #expect(xml.contains(#"<string name="MEMBER_INVALID_LOGIN">Identifiant ou mot de passe incorrect, veuillez réessayer.</string>"#))
        #expect(android.output == folder.appendingPathComponent("values-fr/strings.xml").path + "\n")

        let ios = try Subprocess.run(EndpointProcess.executable, ["strings", "export", "--format", "ios", "--output", folder.path])
        #expect(ios.status == 0, "\(ios.errors)")
        for tag in ["en", "de", "fr"] {
            let strings = try Data(contentsOf: folder.appendingPathComponent("\(tag).lproj/Localizable.strings"))
            #expect((try PropertyListSerialization.propertyList(from: strings, format: nil) as? [String: String])?.isEmpty == false)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(tag).lproj/Localizable.stringsdict").path))
        }

        let json = try Subprocess.run(EndpointProcess.executable, ["strings", "export", "--language", "DE", "--format", "json", "--output", folder.path])
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("de.json"))) as? [String: String]
        #expect(object?["YOU_ARE_BANNED"] == "Sie wurden gesperrt.")
    }

    @Test func unknownLanguagesAndFormatsAreRefusedWithASentence() throws {
        let language = try Subprocess.run(EndpointProcess.executable, ["strings", "export", "--language", "tlh", "--format", "json", "--output", "/tmp"])
        #expect(language.status != 0)
        #expect(language.errors.contains("Error: There is no language ‘tlh’ on this server; it has EN, DE, FR."), "\(language.errors)")
        let format = try Subprocess.run(EndpointProcess.executable, ["strings", "export", "--format", "xliff"])
        #expect(format.status != 0)
        #expect(format.errors.contains("The format must be ios, android or json, not ‘xliff’."), "\(format.errors)")
    }
}
