/// What a hook answers: the `response_data` of the envelope, plus any headers it needs to set.
public struct HookResponse: Sendable {
    /// The envelope's `response_data`; an object except where the reference documents an array.
    public var data: JSONValue
    /// Extra response headers, e.g. `Set-Cookie` lines.
    public var headers: [(name: String, value: String)]

    public init(data: JSONValue = .emptyObject, headers: [(name: String, value: String)] = []) {
        self.data = data
        self.headers = headers
    }
}
