import Foundation

/// Seconds since 1970, the unit every timestamp column uses (as Composr does).
public enum UnixTime {
    /// The system's current time in whole seconds: read only by ``SiteClock/system`` and the
    /// composition roots (commands run once, tests), never by a store or a rule.
    public static var now: Int { Int(Date().timeIntervalSince1970) }
}

/// The site's one clock: the time of day in whole Unix seconds (``now``, what stored times are compared
/// with) and a monotonic reading (``elapsed``, what intervals such as heartbeats are measured with).
/// The composition root (`Site`) holds one and hands it to every store, rule and worker that needs the
/// time, so a test on a manual clock moves every time at once instead of sleeping through it.
public struct SiteClock: Sendable {
    private let wall: @Sendable () -> Int
    private let monotonic: @Sendable () -> Duration

    /// A clock reading `wall` for the time of day and `monotonic` for intervals (never going back).
    public init(wall: @escaping @Sendable () -> Int, monotonic: @escaping @Sendable () -> Duration) {
        self.wall = wall
        self.monotonic = monotonic
    }

    /// A clock reading `wall` for the time of day, measuring intervals as the system does (a test's
    /// fixed or moved time of day).
    public init(_ wall: @escaping @Sendable () -> Int) {
        self.init(wall: wall, monotonic: { SiteClock.system.elapsed })
    }

    /// The current time in whole seconds since 1970.
    public var now: Int { self.wall() }

    /// The time since an arbitrary moment, never going back: intervals only.
    public var elapsed: Duration { self.monotonic() }

    /// The system's clock.
    public static let system = SiteClock(wall: { UnixTime.now }, monotonic: { ContinuousClock.now - Self.origin })

    private static let origin = ContinuousClock.now
}
