/// What a hook answers: the `response_data` of the envelope, plus any headers it needs to set.
public struct HookResponse: Sendable {
    /// The envelope's `response_data`; an object except where the reference documents an array.
    public var data: JSONValue
    /// Extra response headers, e.g. `Set-Cookie` lines.
    public var headers: [(name: String, value: String)]
    /// Whether the answer gets an `ETag` and honours `If-None-Match` (reads that clients cache).
    public var isCacheable: Bool

    public init(data: JSONValue = .emptyObject, headers: [(name: String, value: String)] = [], isCacheable: Bool = false) {
        self.data = data
        self.headers = headers
        self.isCacheable = isCacheable
    }
}
