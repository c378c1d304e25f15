import Auth
import Foundation

extension FuzzTarget {
    /// A timezone name (join's `timezone`, a member's or the site's timezone).
    ///
    /// Properties: an accepted name is at most 64 characters of letters, digits, `/`, `_`, `+`, `-`,
    /// and Foundation knows it.
    static let timezone = FuzzTarget(name: "timezone") { input in
        let name = input.lossyText
        guard TimezoneName.isKnown(name) else { return nil }
        guard name.utf8.count <= TimezoneName.maximumLength,
            name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/_+-".unicodeScalars.contains($0)) })
        else { return "accepted \(name.debugDescription)" }
        return TimeZone(identifier: name) == nil ? "accepted a name Foundation does not know" : nil
    }
}
