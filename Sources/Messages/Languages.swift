import Foundation

/// The languages this server speaks: one ``MessageCatalog`` per catalog file, and the rule that picks
/// one for a request.
public struct Languages: Sendable {
    /// Every catalog built into the binary (`Sources/Messages/Catalogs`).
    public static let bundled = Languages(
        files: EmbeddedData.files.keys.filter { $0.hasPrefix("Catalogs/") && $0.hasSuffix(".ini") }.sorted().map {
            (name: $0, text: EmbeddedData.text($0) ?? "")
        }
    )

    /// The catalogs, English first, then by code.
    public let catalogs: [MessageCatalog]
    /// What is wrong with the catalog files (see ``CatalogCheck``); empty when every file is complete.
    public let problems: [String]

    /// The languages described by `files` (name and contents of each catalog file); one of them must
    /// be English (`code=EN`), which stands in for whatever another file lacks.
    init(files: [(name: String, text: String)]) {
        var problems: [String] = []
        var parsed: [(name: String, file: CatalogFile)] = []
        for (name, text) in files {
            do { parsed.append((name, try CatalogFile(parsing: text))) } catch { problems.append("\(name): \(error)") }
        }
        guard let englishFile = parsed.first(where: { $0.file.settings["code"]?.uppercased() == "EN" }),
            let english = try? MessageCatalog(englishFile.file, fallback: nil)
        else { preconditionFailure("no readable English catalog among \(files.map(\.name))") }
        var catalogs = [english]
        for (name, file) in parsed {
            problems += CatalogCheck.problems(in: file, named: name, english: english)
            guard file.settings["code"]?.uppercased() != "EN" else { continue }
            do { catalogs.append(try MessageCatalog(file, fallback: english)) } catch { problems.append("\(name): \(error)") }
        }
        self.catalogs = [english] + catalogs.dropFirst().sorted { $0.languageCode < $1.languageCode }
        self.problems = problems
    }

    /// English, which every server has.
    public var english: MessageCatalog { self.catalogs[0] }

    /// The language codes, English first (`EN`, `DE`, `FR`).
    public var codes: [String] { self.catalogs.map(\.languageCode) }

    /// The catalog a language code or tag names: `FR`, `fr`, `fr-CA` and `fr_CA` all name French when
    /// there is no catalog for the region itself. Nil for anything this server does not speak.
    public func catalog(named name: String) -> MessageCatalog? {
        // Stored codes and the site default are exact codes: found without building any string.
        if let exact = self.catalogs.first(where: { $0.languageCode == name }) { return exact }
        let code = name.trimmingSpaces.replacingOccurrences(of: "-", with: "_").uppercased()
        guard !code.isEmpty, code.utf8.count <= 35 else { return nil }
        if let exact = self.catalogs.first(where: { $0.languageCode == code }) { return exact }
        let primary = code.prefix { $0 != "_" }
        return self.catalogs.first { $0.languageCode == primary }
    }

    /// The language of an answer, by Composr's precedence: the `keep_lang` (or `lang`) parameter, the
    /// logged-in member's stored language, the `Accept-Language` header, the site default, English.
    /// A value naming no language of this server falls through to the next rule.
    public func choose(parameter: String?, memberLanguage: String?, acceptLanguage: String?, siteDefault: String) -> MessageCatalog {
        if let parameter, let catalog = self.catalog(named: parameter) { return catalog }
        if let memberLanguage, let catalog = self.catalog(named: memberLanguage) { return catalog }
        if let acceptLanguage {
            for tag in AcceptLanguage.tags(acceptLanguage) {
                if let catalog = self.catalog(named: tag) { return catalog }
            }
        }
        return self.catalog(named: siteDefault) ?? self.english
    }
}
