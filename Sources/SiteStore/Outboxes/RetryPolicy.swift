/// When a failed delivery (mail, push) is tried again, and when it is given up.
///
/// Exponential backoff: the n-th retry waits `baseSeconds · 2^(n-1)`, never more than `maximumSeconds`;
/// after `maximumAttempts` attempts the message is marked failed (and stays in its outbox).
public struct RetryPolicy: Sendable, Equatable {
    public var baseSeconds: Int
    public var maximumSeconds: Int
    public var maximumAttempts: Int

    public init(baseSeconds: Int = 30, maximumSeconds: Int = 3600, maximumAttempts: Int = 15) {
        self.baseSeconds = max(1, baseSeconds)
        self.maximumSeconds = max(self.baseSeconds, maximumSeconds)
        self.maximumAttempts = max(1, maximumAttempts)
    }

    /// The policy set by the `<prefix>_retry_base_seconds`, `<prefix>_retry_max_seconds` and
    /// `<prefix>_max_attempts` config options (`mail`, `push`).
    public init(options: ConfigOptions, prefix: String) {
        let defaults = RetryPolicy()
        self.init(
            baseSeconds: options.integer("\(prefix)_retry_base_seconds", default: defaults.baseSeconds),
            maximumSeconds: options.integer("\(prefix)_retry_max_seconds", default: defaults.maximumSeconds),
            maximumAttempts: options.integer("\(prefix)_max_attempts", default: defaults.maximumAttempts)
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
