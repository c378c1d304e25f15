public import Foundation

/// A timezone name as members and options give it (`Europe/Paris`, `UTC`, `GMT+5`), checked once for
/// every place that accepts one (join, member and option edits).
///
/// Foundation alone is not enough: on Linux it accepts a known name followed by a NUL byte and
/// anything after it (`Europe/Paris\0…`), which would then be stored and echoed. Names are therefore
/// limited to the characters tz database names use before Foundation is asked.
public enum TimezoneName {
    /// The longest name accepted (the longest tz database name is 32 characters).
    public static let maximumLength = 64

    /// The timezone `name` names, or nil when it is not a timezone name.
    public static func timeZone(named name: String) -> TimeZone? {
        guard (1...Self.maximumLength).contains(name.utf8.count), name.utf8.allSatisfy(Self.isNameByte) else { return nil }
        return TimeZone(identifier: name)
    }

    /// Whether `name` names a timezone.
    public static func isKnown(_ name: String) -> Bool {
        Self.timeZone(named: name) != nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "/"), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}
