extension ComcodeRenderer {
    /// A tag whose content is read as it stands.
    mutating func writeVerbatim(_ tag: ComcodeTag, content: String) {
        switch tag.name {
        case "code", "codebox":
            self.output.open("pre")
            self.output.open("code")
            self.output.text(content.utf8)
            self.output.close()
            self.output.close()
        case "html":
            self.output.html(content.utf8)
        case "img":
            self.image(content, alt: tag.parameter.isEmpty ? tag.attributes["alt"] ?? "" : tag.parameter)
        case "attachment", "attachment_safe":
            let reference = content.allSatisfy(\.isNumber) && !content.isEmpty ? "media:" + content : content
            self.image(reference, alt: tag.parameter.isEmpty ? tag.attributes["description"] ?? "" : tag.parameter)
        case "media":
            if Self.looksLikeImage(content) {
                self.image(content, alt: tag.attributes["description"] ?? "")
            } else {
                self.anchor(href: content, caption: .text(Self.shortened(content)))
            }
        default:
            self.drop(tag.written + content + "[/\(tag.name)]")
        }
    }

    /// A link tag, once its content is known: `url` and `email` take whichever of the parameter and the
    /// content is the address (Composr switches them round when only the parameter looks like one);
    /// `page` names a Composr page link.
    mutating func writeLink(_ tag: ComcodeTag, content: String, caption rendered: Caption) {
        switch tag.name {
        case "url":
            if !tag.parameter.isEmpty, Self.looksLikeURL(tag.parameter), !Self.looksLikeURL(content) {
                self.anchor(href: Self.withProtocol(tag.parameter), caption: rendered)
            } else {
                self.anchor(href: Self.withProtocol(content), caption: .text(tag.parameter.isEmpty ? Self.shortened(content) : tag.parameter))
            }
        case "email":
            if !tag.parameter.isEmpty, Self.isEmailAddress(tag.parameter), !Self.isEmailAddress(content) {
                self.anchor(href: "mailto:" + tag.parameter, caption: rendered)
            } else {
                self.anchor(href: "mailto:" + content, caption: .text(tag.parameter.isEmpty ? content : tag.parameter))
            }
        default:
            self.anchor(href: self.context.pageLink(tag.parameter), caption: rendered)
        }
    }

    /// What a link shows: its content as rendered, or a text.
    enum Caption {
        case rendered([ComcodeOutput.Piece])
        case text(String)
    }

    private mutating func anchor(href: String, caption: Caption) {
        self.output.open("a", [("href", href)])
        switch caption {
        case .rendered(let pieces): self.output.append(contentsOf: pieces)
        case .text(let text): self.output.text(text.utf8)
        }
        self.output.close()
    }

    private mutating func image(_ source: String, alt: String) {
        self.output.void("img", [("src", source), ("alt", alt)])
    }

    /// A long address as Composr shows it for a caption: its start and end around an ellipsis.
    static func shortened(_ url: String) -> String {
        let scalars = Array(url.unicodeScalars)
        guard scalars.count > 50 else { return url }
        return String(String.UnicodeScalarView(scalars.prefix(22))) + "…" + String(String.UnicodeScalarView(scalars.suffix(25)))
    }

    /// Composr's test of an address (`looks_like_url`): a scheme it knows, a page, or an anchor.
    static func looksLikeURL(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.contains(UInt8(ascii: "<")) else { return false }
        let lower = text.lowercased()
        return ["http://", "https://", "ftp://", "sftp://", "mailto:", "tel:", "../", "#"].contains { lower.hasPrefix($0) }
            || Self.holds(bytes, ".php") || Self.holds(bytes, ".htm") || lower.hasPrefix("www.")
    }

    /// Whether `bytes` hold `part`'s (a look for a few bytes, without a string search's machinery).
    private static func holds(_ bytes: [UInt8], _ part: StaticString) -> Bool {
        let part = UnsafeBufferPointer(start: part.utf8Start, count: part.utf8CodeUnitCount)
        guard bytes.count >= part.count else { return false }
        return (0...(bytes.count - part.count)).contains { start in bytes[start..<(start + part.count)].elementsEqual(part) }
    }

    /// `www.example.com` with the `http://` Composr adds to an address without a scheme.
    static func withProtocol(_ url: String) -> String {
        url.lowercased().hasPrefix("www.") ? "http://" + url : url
    }

    static func isEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(" ") && !text.contains("<")
    }

    static func looksLikeImage(_ url: String) -> Bool {
        let path = url.lowercased().split(separator: "?").first.map(String.init) ?? ""
        return [".jpg", ".jpeg", ".png", ".gif", ".webp"].contains { path.hasSuffix($0) } || url.hasPrefix("media:")
    }
}
