public import Storage

/// How long device sessions live.
///
/// A session ends after `idleSeconds` without use and, however active, `maximumSeconds` after it was
/// created. Last use is written at most once per `touchIntervalSeconds`, so ordinary requests do not
/// each write to the database.
public struct SessionPolicy: Sendable {
    public var idleSeconds: Int
    public var maximumSeconds: Int
    public var touchIntervalSeconds: Int
    /// How long a recognised session, and its member's groups, are remembered in memory (0: read the
    /// database every time).
    public var cacheSeconds: Int

    /// The policy from the `session_idle_days`, `session_maximum_days` and `session_cache_seconds`
    /// config options.
    public init(options: ConfigOptions) {
        self.idleSeconds = options.integer(.sessionIdleDays) * 86_400
        self.maximumSeconds = options.integer(.sessionMaximumDays) * 86_400
        self.touchIntervalSeconds = 60
        self.cacheSeconds = options.integer(.sessionCacheSeconds)
    }

    /// The declared defaults, remembering nothing in memory (the command line, tests).
    public init() {
        self.init(options: ConfigOptions([:]))
        self.cacheSeconds = 0
    }
}
