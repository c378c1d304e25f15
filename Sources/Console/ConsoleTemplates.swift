import Mustache
import RichText

/// The console's HTML templates (`Templates/`, built into the binary), parsed once.
enum ConsoleTemplates {
    enum Name: String, CaseIterable {
        case layout, signIn = "sign-in", dashboard, articles, article, deleteArticle = "delete-article", preview, members, member, groups, messages, message,
            push, app, settings, media, newMember = "new-member", confirm, secondFactor = "second-factor", reader, tags,
            galleries, gallery, difference
    }

    /// A template that does not parse is a build defect every console test catches. Each escapes what
    /// it shows as ``EscapedHTML`` does.
    private static let parsed: [Name: MustacheTemplate] = {
        MustacheContentTypes.register(EscapedHTML(), named: EscapedHTML.name)
        return Dictionary(
            uniqueKeysWithValues: Name.allCases.map { name in
                let text = EmbeddedData.text("Templates/\(name.rawValue).mustache") ?? ""
                return (name, try! MustacheTemplate(string: "{{% CONTENT_TYPE: \(EscapedHTML.name)}}" + text))
            }
        )
    }()

    static func render(_ name: Name, _ context: [String: Any]) -> String {
        Self.parsed[name]?.render(context) ?? ""
    }
}

/// HTML escaping of the characters Mustache's own escapes (`&`, `<`, `>`, `"`, `'`), over UTF-8 bytes:
/// Mustache's walks characters and looks each up in a dictionary, which made escaping an editor's
/// 1 MB body three quarters of the time its page took.
private struct EscapedHTML: MustacheContentType {
    static let name = "ESCAPED_HTML"

    func escapeText(_ text: String) -> String {
        PlainText.escaped(text)
    }
}
