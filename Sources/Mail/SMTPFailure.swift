/// Why a message could not be handed to the SMTP server.
///
/// `permanent` failures (a 5xx reply, a refused configuration) are not retried; everything else (4xx
/// replies, connection problems, timeouts) is.
public struct SMTPFailure: Error, Sendable, CustomStringConvertible {
    public let permanent: Bool
    public let description: String

    public init(permanent: Bool, _ description: String) {
        self.permanent = permanent
        self.description = description
    }
}
