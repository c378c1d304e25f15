import Metrics
import NIOConcurrencyHelpers

/// `endpoint_requests_total{hook, type, status}` (status class: `2xx`…`5xx`) and
/// `endpoint_request_duration_seconds{hook}`, recorded for every request.
///
/// Labels come only from bounded sets, whatever a client sends: `hook` is a registered hook
/// (`account/login`), `page` for the other paths, or `unknown` for a refused hook name; `type` is one
/// Composr uses or `other` (``AccessNote`` bounds it). The metric handles are made once per label set
/// and kept.
final class RequestMetrics: Sendable {
    private struct Handles {
        let requests: Counter
        let duration: Metrics.Timer
    }

    private let handles = NIOLockedValueBox<[String: Handles]>([:])

    func record(hook: String?, type: String?, status: Int, duration: Duration, isEndpoint: Bool) {
        let hookLabel = hook ?? (isEndpoint ? "unknown" : "page")
        let typeLabel = type ?? ""
        let statusLabel = "\(min(max(status / 100, 1), 5))xx"
        let key = "\(hookLabel) \(typeLabel) \(statusLabel)"
        let handles = self.handles.withLockedValue { kept in
            if let found = kept[key] { return found }
            let made = Handles(
                requests: Counter(label: "endpoint_requests_total", dimensions: [("hook", hookLabel), ("type", typeLabel), ("status", statusLabel)]),
                duration: Metrics.Timer(label: "endpoint_request_duration_seconds", dimensions: [("hook", hookLabel)])
            )
            kept[key] = made
            return made
        }
        handles.requests.increment()
        handles.duration.record(duration: duration)
    }
}
