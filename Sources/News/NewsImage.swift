package import EndpointCore
import Media
import Text

/// An article's picture as apps get it: the original with its size, caption and credit, and the
/// resized variants an administrator declared (`thumb`, `square`, `poster`, `full`…).
///
/// Variants and galleries are stored as JSON text (`image_variants`, `gallery`); administrators'
/// input is checked here before it is stored (``storedVariants(_:)``, ``storedGallery(_:)``), so what
/// is read back always has this shape.
package struct NewsImage: Equatable {
    struct Variant: Equatable {
        var name: String
        var url: String
        var width: Int?
        var height: Int?
    }

    var url: String
    var width: Int?
    var height: Int?
    var caption: String
    var credit: String
    var variants: [Variant]

    /// The URL a device of `device` class should load: the widest variant that fits its screen, or the
    /// original when none does.
    func url(for device: DeviceClass) -> String {
        self.variants.filter { ($0.width ?? .max) <= device.screenWidth }.max { ($0.width ?? 0) < ($1.width ?? 0) }?.url ?? self.url
    }

    func json(for device: DeviceClass) -> JSONValue {
        [
            "url": .string(self.url(for: device)),
            "width": self.width.map(JSONValue.int) ?? .null,
            "height": self.height.map(JSONValue.int) ?? .null,
            "caption": .string(self.caption),
            "credit": .string(self.credit),
            "variants": .array(
                self.variants.map { variant in
                    [
                        "name": .string(variant.name), "url": .string(variant.url),
                        "width": variant.width.map(JSONValue.int) ?? .null, "height": variant.height.map(JSONValue.int) ?? .null,
                    ]
                }),
        ]
    }

    // MARK: Stored form

    /// Variants from their stored JSON object (name → `{url, width, height}`), by name.
    static func variants(stored text: String) -> [Variant] {
        guard case .object(let pairs)? = JSONValue(parsing: text) else { return [] }
        return pairs.compactMap { pair in Self.variant(pair.key, pair.value) }.sorted { $0.name < $1.name }
    }

    /// Gallery images from their stored JSON array.
    static func gallery(stored text: String) -> [NewsImage] {
        guard case .array(let values)? = JSONValue(parsing: text) else { return [] }
        return values.compactMap(Self.image)
    }

    /// An administrator's `image_variants` value checked and written as it is stored; nil when it is
    /// not an object of name → `{url, width, height}` with URLs and positive sizes.
    package static func storedVariants(_ value: JSONValue) -> String? {
        guard case .object(let pairs) = value, pairs.count <= 20,
            pairs.allSatisfy({ Self.isName($0.key) && Self.variant($0.key, $0.value) != nil })
        else { return nil }
        return value.serialized
    }

    /// An administrator's `gallery` value checked and written as it is stored; nil when it is not an
    /// array of at most 100 images, each with a URL.
    package static func storedGallery(_ value: JSONValue) -> String? {
        guard case .array(let values) = value, values.count <= 100, values.allSatisfy({ Self.image($0) != nil }) else { return nil }
        return value.serialized
    }

    private static func image(_ value: JSONValue) -> NewsImage? {
        guard case .object = value, case .string(let url)? = value["url"], Self.isURL(url),
            let width = Self.size(value["width"]), let height = Self.size(value["height"])
        else { return nil }
        var variants: [Variant] = []
        if let declared = value["variants"] {
            guard case .object(let pairs) = declared else { return nil }
            for pair in pairs {
                guard Self.isName(pair.key), let variant = Self.variant(pair.key, pair.value) else { return nil }
                variants.append(variant)
            }
        }
        return NewsImage(
            url: url, width: width, height: height, caption: Self.text(value["caption"]) ?? "", credit: Self.text(value["credit"]) ?? "",
            variants: variants.sorted { $0.name < $1.name }
        )
    }

    private static func variant(_ name: String, _ value: JSONValue) -> Variant? {
        guard case .string(let url)? = value["url"], Self.isURL(url), let width = Self.size(value["width"]),
            let height = Self.size(value["height"])
        else { return nil }
        return Variant(name: name, url: url, width: width, height: height)
    }

    /// A size: absent or null (unknown), or a whole number of pixels 1…100,000. The outer optional is
    /// nil for anything else.
    private static func size(_ value: JSONValue?) -> Int?? {
        switch value {
        case nil, .null?: return .some(nil)
        case .int(let pixels)? where (1...100_000).contains(pixels): return .some(pixels)
        default: return nil
        }
    }

    private static func text(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value, TextLength.fits(text, atMost: 1000) { return text }
        return nil
    }

    private static func isName(_ name: String) -> Bool {
        TextLength.fits(name, in: 1...32) && name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// An absolute http(s) URL or a site-relative path, without spaces or control characters.
    package static func isURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        guard !text.isEmpty, text.utf8.count <= 2000, lower.hasPrefix("http://") || lower.hasPrefix("https://") || text.hasPrefix("/") else {
            return false
        }
        return text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F }
    }
}
