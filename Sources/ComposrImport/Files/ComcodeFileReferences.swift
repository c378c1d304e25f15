import Foundation

/// The files a Comcode text names by the old site's addresses — an image (`[img]uploads/…[/img]`) or
/// an attachment (`[attachment]ID[/attachment]`, `[attachment_safe]…`) — renamed to what names them
/// here; everything else of the text is kept as written.
enum ComcodeFileReferences {
    enum Kind: Equatable {
        case image, attachment
    }

    static let tags: [String: Kind] = ["img": .image, "attachment": .attachment, "attachment_safe": .attachment]

    /// `text` with each reference's content replaced by what `rename` answers (nil: kept).
    static func renaming(_ text: String, _ rename: (Kind, String) async throws -> String?) async rethrows -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "[") {
            result += rest[..<open]
            let afterBracket = rest[rest.index(after: open)...]
            let name = afterBracket.prefix { $0.isLetter || $0 == "_" }
            guard let kind = Self.tags[name.lowercased()], let next = afterBracket.dropFirst(name.count).first, next == "]" || next == "=" || next == " ",
                let headerEnd = afterBracket.firstIndex(of: "]"),
                let close = afterBracket[headerEnd...].range(of: "[/\(name)]", options: .caseInsensitive)
            else {
                result += "["
                rest = afterBracket
                continue
            }
            let content = afterBracket[afterBracket.index(after: headerEnd)..<close.lowerBound]
            result += rest[open...headerEnd]
            result += try await rename(kind, String(content)) ?? String(content)
            result += afterBracket[close]
            rest = afterBracket[close.upperBound...]
        }
        return result + rest
    }
}
