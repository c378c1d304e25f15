public import SiteStore

/// When a failed delivery is tried again, and when it is given up.
///
/// Exponential backoff: the n-th retry waits `baseSeconds · 2^(n-1)`, never more than `maximumSeconds`;
/// after `maximumAttempts` attempts the message is marked failed (and stays in the outbox).
public struct MailRetryPolicy: Sendable, Equatable {
    public var baseSeconds: Int
    public var maximumSeconds: Int
    public var maximumAttempts: Int

    public init(baseSeconds: Int = 30, maximumSeconds: Int = 3600, maximumAttempts: Int = 15) {
        self.baseSeconds = max(1, baseSeconds)
        self.maximumSeconds = max(self.baseSeconds, maximumSeconds)
        self.maximumAttempts = max(1, maximumAttempts)
    }

    /// Seconds to wait after the `attempts`-th failed attempt.
    public func delay(afterAttempt attempts: Int) -> Int {
        let doublings = min(max(attempts - 1, 0), 30)
        return min(self.maximumSeconds, self.baseSeconds << doublings)
    }
}

extension MailRetryPolicy {
    /// The policy set by the `mail_retry_base_seconds`, `mail_retry_max_seconds` and `mail_max_attempts`
    /// config options.
    public init(options: ConfigOptions) {
        let defaults = MailRetryPolicy()
        self.init(
            baseSeconds: options.integer("mail_retry_base_seconds", default: defaults.baseSeconds),
            maximumSeconds: options.integer("mail_retry_max_seconds", default: defaults.maximumSeconds),
            maximumAttempts: options.integer("mail_max_attempts", default: defaults.maximumAttempts)
        )
    }
}
