public import Messages

/// A failure to report to the caller: an HTTP status and a catalog sentence.
///
/// Hooks, the console and the dispatcher throw these; features throw a `Refusal`, which the face's
/// ``RefusalStatuses`` turn into one. One place (the envelope) renders them, so every failure looks
/// the same on the wire. Composr's refusals use HTTP 200 because the iOS SDK discards the body of any
/// non-2xx answer (reference §2.5); only malformed requests get 4xx.
public struct EndpointError: Error, Sendable, Equatable {
    /// HTTP status code.
    public var status: Int
    /// The sentence to show.
    public var message: MessageID
    /// Values for the sentence's slots.
    public var arguments: [String]
    /// Extra response headers (e.g. `Retry-After`).
    public var headers: [String: String]

    public init(status: Int, message: MessageID, arguments: [String] = [], headers: [String: String] = [:]) {
        self.status = status
        self.message = message
        self.arguments = arguments
        self.headers = headers
    }

    /// A refusal on business grounds (wrong password, validation failure): HTTP 200, `success: false`.
    public static func refused(_ message: MessageID, _ arguments: String...) -> EndpointError {
        EndpointError(status: 200, message: message, arguments: arguments)
    }

    /// A malformed request: HTTP 400.
    public static func badRequest(_ message: MessageID, _ arguments: String...) -> EndpointError {
        EndpointError(status: 400, message: message, arguments: arguments)
    }
}
