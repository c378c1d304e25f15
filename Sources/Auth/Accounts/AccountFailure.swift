public import Messages

/// Why an account flow (joining, logging in, confirming, resetting, a rate limit) refused: the sentence
/// to show, and how long to wait when the refusal is a rate limit or a busy server. Every flow in this
/// module reports its refusals as this one type; hooks turn it into an envelope, pages into an HTML
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

    /// A broken account rule, with the rule's sentence.
    public init(_ violation: AccountRules.Violation) {
        self.init(violation.message, violation.arguments)
    }

    /// A rate-limit refusal saying how many minutes to wait.
    public static func limited(_ message: MessageID, seconds: Int) -> AccountFailure {
        AccountFailure(message, [String(max(1, (seconds + 59) / 60))], retryAfterSeconds: seconds)
    }

    /// The password-hashing pool has as much work waiting as it may: try again in a second.
    public static let serverBusy = AccountFailure(.serverBusy, retryAfterSeconds: 1)
}

extension PasswordHasher {
    /// Runs a hashing call, reporting a full pool as ``AccountFailure/serverBusy``.
    static func admitting<Result>(_ work: () async throws -> Result) async throws -> Result {
        do {
            return try await work()
        } catch is PasswordHasher.Busy {
            throw AccountFailure.serverBusy
        }
    }
}

extension AccountFailure: RefusalConvertible {
    /// A refused account step; a rate limit — and a full password-hashing pool, which admits no more
    /// checks for a second — says when to try again (on Composr's API a phone reads the sentence:
    /// HTTP 200 with `Retry-After`).
    public var refusal: Refusal {
        Refusal(self.retryAfterSeconds == nil ? .invalid : .limited, self.message, self.arguments, retryAfterSeconds: self.retryAfterSeconds)
    }
}
