public import Messages
import Text

/// The request's parameters with Composr's reading rules (reference §1.5, §2.4).
///
/// "POST" parameters are form fields of the body (urlencoded or multipart); "either" parameters may
/// also come from the query string, which wins when both are present. Reading a required parameter that
/// is absent throws the same error, with the same status, as Composr.
public struct RequestParameters: Sendable {
    /// Form fields from the body.
    public let post: [String: String]
    /// Fields from the query string.
    public let query: [String: String]

    /// The names the hook reading these declared (``Hook/parameterNames``); nil lets anything be read.
    private var declared: Set<String>?

    public init(post: [String: String], query: [String: String]) {
        self.post = post
        self.query = query
    }

    /// These parameters for a hook that declared `names`: reading any other name is a mistake that
    /// debug builds stop at. Release builds neither check nor evaluate `names` (a hook's set is built
    /// when asked for, and this runs for every request).
    public func declaring(_ names: @autoclosure () -> Set<String>) -> RequestParameters {
        var parameters = self
        // An assertion's condition runs only where assertions are checked (-Onone builds).
        assert(
            {
                parameters.declared = names()
                return true
            }())
        return parameters
    }

    /// A POST field, or nil when absent.
    public func optionalPost(_ name: String) -> String? {
        self.assertDeclared(name)
        return self.post[name]
    }

    /// A POST field that must be present.
    public func requiredPost(_ name: String) throws(EndpointError) -> String {
        guard let value = self.optionalPost(name) else { throw self.missingPost(name) }
        return value
    }

    /// A query-string or POST field (query wins), or nil when absent from both.
    public func optionalEither(_ name: String) -> String? {
        self.assertDeclared(name)
        return self.query[name] ?? self.post[name]
    }

    /// A query-string or POST field that must be present.
    public func requiredEither(_ name: String) throws(EndpointError) -> String {
        guard let value = self.optionalEither(name) else {
            throw .badRequest(.noParameterSent, name)
        }
        return value
    }

    /// An integer query-string or POST field, or nil when absent or empty.
    ///
    /// Like Composr, trailing non-digits are dropped before parsing (`12abc` is 12); anything else that
    /// is not a whole number in the 32-bit range is refused with `NOT_INTEGER`.
    public func optionalInteger(_ name: String) throws(EndpointError) -> Int? {
        guard let raw = self.optionalEither(name)?.trimmingWhitespace, !raw.isEmpty else { return nil }
        var digits = Substring(raw)
        while let last = digits.last, !last.isASCIIDigit { digits = digits.dropLast() }
        guard let value = Int(digits), value >= Int(Int32.min), value <= Int(Int32.max) else {
            throw .badRequest(.notInteger)
        }
        return value
    }

    /// A whole number in `range` (a list's `limit`, `offset`), `fallback` when absent or empty;
    /// anything else — signs, other characters, more than ten digits — refused as malformed, naming
    /// the range.
    public func number(_ name: String, in range: ClosedRange<Int>, default fallback: Int) throws(Refusal) -> Int {
        guard let text = self.optionalEither(name)?.trimmingWhitespace, !text.isEmpty else { return fallback }
        guard text.utf8.count <= 10, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let value = Int(text), range.contains(value)
        else { throw .malformed(.numberOutOfRange, name, String(range.lowerBound), String(range.upperBound)) }
        return value
    }

    /// An integer query-string or POST field that must be present; absence is reported as for a POST
    /// field, as Composr does.
    public func requiredInteger(_ name: String) throws(EndpointError) -> Int {
        guard let value = try self.optionalInteger(name) else { throw self.missingPost(name) }
        return value
    }

    private func assertDeclared(_ name: String) {
        assert(self.declared?.contains(name) ?? true, "the hook reads the parameter \"\(name)\" without declaring it in parameterNames")
    }

    private func missingPost(_ name: String) -> EndpointError {
        self.post.isEmpty ? .badRequest(.shouldHaveBeenPosted, name) : .badRequest(.improperlyFilledIn)
    }
}

extension Character {
    var isASCIIDigit: Bool { self >= "0" && self <= "9" }
}
