/// An `Accept-Language` header (RFC 9110 §12.5.4) as the language tags it prefers, best first.
///
/// Quality values are honoured (`q=0` means "not this one"); equal qualities keep the header's order;
/// the wildcard and entries that do not parse are skipped, never an error.
enum AcceptLanguage {
    static func tags(_ header: String?) -> [String] {
        guard let header, header.utf8.count <= 4096 else { return [] }
        var ranked: [(tag: String, quality: Double, position: Int)] = []
        for (position, entry) in header.split(separator: ",").enumerated() {
            let fields = entry.split(separator: ";").map { String($0).trimmingSpaces }
            guard let tag = fields.first, !tag.isEmpty, tag != "*" else { continue }
            var quality = 1.0
            for parameter in fields.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                guard let value = Double(parameter.dropFirst(2)), (0...1).contains(value) else {
                    quality = -1
                    break
                }
                quality = value
            }
            if quality > 0 { ranked.append((tag, quality, position)) }
        }
        return ranked.sorted { $0.quality != $1.quality ? $0.quality > $1.quality : $0.position < $1.position }.map(\.tag)
    }
}
