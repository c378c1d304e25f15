public import Storage

/// When a failed delivery (mail, push) is tried again, and when it is given up.
///
/// Exponential backoff: the n-th retry waits `baseSeconds · 2^(n-1)`, never more than `maximumSeconds`;
/// after `maximumAttempts` attempts the message is marked failed (and stays in its outbox).
public struct RetryPolicy: Sendable, Equatable {
    public var baseSeconds: Int
    public var maximumSeconds: Int
    public var maximumAttempts: Int

    public init(baseSeconds: Int, maximumSeconds: Int, maximumAttempts: Int) {
        self.baseSeconds = max(1, baseSeconds)
        self.maximumSeconds = max(self.baseSeconds, maximumSeconds)
        self.maximumAttempts = max(1, maximumAttempts)
    }

    /// The policy of the mail outbox's options (`mail_retry_base_seconds`, `mail_retry_max_seconds`,
    /// `mail_max_attempts`).
    public static func mail(_ options: ConfigOptions) -> RetryPolicy {
        RetryPolicy(
            baseSeconds: options.integer(.mailRetryBaseSeconds), maximumSeconds: options.integer(.mailRetryMaxSeconds),
            maximumAttempts: options.integer(.mailMaxAttempts)
        )
    }

    /// The policy of the push outbox's options (`push_retry_base_seconds`, `push_retry_max_seconds`,
    /// `push_max_attempts`).
    public static func push(_ options: ConfigOptions) -> RetryPolicy {
        RetryPolicy(
            baseSeconds: options.integer(.pushRetryBaseSeconds), maximumSeconds: options.integer(.pushRetryMaxSeconds),
            maximumAttempts: options.integer(.pushMaxAttempts)
        )
    }

    /// Whether a message is given up (marked failed) after its `attempts`-th failed attempt.
    public func givesUp(afterAttempt attempts: Int, permanent: Bool) -> Bool {
        permanent || attempts >= self.maximumAttempts
    }

    /// Seconds to wait after the `attempts`-th failed attempt.
    public func delay(afterAttempt attempts: Int) -> Int {
        let doublings = min(max(attempts - 1, 0), 30)
        return min(self.maximumSeconds, self.baseSeconds << doublings)
    }
}
