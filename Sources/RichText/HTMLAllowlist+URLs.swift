extension HTMLAllowlist {
    /// A link's address when it is `http`, `https`, `mailto` or site-relative, however spelt, and
    /// whether it leads to another site; nil for anything else (`javascript:`, `data:`,
    /// protocol-relative `//host`, a backslash a browser would read as a slash). An address on the
    /// site's public URL is kept site-relative, so it stays right when that URL changes.
    public func link(_ raw: String) -> (url: String, external: Bool)? {
        guard let url = Self.cleaned(raw).map(self.relative) else { return nil }
        if url.hasPrefix("/") { return (url, false) }
        switch Self.scheme(of: url) {
        case "http", "https": return (url, true)
        case "mailto": return (url, false)
        default: return nil
        }
    }

    /// An image's source when it is `http`, `https` or site-relative (kept so when it is on the site's
    /// public URL); nil for anything else.
    public func imageSource(_ raw: String) -> String? {
        guard let url = Self.cleaned(raw).map(self.relative) else { return nil }
        if url.hasPrefix("/") { return url }
        return Self.scheme(of: url) == "http" || Self.scheme(of: url) == "https" ? url : nil
    }

    /// `url` without the site's public URL in front (`/` for the site itself).
    private func relative(_ url: String) -> String {
        guard !self.publicURL.isEmpty, url.hasPrefix(self.publicURL) else { return url }
        let rest = url.dropFirst(self.publicURL.count)
        switch rest.first {
        case nil: return "/"
        // `PUBLIC_URL//evil.example/…` is a path of this site, not `//evil.example/…`, which a browser
        // reads as another site's address: kept whole.
        case "/": return rest.hasPrefix("//") ? url : String(rest)
        case "?", "#": return "/" + rest
        default: return url
        }
    }

    /// `raw` as a browser reads an address (tabs and line breaks removed anywhere, control characters
    /// and spaces at its ends); nil when it is empty, protocol-relative or holds a backslash.
    static func cleaned(_ raw: String) -> String? {
        // Most addresses have nothing to remove: they are checked without being rebuilt.
        if let first = raw.utf8.first, let last = raw.utf8.last, first > 0x20, last > 0x20,
            !raw.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        {
            return raw.utf8.starts(with: "//".utf8) || raw.utf8.contains(UInt8(ascii: "\\")) ? nil : raw
        }
        var scalars = String.UnicodeScalarView(raw.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        let url = String(scalars)
        guard !url.isEmpty, !url.hasPrefix("//"), !url.contains("\\") else { return nil }
        return url
    }

    /// The scheme of `url`, lower case: what comes before the first `:` when nothing that ends a
    /// scheme comes first; "" when it has none.
    static func scheme(of url: String) -> String {
        var scheme = ""
        for scalar in url.unicodeScalars {
            if scalar == ":" { return scheme.lowercased() }
            guard
                scalar.properties.isASCIIHexDigit || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "+"
                    || scalar == "-" || scalar == "."
            else { return "" }
            scheme.unicodeScalars.append(scalar)
        }
        return ""
    }
}
