import Foundation
import Routes

/// The Composr page-links a Comcode text's `[page="…"]` tags name, so the import can say which lead to
/// pages this server does not have (rendered, they open the news index).
enum ComcodePageLinks {
    /// The page-links of `text`'s `[page]` tags, in order, as written (`site:join`, `:contact`).
    static func named(in text: String) -> [String] {
        var links: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "[page=", options: .caseInsensitive) {
            rest = rest[open.upperBound...]
            let quoted = rest.first == "\"" || rest.first == "'"
            let parameter = quoted ? rest.dropFirst().prefix { $0 != rest.first && $0 != "]" } : rest.prefix { $0 != "]" && $0 != " " }
            links.append(String(parameter))
            rest = rest[parameter.endIndex...]
        }
        return links
    }

    /// The page-links of `text` that name a page this server does not have (``ComposrPageLink/route``
    /// is nil), each once.
    static func missing(in text: String) -> [String] {
        var seen: Set<String> = []
        return Self.named(in: text).filter { ComposrPageLink($0).route == nil && seen.insert($0).inserted }
    }
}
