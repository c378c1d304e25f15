import Foundation
import Routes

/// Reads a `Cookie` request header into name → value.
///
/// Tolerant of what real clients and attackers send: pairs without `=`, names that are not tokens
/// (RFC 6265 §4.1.1: a form feed before a name was kept, found by fuzzing) and undecodable values are
/// skipped, the first of duplicate names wins (browsers send the most specific first), and values are
/// percent-decoded as PHP does.
package enum CookieHeader {
    package static func parse(_ header: String?) -> [String: String] {
        guard let header else { return [:] }
        var cookies: [String: String] = [:]
        for pair in header.split(separator: ";") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
            var value = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            guard HTTPToken.isToken(name.utf8), cookies[name] == nil,
                let decoded = try? FormURLEncoding.decodeComponent(value.utf8, plusIsSpace: false)
            else { continue }
            cookies[name] = decoded
        }
        return cookies
    }
}
