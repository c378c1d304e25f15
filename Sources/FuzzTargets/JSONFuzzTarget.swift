import EndpointCore

extension FuzzTarget {
    /// JSON text, as `data` carries it to `content/commandr_fs` and `misc/push_send`.
    ///
    /// Properties: a value parsed and serialized parses back to the same value.
    static let json = FuzzTarget(name: "json") { input in
        guard let value = JSONValue(parsing: input.lossyText) else { return nil }
        guard let again = JSONValue(parsing: value.serialized) else { return "its own serialization is not JSON: \(value.serialized)" }
        return again == value ? nil : "serializing and parsing again changed the value"
    }
}
