import Foundation

/// Seconds since 1970, the unit every timestamp column uses (as Composr does).
public enum UnixTime {
    /// The current time in whole seconds.
    public static var now: Int { Int(Date().timeIntervalSince1970) }
}
