import Text

/// A gallery's name: its address (`content/galleries` answers `galleries/<name>`, commandr_fs keeps it
/// in `/var/galleries/<name>/`) and what Composr calls it — a Composr site's names, `root` first, come
/// over as they are, so they are Composr's: ASCII letters, digits, `_` and `-`, at most 80.
public enum GalleryName {
    /// The longest name, in ASCII characters.
    public static let maximum = 80

    /// Whether `name` is a gallery's name.
    public static func isValid(_ name: String) -> Bool {
        (1...Self.maximum).contains(name.utf8.count) && name.utf8.allSatisfy(Self.isNameByte)
    }

    /// A name made from a title, as Composr makes one (`_create_name_from_label`): its ASCII letters
    /// and digits in lower case, each run of anything else one `_`, trimmed to the maximum; nil when
    /// nothing is left.
    public static func made(from title: String) -> String? {
        var name: [UInt8] = []
        for byte in title.lowercased().utf8 {
            if byte.isASCIIAlphanumeric {
                name.append(byte)
            } else if let last = name.last, last != UInt8(ascii: "_") {
                name.append(UInt8(ascii: "_"))
            }
        }
        while name.last == UInt8(ascii: "_") { name.removeLast() }
        name = Array(name.prefix(Self.maximum))
        return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}
