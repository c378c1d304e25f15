import SQLKit

/// Counts actions per ``RateLimit/Subject`` in fixed windows (table `rate_windows`: one row per action,
/// subject and window), for actions too frequent to log one row each, such as push registrations
/// that add a token (thousands a second at an app's launch). Reserving is one atomic upsert, so
/// concurrent requests on any number of instances can never together exceed a limit.
///
/// Fixed windows allow up to twice the limit across a window boundary; ``RateLimit`` (one event per
/// action, a sliding window) is for the rare actions where the exact wait matters.
public enum RateWindow {
    /// What a reservation got.
    public struct Grant: Sendable, Equatable {
        /// How many of the asked-for actions may go ahead (the first ones asked for).
        public let granted: Int
        /// Seconds until the window ends, for those refused.
        public let retryAfterSeconds: Int
    }

    /// Reserves `count` actions for `subject` in the window holding `now` (windows of `seconds`, at
    /// most `limit` actions each) on `connection`; whatever the limit leaves no room for is given back
    /// at once.
    public static func reserve(
        _ action: String, subject: RateLimit.Subject, count: Int, limit: Int, seconds: Int, now: Int, on connection: StoreConnection
    ) async throws -> Grant {
        let start = Self.windowStart(now, seconds: seconds)
        let used =
            try await connection.raw(
                """
                INSERT INTO rate_windows (action, subject, window_start, used)
                VALUES (\(bind: action), \(bind: subject.key), \(bind: start), \(bind: count))
                ON CONFLICT (action, subject, window_start) DO UPDATE SET used = rate_windows.used + excluded.used
                RETURNING used
                """
            ).first()?.decode(column: "used", as: Int.self) ?? count
        let granted = max(0, min(count, limit - (used - count)))
        if granted < count { try await self.giveBack(action, subject: subject, count: count - granted, windowStart: start, on: connection) }
        return Grant(granted: granted, retryAfterSeconds: max(1, start + seconds - now))
    }

    /// Returns `count` reserved actions of the window starting at `windowStart`.
    public static func giveBack(_ action: String, subject: RateLimit.Subject, count: Int, windowStart: Int, on connection: StoreConnection) async throws {
        guard count > 0 else { return }
        try await connection.raw(
            """
            UPDATE rate_windows SET used = used - \(bind: count)
            WHERE action = \(bind: action) AND subject = \(bind: subject.key) AND window_start = \(bind: windowStart)
            """
        ).run()
    }

    /// The start of the window of `seconds` holding `now`.
    public static func windowStart(_ now: Int, seconds: Int) -> Int {
        now - now % max(1, seconds)
    }
}
