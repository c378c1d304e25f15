/// An error that has an envelope answer.
///
/// The business modules know nothing of the wire; each of their error types is given its answer once,
/// by a conformance in `Hooks/Errors`, and the dispatcher renders whatever conforms. Hooks therefore
/// just let such errors propagate instead of converting them at every call.
public protocol EndpointErrorConvertible: Error {
    /// The answer to send.
    var endpointError: EndpointError { get }
}

extension EndpointError: EndpointErrorConvertible {
    public var endpointError: EndpointError { self }
}
