import Foundation

/// Seconds since 1970, the unit every timestamp column uses (as Composr does).
public enum UnixTime {
    /// The current time in whole seconds.
    public static var now: Int { Int(Date().timeIntervalSince1970) }
}

/// Where "now" comes from: the system's clock, or one a test moves itself. The composition root
/// (`Site`) holds one and hands it to what compares times with stored ones, so a test of expiry or
/// of the news clock moves time instead of sleeping through it.
public struct UnixClock: Sendable {
    private let read: @Sendable () -> Int

    public init(_ read: @escaping @Sendable () -> Int) {
        self.read = read
    }

    /// The current time in whole seconds since 1970.
    public var now: Int { self.read() }

    /// The system's clock.
    public static let system = UnixClock { UnixTime.now }
}
