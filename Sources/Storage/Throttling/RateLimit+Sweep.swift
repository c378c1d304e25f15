import SQLKit

extension RateLimit {
    /// The sweep of counted actions and fixed-window counts older than `seconds`: past the longest
    /// window any limit counts (an hour) with a margin.
    public static func sweep(olderThan seconds: Int = 24 * 3600) -> MaintenanceSweep.Step {
        MaintenanceSweep.Step(table: "rate_events") { now, connection in
            let events = try await MaintenanceSweep.Step.deleting(from: "rate_events") { "happened_at < \(bind: $0 - seconds)" }.run(now, connection)
            try await connection.raw("DELETE FROM rate_windows WHERE window_start < \(bind: now - seconds)").run()
            return events
        }
    }
}
