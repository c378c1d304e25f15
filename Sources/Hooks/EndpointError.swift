public import Accounts
public import Messages

/// A failure to report to the caller: an HTTP status and a catalog sentence.
///
/// Hooks and the dispatcher throw these; one place (the envelope) renders them, so every failure looks
/// the same on the wire. Business failures use HTTP 200 because the iOS SDK discards the body of any
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

    /// The password-hashing queue is full: try again in a second.
    public static let serverBusy = EndpointError(status: 200, message: .serverBusy, headers: ["Retry-After": "1"])

    /// A malformed request: HTTP 400.
    public static func badRequest(_ message: MessageID, _ arguments: String...) -> EndpointError {
        EndpointError(status: 400, message: message, arguments: arguments)
    }
}

extension EndpointError {
    /// An account flow's refusal as an envelope error (HTTP 200, with `Retry-After` for rate limits).
    public init(_ failure: AccountFailure) {
        self.init(
            status: 200, message: failure.message, arguments: failure.arguments,
            headers: failure.retryAfterSeconds.map { ["Retry-After": String($0)] } ?? [:]
        )
    }
}
