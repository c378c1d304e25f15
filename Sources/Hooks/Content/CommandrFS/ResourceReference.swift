import EndpointCore
import Storage

/// How one resource points at another in `.cms` properties (reference §5.3):
/// `{"guid", "label", "subpath", "id"}` with the local ID as a string.
enum ResourceReference {
    static func json(_ identity: ResourceIdentity?, subpath: String = "") -> JSONValue {
        guard let identity else { return .null }
        return ["guid": .string(identity.guid), "label": .string(identity.label), "subpath": .string(subpath), "id": .string(String(identity.id))]
    }
}
