public import SiteStore

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

    public init(
        idleSeconds: Int = 120 * 86_400,
        maximumSeconds: Int = 365 * 86_400,
        touchIntervalSeconds: Int = 60,
        cacheSeconds: Int = 0
    ) {
        self.idleSeconds = idleSeconds
        self.maximumSeconds = maximumSeconds
        self.touchIntervalSeconds = touchIntervalSeconds
        self.cacheSeconds = cacheSeconds
    }

    /// The policy from the `session_idle_days`, `session_maximum_days` and `session_cache_seconds`
    /// config options.
    public init(options: ConfigOptions) {
        self.init(
            idleSeconds: max(1, options.integer("session_idle_days", default: 120)) * 86_400,
            maximumSeconds: max(1, options.integer("session_maximum_days", default: 365)) * 86_400,
            cacheSeconds: max(0, options.integer("session_cache_seconds", default: 5))
        )
    }
}
