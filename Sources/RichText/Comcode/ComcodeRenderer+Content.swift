extension ComcodeRenderer {
    /// A tag whose content is read as it stands.
    mutating func writeVerbatim(_ tag: ComcodeTag, content: String) {
        switch tag.name {
        case "code", "codebox":
            self.html.append(contentsOf: "<pre><code>".utf8)
            PlainText.escape(ArraySlice(content.utf8), into: &self.html)
            self.html.append(contentsOf: "</code></pre>".utf8)
        case "html":
            self.html.append(contentsOf: content.utf8)
        case "img":
            self.image(content, alt: tag.parameter.isEmpty ? tag.attributes["alt"] ?? "" : tag.parameter)
        case "attachment", "attachment_safe":
            let reference = content.allSatisfy(\.isNumber) && !content.isEmpty ? "media:" + content : content
            self.image(reference, alt: tag.parameter.isEmpty ? tag.attributes["description"] ?? "" : tag.parameter)
        case "media":
            if Self.looksLikeImage(content) {
                self.image(content, alt: tag.attributes["description"] ?? "")
            } else {
                self.anchor(href: content, caption: Self.escaped(Self.shortened(content)))
            }
        default:
            self.drop(tag.written + content + "[/\(tag.name)]")
        }
    }

    /// A link tag, once its content is known: `url` and `email` take whichever of the parameter and the
    /// content is the address (Composr switches them round when only the parameter looks like one);
    /// `page` names a Composr page link.
    mutating func writeLink(_ tag: ComcodeTag, content: String, caption rendered: [UInt8]) {
        switch tag.name {
        case "url":
            if !tag.parameter.isEmpty, Self.looksLikeURL(tag.parameter), !Self.looksLikeURL(content) {
                self.anchor(href: Self.withProtocol(tag.parameter), caption: rendered)
            } else {
                let caption = tag.parameter.isEmpty ? Self.escaped(Self.shortened(content)) : Self.escaped(tag.parameter)
                self.anchor(href: Self.withProtocol(content), caption: caption)
            }
        case "email":
            if !tag.parameter.isEmpty, Self.isEmailAddress(tag.parameter), !Self.isEmailAddress(content) {
                self.anchor(href: "mailto:" + tag.parameter, caption: rendered)
            } else {
                self.anchor(href: "mailto:" + content, caption: tag.parameter.isEmpty ? Self.escaped(content) : Self.escaped(tag.parameter))
            }
        default:
            self.anchor(href: self.context.pageLink(tag.parameter), caption: rendered)
        }
    }

    private mutating func anchor(href: String, caption: [UInt8]) {
        self.html.append(contentsOf: "<a href=\"".utf8)
        PlainText.escape(ArraySlice(href.utf8), into: &self.html)
        self.html.append(contentsOf: "\">".utf8)
        self.html.append(contentsOf: caption)
        self.html.append(contentsOf: "</a>".utf8)
    }

    private mutating func image(_ source: String, alt: String) {
        self.html.append(contentsOf: "<img src=\"".utf8)
        PlainText.escape(ArraySlice(source.utf8), into: &self.html)
        self.html.append(contentsOf: "\" alt=\"".utf8)
        PlainText.escape(ArraySlice(alt.utf8), into: &self.html)
        self.html.append(contentsOf: "\">".utf8)
    }

    static func escaped(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        PlainText.escape(ArraySlice(text.utf8), into: &output)
        return output
    }

    /// A long address as Composr shows it for a caption: its start and end around an ellipsis.
    static func shortened(_ url: String) -> String {
        let scalars = Array(url.unicodeScalars)
        guard scalars.count > 50 else { return url }
        return String(String.UnicodeScalarView(scalars.prefix(22))) + "…" + String(String.UnicodeScalarView(scalars.suffix(25)))
    }

    /// Composr's test of an address (`looks_like_url`): a scheme it knows, a page, or an anchor.
    static func looksLikeURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        guard !text.contains("<") else { return false }
        return ["http://", "https://", "ftp://", "sftp://", "mailto:", "tel:", "../", "#"].contains { lower.hasPrefix($0) }
            || text.contains(".php") || text.contains(".htm") || lower.hasPrefix("www.")
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
