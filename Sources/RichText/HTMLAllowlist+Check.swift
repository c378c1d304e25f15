extension HTMLAllowlist {
    /// What in `html` breaks the rules of what the allowlist writes, or nil when nothing does. Read
    /// without an HTML parser (a check that shares no code with the writer's): only allowed elements,
    /// each closed in order (voids never); only their allowed attributes, written `name="value"`, links
    /// and image sources of an allowed scheme, sizes as digits, `rel` only `noopener`; no `<`, `>`,
    /// `"` or `'` in text or values but as one of the five references the writer uses.
    public static func violation(in html: String) -> String? {
        let bytes = Array(html.utf8)
        var open: [String] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "<"):
                guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { return "a tag never ended" }
                let tag = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                if tag.hasPrefix("/") {
                    let name = String(tag.dropFirst())
                    guard open.last == name else { return "</\(name)> closes \(open.last ?? "nothing")" }
                    open.removeLast()
                } else {
                    let name = String(tag.prefix { $0 != " " })
                    guard Self.allowed.contains(name) else { return "<\(name)> is not allowed" }
                    if let problem = Self.attributeViolation(in: tag.dropFirst(name.count), of: name) { return problem }
                    if !Self.void.contains(name) { open.append(name) }
                }
                index = end + 1
            case UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                return "a bare \(Character(Unicode.Scalar(bytes[index]))) in text"
            case UInt8(ascii: "&"):
                guard let length = Self.referenceLength(bytes, at: index) else { return "an & that is none of the writer's references" }
                index += length
            default:
                index += 1
            }
        }
        return open.isEmpty ? nil : "never closed: \(open)"
    }

    /// The attributes each element may have.
    private static let attributesAllowed: [String: Set<String>] = [
        "a": ["href", "title", "rel"], "img": ["src", "alt", "width", "height", "srcset"],
    ]

    private static func attributeViolation(in text: Substring, of element: String) -> String? {
        var rest = text
        while !rest.isEmpty {
            guard rest.hasPrefix(" "), let equals = rest.firstIndex(of: "=") else { return "attributes of <\(element)> not written name=\"value\"" }
            let name = String(rest[rest.index(after: rest.startIndex)..<equals])
            let afterEquals = rest[rest.index(after: equals)...]
            guard afterEquals.hasPrefix("\""), let close = afterEquals.dropFirst().firstIndex(of: "\"") else {
                return "the value of \(name) is not quoted"
            }
            let raw = afterEquals[afterEquals.index(after: afterEquals.startIndex)..<close]
            guard Self.attributesAllowed[element]?.contains(name) ?? false else { return "\(name) is not allowed on <\(element)>" }
            guard Self.violation(in: String(raw)) == nil, !raw.contains("<") else { return "the value of \(name) holds markup" }
            let value = ServedHTML.unescaped(Array(raw.utf8)[...])
            if let problem = Self.valueViolation(value, of: name) { return problem }
            rest = afterEquals[afterEquals.index(after: close)...]
        }
        return nil
    }

    private static func valueViolation(_ value: String, of attribute: String) -> String? {
        func isAddress(_ url: Substring, schemes: Set<String>) -> Bool {
            if url.hasPrefix("/") { return !url.hasPrefix("//") && !url.contains("\\") }
            return schemes.contains(Self.scheme(of: String(url))) && !url.contains("\\")
        }
        switch attribute {
        case "href":
            return isAddress(value[...], schemes: ["http", "https", "mailto"]) ? nil : "a link to \(value)"
        case "src":
            return isAddress(value[...], schemes: ["http", "https"]) ? nil : "an image from \(value)"
        case "srcset":
            let candidates = value.split(separator: ",").map { $0.split(separator: " ") }
            let valid = candidates.allSatisfy { parts in
                parts.count == 2 && isAddress(parts[0], schemes: ["http", "https"]) && parts[1].hasSuffix("w")
                    && parts[1].dropLast().allSatisfy(\.isASCII) && Int(parts[1].dropLast()) != nil
            }
            return valid ? nil : "a srcset of \(value)"
        case "width", "height":
            return (1...6).contains(value.utf8.count) && value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) ? nil : "a size of \(value)"
        case "rel":
            return value == "noopener" ? nil : "rel=\(value)"
        default:
            return nil
        }
    }

    /// The length of the character reference at `index` when it is one the writer writes.
    private static func referenceLength(_ bytes: [UInt8], at index: Int) -> Int? {
        for reference in ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"] {
            let utf8 = Array(reference.utf8)
            if index + utf8.count <= bytes.count, bytes[index..<index + utf8.count].elementsEqual(utf8) { return utf8.count }
        }
        return nil
    }
}
