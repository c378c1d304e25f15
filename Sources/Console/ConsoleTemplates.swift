import Mustache

/// The console's HTML templates (`Templates/`, built into the binary), parsed once.
enum ConsoleTemplates {
    enum Name: String, CaseIterable {
        case layout, signIn = "sign-in", dashboard, articles, article, deleteArticle = "delete-article", preview, members, member, groups, messages, message,
            push, app, settings, media, newMember = "new-member", confirm, secondFactor = "second-factor", reader
    }

    /// A template that does not parse is a build defect every console test catches.
    private static let parsed: [Name: MustacheTemplate] = Dictionary(
        uniqueKeysWithValues: Name.allCases.map { ($0, try! MustacheTemplate(string: EmbeddedData.text("Templates/\($0.rawValue).mustache") ?? "")) }
    )

    static func render(_ name: Name, _ context: [String: Any]) -> String {
        Self.parsed[name]?.render(context) ?? ""
    }
}
