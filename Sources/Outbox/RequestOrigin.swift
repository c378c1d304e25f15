/// The HTTP request the current task works for, so that what it queues (mail, push) remembers it and
/// the delivery, later and perhaps on another instance, logs the same request ID.
///
/// A task-local rather than a parameter: every flow that queues mail or push would otherwise pass an
/// ID it has no other use for through every layer.
public enum RequestOrigin {
    /// The request's ID (`X-Request-Id`); empty outside a request (commands, background work).
    @TaskLocal public static var requestID = ""
}
