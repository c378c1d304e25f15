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

    public init(idleSeconds: Int = 120 * 86_400, maximumSeconds: Int = 365 * 86_400, touchIntervalSeconds: Int = 60) {
        self.idleSeconds = idleSeconds
        self.maximumSeconds = maximumSeconds
        self.touchIntervalSeconds = touchIntervalSeconds
    }

    /// The policy from the `session_idle_days` and `session_maximum_days` config options.
    public init(options: ConfigOptions) {
        self.init(
            idleSeconds: max(1, options.integer("session_idle_days", default: 120)) * 86_400,
            maximumSeconds: max(1, options.integer("session_maximum_days", default: 365)) * 86_400
        )
    }
}
