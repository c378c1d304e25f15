public import Messages

/// Why an account flow (confirming, resetting, a rate limit) refused: the sentence to show, and how
/// long to wait when the refusal is a rate limit. Hooks turn it into an envelope, pages into an HTML
/// message.
public struct AccountFailure: Error, Sendable, Equatable {
    public let message: MessageID
    public let arguments: [String]
    /// Seconds before trying again makes sense, for rate limits.
    public let retryAfterSeconds: Int?

    public init(_ message: MessageID, _ arguments: [String] = [], retryAfterSeconds: Int? = nil) {
        self.message = message
        self.arguments = arguments
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// A rate-limit refusal saying how many minutes to wait.
    public static func limited(_ message: MessageID, seconds: Int) -> AccountFailure {
        AccountFailure(message, [String(max(1, (seconds + 59) / 60))], retryAfterSeconds: seconds)
    }
}
