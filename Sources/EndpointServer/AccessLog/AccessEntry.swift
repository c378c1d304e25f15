import Foundation

/// One answered request as the access log reports it: what ``AccessRecorder`` copies on the request's
/// path (no formatting there), for the access log's own thread to write.
struct AccessEntry: Sendable {
    /// When the answer was ready: seconds since 1970 and the milliseconds past them.
    var seconds: Int
    var milliseconds: Int
    var requestID: String
    var method: String
    /// The path only: never the query string, body, headers or cookies, which carry passwords,
    /// device tokens and e-mailed codes.
    var path: String
    var status: Int
    var microseconds: Int
    var clientIP: String
    /// For `/data/endpoint.php`: the hook, the type (one of Composr's, or `other`) and the caller.
    var hook: String?
    var type: String?
    var memberID: Int?

    /// The wall clock now, as an entry keeps it (`clock_gettime`, no `Date`).
    static func now() -> (seconds: Int, milliseconds: Int) {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return (time.tv_sec, time.tv_nsec / 1_000_000)
    }
}
