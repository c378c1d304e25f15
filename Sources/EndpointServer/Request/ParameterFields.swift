package import EndpointCore
package import Messages

/// Turns decoded name/value pairs into a lookup table, refusing a name that occurs twice.
///
/// PHP silently keeps the last of duplicate fields; a client that sends `username` twice has a bug
/// (or is probing for one), so it is told instead of having one of its values picked.
package enum ParameterFields {
    package static func table(_ pairs: [(name: String, value: String)]) throws(Refusal) -> [String: String] {
        var table: [String: String] = [:]
        for pair in pairs {
            guard table.updateValue(pair.value, forKey: pair.name) == nil else {
                throw .malformed(.duplicateParameter, pair.name)
            }
        }
        return table
    }
}
