/// What a hook answers: the `response_data` of the envelope, plus any headers it needs to set.
public struct HookResponse: Sendable, Equatable {
    /// The envelope's `response_data`; an object except where the reference documents an array.
    public var data: JSONValue
    /// Extra response headers, e.g. `Set-Cookie` lines.
    public var headers: [(name: String, value: String)]

    public init(data: JSONValue = .emptyObject, headers: [(name: String, value: String)] = []) {
        self.data = data
        self.headers = headers
    }

    public static func == (lhs: HookResponse, rhs: HookResponse) -> Bool {
        lhs.data == rhs.data && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }

    /// `{"message": text}`, the usual answer of an action.
    public static func message(_ text: String) -> HookResponse {
        HookResponse(data: ["message": .string(text)])
    }
}
