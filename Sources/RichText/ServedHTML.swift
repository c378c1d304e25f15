/// Stored HTML as it is served: its addresses rewritten per answer (site-relative ones made absolute on
/// the public URL of the day, a media image's source turned into the version the device needs), so what
/// is stored never depends on where the site is reached or who reads it.
///
/// It reads only what ``HTMLAllowlist`` writes — every attribute `name="value"`, every value and text
/// escaped, so `"` and `<` never appear inside one — which makes finding an address a scan, not a parse.
public enum ServedHTML {
    /// Where an address stands.
    public enum Address: Sendable {
        /// A link's `href`.
        case link
        /// An image's `src`.
        case image
        /// One candidate of an image's `srcset` (its width descriptor is kept as it is).
        case imageCandidate
    }

    /// `html` with every address passed through `rewrite`. HTML without a site-relative address comes
    /// back as it is, unscanned (a text article's paragraphs, most bodies).
    public static func rewritingAddresses(of html: String, _ rewrite: (Address, String) -> String) -> String {
        guard Self.hasRelativeAddress(html) else { return html }
        let bytes = Array(html.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 256)
        var index = 0
        var inTag = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") { inTag = true }
            if byte == UInt8(ascii: ">") { inTag = false }
            guard inTag, byte == UInt8(ascii: " "), let (address, name) = Self.attribute(in: bytes, at: index + 1) else {
                output.append(byte)
                index += 1
                continue
            }
            let valueStart = index + 1 + name.count + 2
            guard let valueEnd = bytes[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else {
                output.append(contentsOf: bytes[index...])
                break
            }
            output.append(contentsOf: bytes[index..<valueStart])
            let value = Self.unescaped(bytes[valueStart..<valueEnd])
            let rewritten = address == .imageCandidate ? Self.rewritingCandidates(value, rewrite) : rewrite(address, value)
            PlainText.escape(ArraySlice(rewritten.utf8), into: &output)
            index = valueEnd
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The attributes holding addresses, as written (`href="`).
    private static let attributes: [(Address, [UInt8])] = [
        (.link, Array("href=\"".utf8)), (.image, Array("src=\"".utf8)), (.imageCandidate, Array("srcset=\"".utf8)),
    ]

    /// The address attribute starting at `index`, and its name with `="`.
    private static func attribute(in bytes: [UInt8], at index: Int) -> (Address, ArraySlice<UInt8>)? {
        for (address, marker) in Self.attributes where index + marker.count <= bytes.count {
            if bytes[index..<index + marker.count].elementsEqual(marker) { return (address, bytes[index..<index + marker.count - 2]) }
        }
        return nil
    }

    /// Whether `html` holds an attribute value starting with `/`.
    private static func hasRelativeAddress(_ html: String) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in html.utf8 {
            if previous == (UInt8(ascii: "="), UInt8(ascii: "\"")) && byte == UInt8(ascii: "/") { return true }
            previous = (previous.1, byte)
        }
        return false
    }

    /// `url 320w, url 640w` with each URL rewritten.
    private static func rewritingCandidates(_ srcset: String, _ rewrite: (Address, String) -> String) -> String {
        srcset.split(separator: ",").map { candidate in
            let parts = candidate.split(separator: " ", omittingEmptySubsequences: true)
            guard let url = parts.first else { return String(candidate) }
            return ([rewrite(.imageCandidate, String(url))] + parts.dropFirst().map(String.init)).joined(separator: " ")
        }.joined(separator: ", ")
    }

    /// A value as the allowlist escaped it, read back.
    static func unescaped(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard bytes.contains(UInt8(ascii: "&")) else { return text }
        return text.replacingEntity("&lt;", "<").replacingEntity("&gt;", ">").replacingEntity("&quot;", "\"").replacingEntity("&#39;", "'")
            .replacingEntity("&amp;", "&")
    }
}

extension String {
    /// The text with every `entity` replaced by `character` (no Foundation: this module has none).
    fileprivate func replacingEntity(_ entity: String, _ character: String) -> String {
        guard self.contains(entity) else { return self }
        return self.split(separator: entity, omittingEmptySubsequences: false).joined(separator: character)
    }
}
