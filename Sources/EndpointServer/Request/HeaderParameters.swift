import Foundation

/// A header value with parameters — a part's `Content-Disposition` (`form-data; name="token";
/// filename="a.txt"`) or a `Content-Type` with its `boundary`: the value before the first `;`, then
/// `name=value` parameters whose values are tokens or quoted strings (`\` escapes the next
/// character). Names are lower-cased; the first of a repeated name wins; malformed parameters are
/// skipped.
struct HeaderParameters {
    let value: String
    let parameters: [String: String]

    init(_ header: String) {
        var fields = Self.fields(of: header)
        self.value = fields.isEmpty ? "" : fields.removeFirst().trimmingCharacters(in: .whitespaces)
        var parameters: [String: String] = [:]
        for field in fields {
            guard let equals = field.firstIndex(of: "=") else { continue }
            let name = field[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            guard !name.isEmpty, parameters[name] == nil else { continue }
            parameters[name] = Self.unquoted(field[field.index(after: equals)...].trimmingCharacters(in: .whitespaces))
        }
        self.parameters = parameters
    }

    /// `header` split at the `;` that are outside quoted strings.
    private static func fields(of header: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in header {
            if escaped {
                escaped = false
            } else if quoted, character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == ";", !quoted {
                fields.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        fields.append(current)
        return fields
    }

    /// A quoted string's content with its escapes resolved; a token as it is.
    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
        var output = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if !escaped, character == "\\" {
                escaped = true
                continue
            }
            escaped = false
            output.append(character)
        }
        return output
    }
}
